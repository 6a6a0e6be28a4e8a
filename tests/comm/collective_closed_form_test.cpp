// The alpha-beta closed forms, each against arithmetic written out by hand.
#include <gtest/gtest.h>

#include "sim/comm/collective.hpp"

namespace wt {
namespace {

constexpr double kClosedFormTol = 1e-15;
// 1 us per step, 100 GB/s.
constexpr LinkClass kLink{1e-6, 100e9};

TEST(RingAllReduce, EightRanksOneGigabyte) {
  // 2·7·1e-6 = 14e-6 s; 2·7/8·1e9 B / 100e9 B/s = 1.75·0.01 = 0.0175 s.
  EXPECT_NEAR(ring_all_reduce_s(8, 1e9, kLink), 14e-6 + 0.0175, kClosedFormTol);
}

TEST(RingAllReduce, FourRanksFourMegabytes) {
  // alpha 5 us, beta 50 GB/s: 2·3·5e-6 = 30e-6; 2·3/4·4e6/50e9 = 1.5·8e-5 = 1.2e-4.
  EXPECT_NEAR(ring_all_reduce_s(4, 4e6, {5e-6, 50e9}), 30e-6 + 1.2e-4, kClosedFormTol);
}

TEST(RingAllReduce, TwoRanks) {
  // alpha 2 us, beta 25 GB/s: 2·1·2e-6 = 4e-6; 2·1/2·1e6/25e9 = 4e-5.
  EXPECT_NEAR(ring_all_reduce_s(2, 1e6, {2e-6, 25e9}), 4e-6 + 4e-5, kClosedFormTol);
}

TEST(RingAllGather, EightRanks) {
  // 7·1e-6 = 7e-6; 7/8·8e9/100e9 = 0.07.
  EXPECT_NEAR(ring_all_gather_s(8, 8e9, kLink), 7e-6 + 0.07, kClosedFormTol);
}

TEST(TreeAllReduce, PowerOfTwoAndNot) {
  // n=8: 2·log2(8)=6 steps → 6e-6; 2·1e6/100e9 = 2e-5.
  EXPECT_NEAR(tree_all_reduce_s(8, 1e6, kLink), 6e-6 + 2e-5, kClosedFormTol);
  // n=5: ceil(log2 5) = 3 → also 6 steps.
  EXPECT_NEAR(tree_all_reduce_s(5, 1e6, kLink), 6e-6 + 2e-5, kClosedFormTol);
  // n=2: 1 level → 2 steps.
  EXPECT_NEAR(tree_all_reduce_s(2, 1e6, kLink), 2e-6 + 2e-5, kClosedFormTol);
}

TEST(DirectAllToAll, FourRanks) {
  // 3·1e-6 = 3e-6; 3/4·4e9/100e9 = 0.03.
  EXPECT_NEAR(direct_all_to_all_s(4, 4e9, kLink), 3e-6 + 0.03, kClosedFormTol);
}

TEST(RingBroadcast, Pipelined) {
  // 3·1e-6 = 3e-6; 1e9/100e9 = 0.01.
  EXPECT_NEAR(ring_broadcast_s(4, 1e9, kLink), 3e-6 + 0.01, kClosedFormTol);
}

TEST(SendRecv, OneStep) {
  // 1e-6 + 1e6/100e9 = 1e-6 + 1e-5.
  EXPECT_NEAR(send_recv_s(1e6, kLink), 1.1e-5, kClosedFormTol);
}

TEST(ClosedForms, OneRankIsFree) {
  EXPECT_EQ(ring_all_reduce_s(1, 1e9, kLink), 0.0);
  EXPECT_EQ(ring_all_gather_s(1, 1e9, kLink), 0.0);
  EXPECT_EQ(tree_all_reduce_s(1, 1e9, kLink), 0.0);
  EXPECT_EQ(direct_all_to_all_s(1, 1e9, kLink), 0.0);
  EXPECT_EQ(ring_broadcast_s(1, 1e9, kLink), 0.0);
}

TEST(Collective, Names) {
  EXPECT_STREQ(to_string(Collective::all_reduce), "all_reduce");
  EXPECT_STREQ(to_string(Collective::reduce_scatter), "reduce_scatter");
  EXPECT_STREQ(to_string(Collective::send_recv), "send_recv");
}

}  // namespace
}  // namespace wt
