// Two-level collectives over dragonfly groups against hand-computed values (docs/collectives.md,
// "Dragonfly collectives").
#include "sim/comm/dragonfly_collective.hpp"

#include <gtest/gtest.h>

namespace wt {
namespace {

constexpr double kS = 1e9;  // bytes

TEST(DragonflyCollective, RingStridesCycleThroughTheUnitsModG) {
  // G = 4: strides 1 and 3 (the same group pairs, the other way round); G = 3: 1 and 2; G = 2: 1.
  EXPECT_EQ(dragonfly_ring_stride(4, 0), 1);
  EXPECT_EQ(dragonfly_ring_stride(4, 1), 3);
  EXPECT_EQ(dragonfly_ring_stride(4, 2), 1);
  EXPECT_EQ(dragonfly_ring_stride(3, 1), 2);
  EXPECT_EQ(dragonfly_ring_stride(2, 5), 1);
  EXPECT_EQ(dragonfly_ring_stride(6, 1), 5);  // 1 and 5 are the units mod 6
  EXPECT_EQ(dragonfly_rings_per_pair(4, 8), 4);
  EXPECT_EQ(dragonfly_rings_per_pair(3, 2), 1);
  EXPECT_EQ(dragonfly_rings_per_pair(2, 2), 2);
  EXPECT_EQ(dragonfly_rings_per_pair(5, 6), 2);  // 4 strides, 6 rings: 2 on the busiest
}

TEST(DragonflyCollective, SpanFollowsTheNodesIntoGroups) {
  // 8 nodes per group, 2 per router.
  const auto span = [](int nodes, int stride) { return dragonfly_span(nodes, stride, 8, 2); };
  EXPECT_EQ(span(16, 1).groups, 2);
  EXPECT_TRUE(span(16, 1).crosses_routers);
  EXPECT_EQ(span(4, 1).groups, 1);
  EXPECT_TRUE(span(4, 1).crosses_routers);
  EXPECT_EQ(span(2, 1).groups, 1);
  EXPECT_FALSE(span(2, 1).crosses_routers);
  EXPECT_EQ(span(12, 1).groups, 0);  // a group and a half
  EXPECT_EQ(span(4, 8).groups, 4);   // one node in each of 4 groups
  EXPECT_FALSE(span(4, 8).crosses_routers);
  EXPECT_EQ(span(8, 2).groups, 2);                  // 4 nodes in each group, on routers 0..3
  EXPECT_EQ(span(4, 3).groups, 0);                  // nodes 0, 3, 6, 9: 3 in group 0, 1 in group 1
  EXPECT_EQ(dragonfly_span(4, 1, 0, 2).groups, 0);  // not a dragonfly
}

TEST(DragonflyCollective, TwoLevelAllReduceMeetsItsClosedForm) {
  // G = 3 groups of k = 2 nodes of r = 4 ranks: q = 8 ranks per group.
  //   local:  2·(q−1)/q·S = 1.75 GB over 10 GB/s, 14 steps of 1 µs
  //   global: 2·(G−1)/G·S/q = S/6 over 2 GB/s, 4 steps of 5 µs
  const DragonflyGroup g{3, 2, 4};
  const DragonflyLoads l = dragonfly_two_level_loads(Collective::all_reduce, g, kS);
  EXPECT_DOUBLE_EQ(l.local_bytes, 1.75e9);
  EXPECT_DOUBLE_EQ(l.global_bytes, kS / 6.0);
  EXPECT_EQ(l.local_steps, 14);
  EXPECT_EQ(l.global_steps, 4);
  const LinkClass local{1e-6, 1e10}, global{5e-6, 2e9};
  EXPECT_NEAR(dragonfly_two_level_s(Collective::all_reduce, g, kS, local, global),
              14e-6 + 0.175 + 20e-6 + kS / 6.0 / 2e9, 1e-12);
  // Reduce-scatter and all-gather: half of each.
  EXPECT_NEAR(dragonfly_two_level_s(Collective::reduce_scatter, g, kS, local, global),
              7e-6 + 0.0875 + 10e-6 + kS / 12.0 / 2e9, 1e-12);
  EXPECT_DOUBLE_EQ(dragonfly_two_level_s(Collective::all_gather, g, kS, local, global),
                   dragonfly_two_level_s(Collective::reduce_scatter, g, kS, local, global));
  // One rank per group: no local phase.
  EXPECT_NEAR(dragonfly_two_level_s(Collective::all_reduce, {4, 1, 1}, kS, local, global),
              6 * 5e-6 + 1.5 * kS / 2e9, 1e-12);
}

// Dragonfly groups of 2 one-GPU nodes on 2 routers (the local cable as fast as a NIC, 10 GB/s);
// the global cables of a group pair give a GPU 2.5 GB/s.
Fabric dragonfly_fabric(double alpha_s, double global_Bps) {
  Fabric f{{1e-6, 1e11}, {alpha_s, 1e10}, 5e-6};
  f.dragonfly_nodes_per_group = 2;
  f.dragonfly_nodes_per_router = 1;
  f.dragonfly_global_Bps = global_Bps;
  f.dragonfly_local_Bps = 1e10;
  return f;
}

GroupShape eight_over_four_groups() {
  GroupShape g{8, 8};
  g.dragonfly = {4, true};
  return g;
}

TEST(DragonflyCollective, ChosenWhereTheGlobalCablesBindTheFlatRing) {
  // Flat ring: every ring flow gets at most 2.5 GB/s on the global cables it crosses:
  //   2·(7/8)·S / 2.5 GB/s = 0.7 s.
  // Two-level: local 2·(1/2)·S / 10 GB/s = 0.1 s; 2 inter-group rings of strides 1 and 3, one per
  // directed pair, each 2.5 GB/s: 2·(3/4)·(S/2) / 2.5 GB/s = 0.3 s; 0.4 s in all.
  const Fabric f = dragonfly_fabric(0.0, 2.5e9);
  const CollectiveCost c = collective_cost(Collective::all_reduce, kS, eight_over_four_groups(), f);
  EXPECT_TRUE(c.dragonfly_two_level);
  EXPECT_EQ(c.algorithm, CollectiveAlgorithm::hierarchical);
  EXPECT_NEAR(c.time_s, 5e-6 + 0.4, 1e-12);
  // S locally, 2·(3/4)·(S/2) across: the flat ring's 2·(7/8)·S, on other links.
  EXPECT_DOUBLE_EQ(c.bytes_sent_per_gpu, kS + 0.75 * kS);
  // Pinned ring: the capped flat ring.
  const CollectiveCost ring = collective_cost(Collective::all_reduce, kS, eight_over_four_groups(),
                                              f, CollectiveAlgorithm::ring);
  EXPECT_FALSE(ring.dragonfly_two_level);
  EXPECT_NEAR(ring.time_s, 5e-6 + 0.7, 1e-12);
  // Reduce-scatter: half of each, 0.2 s against 0.35 s.
  const CollectiveCost rs =
      collective_cost(Collective::reduce_scatter, kS, eight_over_four_groups(), f);
  EXPECT_TRUE(rs.dragonfly_two_level);
  EXPECT_NEAR(rs.time_s, 5e-6 + 0.2, 1e-12);
}

TEST(DragonflyCollective, WithoutABoundItWinsOnLatencyAlone) {
  // Global cables not a bound: the bandwidth terms are equal (2·(7/8)·S / 10 GB/s = 0.175 s);
  // the flat ring pays 14 steps of α, the two-level form 2·1 + 2·3 = 8.
  const Fabric none = dragonfly_fabric(0.0, 0.0);
  const CollectiveCost tie =
      collective_cost(Collective::all_reduce, kS, eight_over_four_groups(), none);
  EXPECT_FALSE(tie.dragonfly_two_level);  // a tie keeps the flat ring
  EXPECT_NEAR(tie.time_s, 5e-6 + 0.175, 1e-12);
  const Fabric alpha = dragonfly_fabric(3e-6, 0.0);
  const CollectiveCost c =
      collective_cost(Collective::all_reduce, kS, eight_over_four_groups(), alpha);
  EXPECT_TRUE(c.dragonfly_two_level);
  EXPECT_NEAR(c.time_s, 5e-6 + 8 * 3e-6 + 0.175, 1e-12);
}

TEST(DragonflyCollective, OneGroupOrNoDragonflyKeepsTheFlatForms) {
  GroupShape inside{8, 8};
  inside.dragonfly = {1, true};
  const Fabric f = dragonfly_fabric(0.0, 2.5e9);
  const CollectiveCost c = collective_cost(Collective::all_reduce, kS, inside, f);
  EXPECT_FALSE(c.dragonfly_two_level);
  EXPECT_NEAR(c.time_s, 5e-6 + 0.175, 1e-12);  // no global cable crossed: the NIC bounds it
  const CollectiveCost plain = collective_cost(Collective::all_reduce, kS, GroupShape{8, 8}, f);
  EXPECT_FALSE(plain.dragonfly_two_level);
  EXPECT_NEAR(plain.time_s, 5e-6 + 0.175, 1e-12);
}

}  // namespace
}  // namespace wt
