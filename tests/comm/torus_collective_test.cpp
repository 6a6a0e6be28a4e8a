// Torus collectives (per-dimension bidirectional rings, TPU ICI) against hand-computed values
// (docs/collectives.md, "Torus collectives").
#include "sim/comm/torus_collective.hpp"

#include <gtest/gtest.h>

namespace wt {
namespace {

constexpr double kTorusGiB = 1024.0 * 1024.0 * 1024.0;

TEST(TorusCollective, EqualDimensionsMeetTheClosedForm) {
  // A TPU v4 pod, 16 x 16 x 16 with wrap-around, 45 GB/s per link and direction, 1 us per hop:
  // all-reduce = 2·Σ(kᵢ−1)·α + 2·(n−1)/n · S / (D·2·β).
  const TorusGroup pod{{16, 16, 16}, {true, true, true}};
  const LinkClass ici{1e-6, 45e9};
  const double n = 4096.0;
  const double expected = 2.0 * 45.0 * 1e-6 + 2.0 * (n - 1.0) / n * kTorusGiB / (3.0 * 2.0 * 45e9);
  EXPECT_NEAR(torus_all_reduce_s(pod, kTorusGiB, ici), expected, 1e-12);
  EXPECT_DOUBLE_EQ(torus_all_reduce_s(pod, kTorusGiB, ici),
                   2.0 * torus_reduce_scatter_s(pod, kTorusGiB, ici));
}

TEST(TorusCollective, UnequalDimensionsAreBoundByTheBusiestOne) {
  // 2 x 4 with wrap: part 0 (dim 0 then 1) sends S/4 along dim 0 and 3S/16 along dim 1; part 1
  // (dim 1 then 0) 3S/8 along dim 1 and S/16 along dim 0. Dim 1 carries 9S/16 over 2 rings.
  const TorusGroup g{{2, 4, 1}, {true, true, true}};
  const double S = 1.6e9;
  const LinkClass link{2e-6, 100e9};
  EXPECT_NEAR(torus_reduce_scatter_s(g, S, link), 4.0 * 2e-6 + 9.0 * S / 16.0 / (2.0 * 100e9),
              1e-12);
}

TEST(TorusCollective, AMeshDimensionHasOneRing) {
  // A 4-chip line without wrap-around: one ring, (k−1)/k · S / β, 3 hops.
  const TorusGroup line{{4, 1, 1}, {false, true, true}};
  const LinkClass link{1e-6, 50e9};
  EXPECT_NEAR(torus_reduce_scatter_s(line, 8e9, link), 3e-6 + 0.75 * 8e9 / 50e9, 1e-12);
  const TorusGroup ring{{4, 1, 1}, {true, true, true}};
  EXPECT_NEAR(torus_reduce_scatter_s(ring, 8e9, link), 3e-6 + 0.75 * 8e9 / 100e9, 1e-12);
}

TEST(TorusCollective, OneChipCostsNothing) {
  EXPECT_EQ(torus_all_reduce_s(TorusGroup{}, kTorusGiB, LinkClass{1e-6, 45e9}), 0.0);
}

TEST(TorusCollective, ATorusBeatsOneRingOverTheSameChips) {
  // 4096 chips as one bidirectional ring would pay (n−1)/n·S/(2β); three dimensions share it out.
  const TorusGroup pod{{16, 16, 16}, {true, true, true}};
  const LinkClass bw_only{0.0, 45e9};
  EXPECT_NEAR(torus_reduce_scatter_s(pod, kTorusGiB, bw_only) * 3.0,
              ring_all_gather_s(4096, kTorusGiB, LinkClass{0.0, 2.0 * 45e9}), 1e-9);
}

}  // namespace
}  // namespace wt

namespace wt {
namespace {

TEST(TorusGroup, LayoutDimensionsMapToTorusDimensions) {
  const std::vector<int> dims{4, 4, 4};
  const std::vector<bool> wrap{true, true, true};
  // TP 4 at stride 1: the whole dimension 0, a wrapped ring.
  const auto tp = torus_group(4, 1, dims, wrap);
  ASSERT_TRUE(tp);
  EXPECT_EQ(tp->dims, (std::array<int, 3>{4, 1, 1}));
  EXPECT_TRUE(tp->wrap[0]);
  // DP 16 at stride 4: dimensions 1 and 2.
  const auto dp = torus_group(16, 4, dims, wrap);
  ASSERT_TRUE(dp);
  EXPECT_EQ(dp->dims, (std::array<int, 3>{1, 4, 4}));
  // TP 2 at stride 1: half of dimension 0, a line (no wrap).
  const auto half = torus_group(2, 1, dims, wrap);
  ASSERT_TRUE(half);
  EXPECT_EQ(half->dims, (std::array<int, 3>{2, 1, 1}));
  EXPECT_FALSE(half->wrap[0]);
  // A stride that splits a dimension, or ranks that straddle two partly: not a sub-block.
  EXPECT_FALSE(torus_group(4, 2, dims, wrap));
  EXPECT_FALSE(torus_group(8, 2, dims, wrap));
}

TEST(TorusGroup, CollectiveCostTakesTheTorusClosedForm) {
  // TP 4 ring on a wrapped dimension, 45 GB/s × 0.8 per link, 1 us per hop, 8.4 us per call:
  // all-gather of 64 MB = 3·1 us + 3/4 · 64e6 / (2 · 36e9) + 8.4 us.
  Fabric f{{1e-6, 200e9}, {5e-6, 36e9}, 8.4e-6};
  f.ici = {1e-6, 36e9};
  GroupShape g{4, 1};
  g.on_torus = true;
  g.torus = *torus_group(4, 1, {4, 4, 4}, {true, true, true});
  const double ag = 3e-6 + 0.75 * 64e6 / 72e9 + 8.4e-6;
  EXPECT_NEAR(collective_cost(Collective::all_gather, 64e6, g, f).time_s, ag, 1e-12);
  EXPECT_NEAR(collective_cost(Collective::all_reduce, 64e6, g, f).time_s,
              2.0 * (ag - 8.4e-6) + 8.4e-6, 1e-12);
  // DP 16 over dims 1 and 2 (4 × 4, wrapped), two parts of S/2: each dimension carries 3/4 · S/2
  // of one part and 3/4 · S/8 of the other, 15S/32, over two rings: 6 hops + 0.46875 · S / 72e9.
  GroupShape d{16, 4};
  d.on_torus = true;
  d.torus = *torus_group(16, 4, {4, 4, 4}, {true, true, true});
  EXPECT_NEAR(collective_cost(Collective::reduce_scatter, 1e9, d, f).time_s,
              6e-6 + 0.46875 * 1e9 / 72e9 + 8.4e-6, 1e-12);
}

}  // namespace
}  // namespace wt
