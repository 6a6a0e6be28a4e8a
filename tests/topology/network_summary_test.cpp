// Closed-form network summaries: capacities, worst-case hops and bisection by hand.
#include <gtest/gtest.h>

#include "topology/network_summary.hpp"

namespace wt {
namespace {

constexpr double kNicBps = 400e9 / 8;  // one 400 Gb/s link in bytes/s

ClusterConfig fat_tree(int nodes, int levels, int radix, double oversubscription) {
  ClusterConfig c;
  c.num_nodes = nodes;
  c.gpus_per_node = 8;
  c.network.topology = NetworkTopology::fat_tree;
  c.network.link_bandwidth_Gbps = 400.0;
  c.network.nics_per_node = 8;
  c.network.fat_tree = {levels, radix, oversubscription};
  return c;
}

TEST(FatTree, OneSwitch) {
  const NetworkSummary s = summarize_network(fat_tree(4, 1, 64, 1.0));
  EXPECT_EQ(s.endpoints, 32);  // 4 nodes × 8 NICs
  EXPECT_EQ(s.max_endpoints, 64);
  EXPECT_EQ(s.hops_between_nodes, 2);
  EXPECT_DOUBLE_EQ(s.bisection_Bps, 16 * kNicBps);  // 32/2 links
}

TEST(FatTree, LeafSpine) {
  // r = 1: d = 64/2 = 32 down ports, 64 leaves → 2048 NICs.
  const NetworkSummary s = summarize_network(fat_tree(32, 2, 64, 1.0));
  EXPECT_EQ(s.max_endpoints, 2048);
  EXPECT_EQ(s.hops_between_nodes, 4);
  EXPECT_DOUBLE_EQ(s.bisection_Bps, 128 * kNicBps);  // 256 NICs / 2
  // 3:1: d = round(64·3/4) = 48 → 64·48 = 3072; bisection 128 links / 3.
  const NetworkSummary t = summarize_network(fat_tree(32, 2, 64, 3.0));
  EXPECT_EQ(t.max_endpoints, 3072);
  EXPECT_DOUBLE_EQ(t.bisection_Bps, 128 * kNicBps / 3.0);
}

TEST(FatTree, ThreeLevels) {
  // k³/4: 64³/4 = 65536; the shipped GPT-3 175B scenario's radix 40: 40³/4 = 16000.
  EXPECT_EQ(summarize_network(fat_tree(128, 3, 64, 1.0)).max_endpoints, 65536);
  EXPECT_EQ(summarize_network(fat_tree(128, 3, 40, 1.0)).max_endpoints, 16000);
  EXPECT_EQ(summarize_network(fat_tree(128, 3, 40, 1.0)).hops_between_nodes, 6);
  // 2:1: d = round(64·2/3) = round(42.67) = 43 → k·(k/2)·d = 64·32·43 = 88064.
  EXPECT_EQ(summarize_network(fat_tree(128, 3, 64, 2.0)).max_endpoints, 88064);
}

TEST(FatTree, PerGpuInjection) {
  EXPECT_DOUBLE_EQ(summarize_network(fat_tree(4, 3, 64, 1.0)).per_gpu_injection_Bps, 50e9);
  ClusterConfig c = fat_tree(4, 3, 64, 1.0);
  c.network.link_bandwidth_Gbps = 200.0;
  c.network.nics_per_node = 4;
  EXPECT_DOUBLE_EQ(summarize_network(c).per_gpu_injection_Bps, 12.5e9);  // 25e9 · 4 / 8
}

TEST(FatTree, BisectionTapersWhenThereAreLeavesToCross) {
  // k = 64 at 3:1 (d = 48). 2 nodes × 8 NICs fit one leaf: no up-link is ever crossed.
  ClusterConfig one_leaf = fat_tree(2, 2, 64, 3.0);
  one_leaf.network.rail_optimized = false;
  EXPECT_DOUBLE_EQ(summarize_network(one_leaf).bisection_Bps, 8 * kNicBps);
  // Rail-optimized, the same 2 nodes have one leaf per rail: 8 leaves, tapered by 3.
  EXPECT_DOUBLE_EQ(summarize_network(fat_tree(2, 2, 64, 3.0)).bisection_Bps, 8 * kNicBps / 3.0);
  // The taper is the leaf's port ratio: r = 2 gives d = round(64·2/3) = 43 down, 21 up.
  EXPECT_DOUBLE_EQ(summarize_network(fat_tree(128, 3, 64, 2.0)).bisection_Bps,
                   512 * kNicBps * 21.0 / 43.0);
  // A single node cannot be split.
  EXPECT_DOUBLE_EQ(summarize_network(fat_tree(1, 3, 64, 1.0)).bisection_Bps, 0.0);
}

ClusterConfig torus(const std::vector<int>& dims) {
  ClusterConfig c = fat_tree(1, 1, 64, 1.0);
  c.network.topology = NetworkTopology::torus;
  c.network.torus.dims = dims;
  c.num_nodes = 1;
  for (int d : dims) {
    c.num_nodes *= d;
  }
  return c;
}

TEST(Torus, DiameterIsSumOfHalfDimsPlusNicLinks) {
  EXPECT_EQ(summarize_network(torus({8, 4, 4})).hops_between_nodes, 4 + 2 + 2 + 2);
  EXPECT_EQ(summarize_network(torus({3, 3})).hops_between_nodes, 1 + 1 + 2);
  EXPECT_EQ(summarize_network(torus({16})).hops_between_nodes, 8 + 2);
}

TEST(Torus, CapacityAndBisection) {
  const NetworkSummary s = summarize_network(torus({8, 4, 4}));
  EXPECT_EQ(s.endpoints, 128 * 8);
  EXPECT_EQ(s.max_endpoints, 128 * 8);
  // cut across the 8-long dimension: 128/8 = 16 vertices, ×2 for the wrap-around = 32 links.
  EXPECT_DOUBLE_EQ(s.bisection_Bps, 32 * kNicBps);
  EXPECT_DOUBLE_EQ(summarize_network(torus({1})).bisection_Bps, 0.0);
}

ClusterConfig dragonfly(int nodes, int groups, int routers, int per_router, int global) {
  ClusterConfig c = fat_tree(nodes, 1, 64, 1.0);
  c.network.topology = NetworkTopology::dragonfly;
  c.network.dragonfly = {groups, routers, per_router, global};
  return c;
}

TEST(Dragonfly, CapacityHopsBisection) {
  const NetworkSummary s = summarize_network(dragonfly(100, 8, 8, 2, 4));
  EXPECT_EQ(s.max_endpoints, 8 * 8 * 2 * 8);  // 128 nodes × 8 NICs
  EXPECT_EQ(s.hops_between_nodes, 5);         // local, global, local + 2 NIC links
  // ⌊8·4/7⌋ = 4 global cables per group pair (4 of 32 ports per group unused); 4·4 pairs cut.
  EXPECT_DOUBLE_EQ(s.bisection_Bps, 16.0 * 4.0 * kNicBps);
}

}  // namespace
}  // namespace wt
