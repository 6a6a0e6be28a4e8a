// make_fabric on hand-computed node designs, and group_shape placements.
#include <gtest/gtest.h>

#include "sim/comm/fabric.hpp"
#include "tests/comm/dgx_h100.hpp"

namespace wt {
namespace {

using test::dgx_h100;

const GpuSpec& gpu(const char* id) {
  return *find_gpu(id);
}

TEST(MakeFabric, DgxH100) {
  const Fabric f = make_fabric(dgx_h100(4), gpu("h100-sxm5-80gb"));
  // NVLink 450 GB/s × (367.61/450) = 367.61 GB/s; 0.7 us.
  EXPECT_NEAR(f.intra.beta_Bps, 367.61e9, 1e-3);
  EXPECT_DOUBLE_EQ(f.intra.alpha_s, 0.7e-6);
  // 400e9/8 = 50e9 B/s per NIC, 8 NICs / 8 GPUs, × 0.94 = 47e9.
  EXPECT_NEAR(f.inter.beta_Bps, 50e9 * 0.94, 1e-3);
  // 3-level fat-tree: 6 links × 1 us.
  EXPECT_NEAR(f.inter.alpha_s, 6e-6, 1e-18);
  EXPECT_NEAR(f.call_overhead_s, 8.4e-6, 1e-18);
}

TEST(MakeFabric, ScenarioBandwidthOverridesCatalog) {
  Scenario s = dgx_h100(2);
  s.cluster.intra_node.bandwidth_GBps = 300.0;
  // 300e9 × 367.61/450.
  EXPECT_NEAR(make_fabric(s, gpu("h100-sxm5-80gb")).intra.beta_Bps, 300e9 * 367.61 / 450, 1e-3);
}

TEST(MakeFabric, PcieCardsAndPcieNodesUsePcie) {
  // L4: no NVLink → PCIe Gen4 31 GB/s × 0.80 = 24.8 GB/s.
  EXPECT_NEAR(make_fabric(dgx_h100(1), gpu("l4")).intra.beta_Bps, 24.8e9, 1e-3);
  // an H100 SXM in a node declared PCIe: 63 GB/s × 367.61/450.
  Scenario s = dgx_h100(1);
  s.cluster.intra_node.fabric = IntraNodeFabric::pcie;
  EXPECT_NEAR(make_fabric(s, gpu("h100-sxm5-80gb")).intra.beta_Bps, 63e9 * 367.61 / 450, 1e-3);
}

TEST(MakeFabric, FewerNicsThanGpusShareThem) {
  Scenario s = dgx_h100(4);
  s.cluster.network.link_bandwidth_Gbps = 200.0;
  s.cluster.network.nics_per_node = 4;
  // 25e9 B/s × 4 NICs / 8 GPUs × 0.94 = 11.75e9.
  EXPECT_NEAR(make_fabric(s, gpu("a100-sxm4-80gb")).inter.beta_Bps, 11.75e9, 1e-3);
}

TEST(MakeFabric, TorusLatencyFollowsItsDiameter) {
  Scenario s = dgx_h100(16);
  s.cluster.network.topology = NetworkTopology::torus;
  s.cluster.network.torus.dims = {4, 4};
  s.cluster.network.link_latency_us = 2.0;
  // hops 4/2 + 4/2 + 2 NIC links = 6; 6 × 2 us.
  EXPECT_NEAR(make_fabric(s, gpu("h100-sxm5-80gb")).inter.alpha_s, 12e-6, 1e-18);
}

TEST(MakeFabric, DragonflyLatencyFollowsItsRouting) {
  Scenario s = dgx_h100(24);
  s.cluster.network.topology = NetworkTopology::dragonfly;
  s.cluster.network.dragonfly = {4, 3, 2, 1, DragonflyRouting::minimal};
  s.cluster.network.link_latency_us = 2.0;
  // minimal: local, global, local + 2 NIC links = 5 hops × 2 us.
  EXPECT_NEAR(make_fabric(s, gpu("h100-sxm5-80gb")).inter.alpha_s, 10e-6, 1e-18);
  // UGAL is priced as minimal (uniform collective traffic stays minimal).
  s.cluster.network.dragonfly.routing = DragonflyRouting::ugal;
  EXPECT_NEAR(make_fabric(s, gpu("h100-sxm5-80gb")).inter.alpha_s, 10e-6, 1e-18);
  // Valiant: local, global, local, global, local + 2 NIC links = 7 hops × 2 us.
  s.cluster.network.dragonfly.routing = DragonflyRouting::valiant;
  EXPECT_NEAR(make_fabric(s, gpu("h100-sxm5-80gb")).inter.alpha_s, 14e-6, 1e-18);
  const double beta = make_fabric(s, gpu("h100-sxm5-80gb")).inter.beta_Bps;
  s.cluster.network.dragonfly.routing = DragonflyRouting::minimal;
  EXPECT_DOUBLE_EQ(make_fabric(s, gpu("h100-sxm5-80gb")).inter.beta_Bps, beta);
}

TEST(GroupShape, InsideOneNode) {
  EXPECT_EQ(group_shape(8, 1, 8).nodes, 1);   // TP 8
  EXPECT_EQ(group_shape(4, 2, 8).nodes, 1);   // spans 8 GPUs
  EXPECT_EQ(group_shape(1, 64, 8).nodes, 1);  // one rank
}

TEST(GroupShape, OneRankPerNode) {
  const GroupShape g = group_shape(16, 8, 8);  // DP across nodes after TP 8
  EXPECT_EQ(g.ranks, 16);
  EXPECT_EQ(g.nodes, 16);
  EXPECT_EQ(group_shape(4, 16, 8).nodes, 4);
}

TEST(GroupShape, SeveralRanksPerNode) {
  const GroupShape g = group_shape(8, 2, 8);  // 4 per node → 2 nodes
  EXPECT_EQ(g.nodes, 2);
  EXPECT_EQ(g.ranks_per_node(), 4);
  const GroupShape dp = group_shape(64, 1, 8);  // 8 per node → 8 nodes
  EXPECT_EQ(dp.nodes, 8);
  EXPECT_EQ(dp.ranks_per_node(), 8);
}

}  // namespace
}  // namespace wt
