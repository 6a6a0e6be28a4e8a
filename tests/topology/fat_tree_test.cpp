// Plain fat-trees against hand-computed closed forms: k-ary 3-level trees, leaf-spine with an
// oversubscribed leaf, one switch, trimmed trees, ECMP spread and routes.
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "core/error.hpp"
#include "tests/topology/topology_test_util.hpp"
#include "topology/topology.hpp"

namespace wt::topo {
namespace {

using namespace testing;

// k-ary 3-level fat-tree: k³/4 NICs, 5k²/4 switches, 3·k³/4 cables (NIC, leaf–agg, agg–core),
// bisection k³/8 links, diameter 6.
void expect_full_k_ary(int k, int nodes, int gpus_nics) {
  SCOPED_TRACE("k = " + std::to_string(k));
  ASSERT_EQ(nodes * gpus_nics, k * k * k / 4);
  const auto t = build_topology(fat_tree(nodes, gpus_nics, gpus_nics, 3, k, 1.0, false), kGpu_Bps);
  EXPECT_EQ(t->name(), "fat-tree");
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.nics, k * k * k / 4);
  EXPECT_EQ(m.switches, 5 * k * k / 4);
  EXPECT_EQ(m.cables, 3 * k * k * k / 4);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, static_cast<double>(k * k * k) / 8.0 * kLink_Bps);
  EXPECT_EQ(m.diameter_links, 6);
  EXPECT_DOUBLE_EQ(m.oversubscription, 1.0);
}

TEST(FatTree, KAryThreeLevelClosedForms) {
  expect_full_k_ary(4, 4, 4);     // 16 NICs, 20 switches, 48 cables
  expect_full_k_ary(8, 16, 8);    // 128 NICs, 80 switches, 384 cables
  expect_full_k_ary(16, 64, 16);  // 1024 NICs, 320 switches, 3072 cables
}

TEST(FatTree, KAryCapacityIsKCubedOverFour) {
  // k = 8 hosts 128 NICs: 16 nodes of 8 build, 17 are refused like check_network refuses them.
  EXPECT_NO_THROW(build_topology(fat_tree(16, 8, 8, 3, 8, 1.0, false), kGpu_Bps));
  try {
    build_topology(fat_tree(17, 8, 8, 3, 8, 1.0, false), kGpu_Bps);
    FAIL() << "17 × 8 NICs on a k = 8 fat-tree";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "cluster.network.fat_tree");
    EXPECT_NE(e.allowed().find("128"), std::string::npos) << e.allowed();
  }
}

TEST(FatTree, LeafSpineWithOversubscribedLeaf) {
  // k = 8, r = 3: d = round(8·3/4) = 6 ports down, 2 up; 8 leaves host 48 NICs. Each leaf's 2
  // up-links go to 2 spines. Bisection: 4 leaves × 2 up-links = 8 links (= 24 NIC links / 3).
  const auto t = build_topology(fat_tree(6, 8, 8, 2, 8, 3.0, false), kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 8 + 2);
  EXPECT_EQ(m.cables, 48 + 8 * 2);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 8 * kLink_Bps);
  EXPECT_DOUBLE_EQ(m.oversubscription, 3.0);
  EXPECT_EQ(m.diameter_links, 4);
  EXPECT_EQ(worst_network_links(*t, 2), 4);
}

TEST(FatTree, LeafSpineFullIsKLeavesAndHalfKSpines) {
  // k = 8, r = 1: 8 leaves of 4 NICs, 4 spines with one cable to each leaf: 3k/2 switches.
  const auto t = build_topology(fat_tree(8, 4, 4, 2, 8, 1.0, false), kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 12);
  EXPECT_EQ(m.cables, 32 + 32);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 16 * kLink_Bps);
}

TEST(FatTree, OneSwitch) {
  const auto t = build_topology(fat_tree(2, 8, 8, 1, 16, 1.0, false), kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 1);
  EXPECT_EQ(m.cables, 16);
  EXPECT_EQ(m.diameter_links, 2);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 8 * kLink_Bps);
  EXPECT_DOUBLE_EQ(m.oversubscription, 1.0);
  EXPECT_EQ(worst_network_links(*t, 1), 2);
}

TEST(FatTree, PartialThreeLevelTreeIsTrimmed) {
  // k = 8, r = 1 (d = u = 4), 24 NICs: 6 leaves, pods of k/2 = 4 leaves → 2 pods. Each pod has 4
  // aggregation switches (4 leaves × 4 up-links over k/2 = 4 down-ports each); each agg has 4
  // up-links, and 2 pods × 4 fit one core of 8 ports per plane: 4 cores, bundles of 4 cables.
  const auto t = build_topology(fat_tree(3, 8, 8, 3, 8, 1.0, false), kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 6 + 2 * 4 + 4);
  EXPECT_EQ(m.cables, 24 + 6 * 4 + 2 * 4 * 4);
  EXPECT_EQ(m.diameter_links, 6);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 12 * kLink_Bps);
  EXPECT_EQ(worst_network_links(*t, 2), 6);
}

TEST(FatTree, PartialLeafSpineBundlesCablesToFewerSpines) {
  // k = 8, r = 1, 8 NICs: 2 leaves of 4 up-links each; one 8-port spine takes both bundles.
  const auto t = build_topology(fat_tree(2, 4, 4, 2, 8, 1.0, false), kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 3);
  EXPECT_EQ(m.cables, 8 + 8);
  EXPECT_EQ(m.diameter_links, 4);
}

TEST(FatTree, ClusterUnderOneLeafHasNoUpperLevels) {
  // 16 NICs fit one leaf of a radix-64 tree: no spine, aggregation or core switch is built.
  const TopologyMetrics m =
      build_topology(fat_tree(2, 8, 8, 3, 64, 1.0, false), kGpu_Bps)->metrics();
  EXPECT_EQ(m.switches, 1);
  EXPECT_EQ(m.cables, 16);
  EXPECT_EQ(m.diameter_links, 2);
}

TEST(FatTree, EcmpSpreadsDistinctFlowsEvenlyOverTheSpines) {
  // k = 8 leaf-spine, 8 leaves, 4 spines: 4,000 flows between two leaves, ~1,000 per spine.
  const auto t = build_topology(fat_tree(8, 4, 4, 2, 8, 1.0, false), kGpu_Bps);
  std::map<int32_t, int> per_spine;
  for (uint64_t h = 0; h < 4000; ++h) {
    const auto r = route_of(*t, 0, 4, h);  // node 0 (leaf 0) → node 1 (leaf 1)
    ASSERT_EQ(r.size(), 6U);               // GPU→NIC, NIC→leaf, leaf→spine, spine→leaf, …
    per_spine[t->links()[static_cast<size_t>(r[2])].to]++;
    EXPECT_EQ(r, route_of(*t, 0, 4, h)) << "deterministic";
  }
  ASSERT_EQ(per_spine.size(), 4U);
  for (const auto& [spine, flows] : per_spine) {
    EXPECT_NEAR(flows, 1000, 100) << t->vertices()[static_cast<size_t>(spine)].name;
  }
}

TEST(FatTree, UpLinksSpreadRoundRobinWhenSwitchesDoNotDivideThem) {
  // k = 32 at 2:1: d = round(64/3) = 21, u = 11; 128 NICs on 7 leaves. 7·⌈11/α⌉ ≤ 32 spine ports
  // needs α = 3 spines, taking up-links {0,3,6,9}, {1,4,7,10}, {2,5,8} of every leaf. ECMP over
  // the 11 up-links loads the spines 4:4:3.
  const auto t = build_topology(fat_tree(16, 8, 8, 2, 32, 2.0, false), kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 7 + 3);
  EXPECT_EQ(m.cables, 128 + 7 * 11);
  EXPECT_DOUBLE_EQ(m.oversubscription, 21.0 / 11.0);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 64 * kLink_Bps * 11.0 / 21.0);
  std::map<int32_t, int> per_spine;
  for (uint64_t h = 0; h < 11000; ++h) {
    const auto r = route_of(*t, 0, 127, h);  // leaf 0 → leaf 6
    ASSERT_EQ(chain_problem(*t, 0, 127, r), "");
    per_spine[t->links()[static_cast<size_t>(r[2])].to]++;
  }
  ASSERT_EQ(per_spine.size(), 3U);
  std::vector<int> flows;
  flows.reserve(per_spine.size());
  for (const auto& [spine, n] : per_spine) {
    flows.push_back(n);
  }
  EXPECT_NEAR(flows[0], 4000, 200);
  EXPECT_NEAR(flows[1], 4000, 200);
  EXPECT_NEAR(flows[2], 3000, 200);
}

TEST(FatTree, EcmpSpreadsDistinctFlowsEvenlyOverTheCores) {
  // k = 4 full tree: 4 cores; flows between pods spread ~evenly (2,000 flows, ~500 each).
  const auto t = build_topology(fat_tree(4, 4, 4, 3, 4, 1.0, false), kGpu_Bps);
  std::map<int32_t, int> per_core;
  for (uint64_t h = 0; h < 2000; ++h) {
    const auto r = route_of(*t, 0, 15, h);  // pod 0 → pod 3
    ASSERT_EQ(r.size(), 8U);
    per_core[t->links()[static_cast<size_t>(r[3])].to]++;
  }
  ASSERT_EQ(per_core.size(), 4U);
  for (const auto& [core, flows] : per_core) {
    EXPECT_NEAR(flows, 500, 75);
  }
}

TEST(FatTree, RoutesAreChainsAndIntraNodeRoutesStayInside) {
  const auto t = build_topology(fat_tree(4, 4, 4, 3, 4, 1.0, false), kGpu_Bps);
  EXPECT_EQ(worst_network_links(*t, 3), 6);
  for (int a = 0; a < 4; ++a) {
    for (int b = 0; b < 4; ++b) {
      const auto r = route_of(*t, 4 + a, 4 + b, 9);  // inside node 1
      EXPECT_EQ(chain_problem(*t, 4 + a, 4 + b, r), "");
      EXPECT_EQ(network_links(*t, r), 0);
    }
  }
}

TEST(FatTree, RoutesClimbOnlyToTheLowestCommonLevel) {
  // k = 4, 16 one-NIC nodes: node n on leaf n/2, pod n/4.
  const auto t = build_topology(fat_tree(16, 1, 1, 3, 4, 1.0, false), kGpu_Bps);
  EXPECT_EQ(network_links(*t, route_of(*t, 0, 1, 0)), 2);  // one leaf
  EXPECT_EQ(network_links(*t, route_of(*t, 0, 2, 0)), 4);  // one pod
  EXPECT_EQ(network_links(*t, route_of(*t, 0, 4, 0)), 6);  // two pods
  EXPECT_EQ(worst_network_links(*t, 2), 6);
}

}  // namespace
}  // namespace wt::topo
