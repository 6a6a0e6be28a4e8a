// The built graphs agree with summarize_network (topology/network_summary.hpp), which the
// analytical engine uses: bisection, per-GPU injection, NIC count, capacity; and the slowest
// route's network latency equals hops_between_nodes × link latency.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "tests/topology/topology_test_util.hpp"
#include "topology/network_summary.hpp"
#include "topology/topology.hpp"

namespace wt::topo {
namespace {

using namespace testing;

std::vector<ClusterConfig> agreement_cases() {
  return {
      fat_tree(2, 8, 8, 1, 16, 1.0, false),
      fat_tree(8, 4, 4, 2, 8, 1.0, false),
      fat_tree(6, 8, 8, 2, 8, 3.0, false),
      fat_tree(4, 8, 8, 2, 8, 2.0, false),
      fat_tree(16, 8, 8, 3, 8, 1.0, false),
      fat_tree(3, 8, 8, 3, 8, 1.0, false),
      fat_tree(2, 8, 8, 3, 64, 1.0, false),
      fat_tree(8, 4, 4, 2, 8, 1.0, true),
      fat_tree(8, 2, 2, 3, 4, 1.0, true),
      fat_tree(128, 8, 8, 3, 40, 1.0, true),
      fat_tree(4, 8, 8, 3, 64, 1.0, true),
      fat_tree(40, 8, 8, 2, 64, 3.0, true),
      torus({4, 3, 2}, 2, 2),
      torus({2}, 8, 8),
      torus({5, 4, 3}, 1, 1),
      dragonfly(32, 1, 4, 4, 2, 2),
      dragonfly(100, 8, 8, 8, 2, 4),
      dragonfly(4, 1, 1, 4, 1, 1),
  };
}

TEST(SummaryAgreement, BisectionInjectionAndNics) {
  for (const ClusterConfig& c : agreement_cases()) {
    const auto t = build_topology(c, kGpu_Bps);
    SCOPED_TRACE(t->name() + " of " + std::to_string(c.num_nodes) + " nodes");
    const TopologyMetrics m = t->metrics();
    const NetworkSummary s = summarize_network(c);
    EXPECT_DOUBLE_EQ(m.bisection_Bps, s.bisection_Bps);
    EXPECT_DOUBLE_EQ(m.injection_Bps_per_gpu, s.per_gpu_injection_Bps);
    EXPECT_EQ(m.nics, s.endpoints);
  }
}

TEST(SummaryAgreement, FatTreeCapacityIsTheSummarysMaxEndpoints) {
  // Leaf-spine k = 8 at 3:1 hosts k·d = 8·6 = 48 NICs; k = 8 at 2:1: d = round(16/3) = 5 → 40.
  for (double r : {3.0, 2.0}) {
    const ClusterConfig full = fat_tree(r == 3.0 ? 6 : 5, 8, 8, 2, 8, r, false);
    ASSERT_EQ(summarize_network(full).max_endpoints, full.num_nodes * 8);
    EXPECT_EQ(build_topology(full, kGpu_Bps)->metrics().nics, full.num_nodes * 8);
    ClusterConfig over = full;
    over.num_nodes += 1;
    EXPECT_THROW(build_topology(over, kGpu_Bps), InputError);
  }
}

// Clusters that span their fabric's full height, so the worst route is the summary's worst case.
std::vector<ClusterConfig> spanning_cases() {
  return {
      fat_tree(2, 8, 8, 1, 16, 1.0, false),
      fat_tree(8, 4, 4, 2, 8, 1.0, false),
      fat_tree(16, 1, 1, 3, 4, 1.0, false),
      fat_tree(8, 4, 4, 2, 8, 1.0, true),
      fat_tree(8, 2, 2, 3, 4, 1.0, true),
      fat_tree(4, 8, 8, 3, 64, 1.0, true),
      torus({4, 3, 2}, 2, 2),
      torus({5}, 1, 1),
      dragonfly(32, 1, 4, 4, 2, 2),
  };
}

TEST(SummaryAgreement, WorstRouteLatencyIsHopsBetweenNodesTimesLinkLatency) {
  for (const ClusterConfig& c : spanning_cases()) {
    const auto t = build_topology(c, kGpu_Bps);
    SCOPED_TRACE(t->name() + " of " + std::to_string(c.num_nodes) + " nodes");
    double worst_s = 0.0;
    for (int src = 0; src < t->num_gpus(); ++src) {
      for (int dst = 0; dst < t->num_gpus(); ++dst) {
        if (src / c.gpus_per_node == dst / c.gpus_per_node) continue;
        for (uint64_t h = 0; h < 4; ++h) {
          worst_s = std::max(worst_s, network_latency_s(*t, route_of(*t, src, dst, h)));
        }
      }
    }
    const int hops = summarize_network(c).hops_between_nodes;
    EXPECT_NEAR(worst_s, hops * kLinkLatency_s, 1e-15);
    EXPECT_EQ(t->metrics().diameter_links, hops);
  }
}

}  // namespace
}  // namespace wt::topo
