// Rail-optimized fat-trees: NIC i of every node on rail i's leaves (and pods), rails meeting at
// the spines or cores; same-rail flows of different rails never share a link.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "tests/topology/topology_test_util.hpp"
#include "topology/topology.hpp"

namespace wt::topo {
namespace {

using namespace testing;

const std::string& vertex_name(const Topology& t, int32_t v) {
  return t.vertices()[static_cast<size_t>(v)].name;
}

// Network links used by flows from GPU `rail` to GPU `rail` of every other node (all GPUs use
// the NIC of their index: gpus == nics), over a few flow hashes.
std::set<int32_t> same_rail_links(const Topology& t, int rail) {
  std::set<int32_t> used;
  const int g = t.gpus_per_node();
  for (int a = 0; a < t.num_nodes(); ++a) {
    for (int b = 0; b < t.num_nodes(); ++b) {
      if (a == b) continue;
      for (uint64_t h = 0; h < 4; ++h) {
        const auto r = route_of(t, a * g + rail, b * g + rail, h);
        EXPECT_EQ(chain_problem(t, a * g + rail, b * g + rail, r), "");
        for (int32_t id : r) {
          if (t.links()[static_cast<size_t>(id)].level != LinkLevel::intra_node) used.insert(id);
        }
      }
    }
  }
  return used;
}

// Every network link of rail r's flows touches one of rail r's switches.
void expect_rails_disjoint(const Topology& t) {
  std::vector<std::set<int32_t>> rails;
  for (int r = 0; r < t.gpus_per_node(); ++r) {
    rails.push_back(same_rail_links(t, r));
    const std::string prefix = "rail" + std::to_string(r) + ".";
    for (int32_t id : rails.back()) {
      const Link& l = t.links()[static_cast<size_t>(id)];
      const bool own = vertex_name(t, l.from).rfind(prefix, 0) == 0 ||
                       vertex_name(t, l.to).rfind(prefix, 0) == 0;
      EXPECT_TRUE(own) << vertex_name(t, l.from) << " → " << vertex_name(t, l.to);
    }
  }
  for (size_t a = 0; a < rails.size(); ++a) {
    for (size_t b = a + 1; b < rails.size(); ++b) {
      for (int32_t id : rails[a]) {
        EXPECT_EQ(rails[b].count(id), 0U) << "rails " << a << " and " << b << " share link " << id;
      }
    }
  }
}

TEST(RailFatTree, LeafSpineRailsShareOnlyTheSpines) {
  // k = 8, r = 1: d = 4; 8 nodes × 4 rails: 2 leaves per rail, 8 leaves, 4 spines.
  const auto t = build_topology(fat_tree(8, 4, 4, 2, 8, 1.0, true), kGpu_Bps);
  EXPECT_EQ(t->name(), "rail-optimized-fat-tree");
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 12);
  EXPECT_EQ(m.cables, 32 + 8 * 4);
  EXPECT_EQ(m.diameter_links, 4);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 16 * kLink_Bps);  // 32 NICs / 2, no taper at 1:1
  // Rail 2, node 5 sits on rail 2's second leaf (nodes 4..7).
  const auto r = route_of(*t, 5 * 4 + 2, 0 * 4 + 2, 0);
  EXPECT_EQ(vertex_name(*t, t->links()[static_cast<size_t>(r[1])].to), "rail2.leaf1");
  EXPECT_EQ(network_links(*t, route_of(*t, 0, 4, 0)), 2);   // rail 0, nodes 0 and 1: one leaf
  EXPECT_EQ(network_links(*t, route_of(*t, 0, 16, 0)), 4);  // rail 0, nodes 0 and 4
  EXPECT_EQ(network_links(*t, route_of(*t, 0, 5, 0)), 4);   // rail 0 → rail 1 via a spine
  EXPECT_EQ(worst_network_links(*t, 2), 4);
  expect_rails_disjoint(*t);
}

TEST(RailFatTree, ThreeLevelsRailPodsMeetAtTheCores) {
  // k = 4, d = 2; 8 nodes × 2 rails: 4 leaves per rail in 2 pods of 2 → 4 pods; each pod 2 aggs
  // (2 leaves × 2 up-links / 2 ports), each agg 2 up-links; 4 pods × 2 fit 2 cores per plane.
  const auto t = build_topology(fat_tree(8, 2, 2, 3, 4, 1.0, true), kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 8 + 8 + 4);
  EXPECT_EQ(m.cables, 16 + 16 + 16);
  EXPECT_EQ(m.diameter_links, 6);
  EXPECT_EQ(network_links(*t, route_of(*t, 0, 2, 0)), 2);  // rail 0, nodes 0, 1: one leaf
  EXPECT_EQ(network_links(*t, route_of(*t, 0, 4, 0)), 4);  // rail 0, nodes 0, 2: one pod
  EXPECT_EQ(network_links(*t, route_of(*t, 0, 8, 0)), 6);  // rail 0, nodes 0, 4: two pods
  EXPECT_EQ(links_at(*t, route_of(*t, 0, 3, 0), LinkLevel::level2), 2);  // rails meet at a core
  EXPECT_EQ(worst_network_links(*t, 2), 6);
  expect_rails_disjoint(*t);
}

TEST(RailFatTree, Gpt3ClusterShape) {
  // The shipped GPT-3 scenario's fabric: 128 nodes × 8 rails, radix 40 (d = u = 20): 7 leaves per
  // rail in one pod per rail. A pod needs α = 10 aggs (7 leaves × ⌈20/α⌉ cables ≤ 20 ports), each
  // with 7 × 2 = 14 up-links; 8 pods × ⌈14/c⌉ ≤ 40 core ports gives c = 3 cores per plane.
  const auto t = build_topology(fat_tree(128, 8, 8, 3, 40, 1.0, true), kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 56 + 80 + 10 * 3);
  EXPECT_EQ(m.cables, 1024 + 56 * 20 + 80 * 14);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 512 * kLink_Bps);
}

TEST(RailFatTree, SmallClusterCablesUpLinksForItsNicsOnly) {
  // 4 nodes × 8 rails on radix 40 (d = u = 20): each rail leaf holds 4 NICs, so it cables
  // ⌈4·20/20⌉ = 4 up-links, all to one aggregation switch of its rail's pod; the 8 pods' 4 up-links
  // each fit one 40-port core. Every level carries one cable per NIC.
  const auto t = build_topology(fat_tree(4, 8, 8, 3, 40, 1.0, true), kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 8 + 8 + 1);
  EXPECT_EQ(m.cables, 3 * 32);
  EXPECT_EQ(m.diameter_links, 6);
  EXPECT_EQ(worst_network_links(*t, 2), 6);
}

TEST(RailFatTree, SixteenThousandGpus) {
  // 2,048 nodes × 8 GPUs × 8 rails on radix 64 (d = u = 32): 64 leaves per rail, 2 pods of 32
  // leaves per rail, 16 pods of 32 aggs, 32 planes of 8 cores: 512 + 512 + 256 switches; every
  // level carries one cable per NIC.
  const auto t = build_topology(fat_tree(2048, 8, 8, 3, 64, 1.0, true), kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.gpus, 16384);
  EXPECT_EQ(m.nics, 16384);
  EXPECT_EQ(m.switches, 1280);
  EXPECT_EQ(m.cables, 3 * 16384);
  EXPECT_EQ(m.diameter_links, 6);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 8192 * kLink_Bps);
  EXPECT_DOUBLE_EQ(m.injection_Bps_per_gpu, kLink_Bps);
  for (int src : {0, 5, 8191, 16383}) {
    for (int dst : {1, 77, 8200, 16382}) {
      const auto r = route_of(*t, src, dst, 12345);
      EXPECT_EQ(chain_problem(*t, src, dst, r), "") << src << " → " << dst;
    }
  }
}

TEST(RailFatTree, RefusesMoreRailLeavesThanSpinePorts) {
  // k = 8 leaf-spine, d = 4: 9 nodes × 3 NICs = 27 ≤ 32 NICs fit a plain tree, but 3 rails × 3
  // leaves = 9 leaves need 9 spine ports: each rail may have ⌊8/3⌋ = 2 leaves, 3·2·4 = 24 NICs.
  EXPECT_NO_THROW(build_topology(fat_tree(9, 3, 3, 2, 8, 1.0, false), kGpu_Bps));
  EXPECT_NO_THROW(build_topology(fat_tree(8, 3, 3, 2, 8, 1.0, true), kGpu_Bps));
  try {
    build_topology(fat_tree(9, 3, 3, 2, 8, 1.0, true), kGpu_Bps);
    FAIL() << "9 rail leaves on 8-port spines";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "cluster.network.fat_tree");
    EXPECT_EQ(e.value(), "27 NICs (num_nodes × nics_per_node)");
    EXPECT_EQ(e.allowed(), "at most 24 NICs");
    EXPECT_NE(e.problem().find("3 rails has its own leaves, at most 2 (8/3) per rail"),
              std::string::npos)
        << e.problem();
  }
}

TEST(RailFatTree, RefusesMoreRailPodsThanCorePorts) {
  // k = 4, d = 2: 5 nodes × 3 NICs = 15 ≤ 16 fit a plain tree; rail-optimized, 3 leaves per rail
  // need 2 pods per rail, 6 pods > 4 core ports: ⌊4/3⌋ = 1 pod per rail, 3·1·2·2 = 12 NICs.
  EXPECT_NO_THROW(build_topology(fat_tree(5, 3, 3, 3, 4, 1.0, false), kGpu_Bps));
  EXPECT_NO_THROW(build_topology(fat_tree(4, 3, 3, 3, 4, 1.0, true), kGpu_Bps));
  try {
    build_topology(fat_tree(5, 3, 3, 3, 4, 1.0, true), kGpu_Bps);
    FAIL() << "6 rail pods on 4-port cores";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "cluster.network.fat_tree");
    EXPECT_EQ(e.allowed(), "at most 12 NICs");
    EXPECT_NE(e.problem().find("own pods"), std::string::npos) << e.problem();
  }
}

TEST(RailFatTree, OneLevelIsOneSharedSwitch) {
  const auto t = build_topology(fat_tree(2, 8, 8, 1, 16, 1.0, true), kGpu_Bps);
  EXPECT_EQ(t->name(), "fat-tree");
  EXPECT_EQ(t->metrics().switches, 1);
}

}  // namespace
}  // namespace wt::topo
