// Timing statistics, nccl-tests bus-bandwidth factors and the alpha-beta fit, against closed forms.
#include <gtest/gtest.h>

#include <cmath>

#include "calibration_test_profiles.hpp"
#include "core/error.hpp"
#include "sim/hardware/calibration_profile.hpp"

namespace wt {
namespace {

TEST(MakeTiming, OddCountTakesTheMiddleSample) {
  const Timing t = make_timing({3.0, 1.0, 2.0, 9.0, 4.0});
  EXPECT_DOUBLE_EQ(t.median_s, 3.0);
  EXPECT_DOUBLE_EQ(t.min_s, 1.0);
  EXPECT_DOUBLE_EQ(t.max_s, 9.0);
  EXPECT_EQ(t.samples_s, (std::vector<double>{3.0, 1.0, 2.0, 9.0, 4.0}));  // order kept
}

TEST(MakeTiming, EvenCountAveragesTheMiddleTwo) {
  const Timing t = make_timing({4.0, 1.0, 10.0, 2.0});
  EXPECT_DOUBLE_EQ(t.median_s, 3.0);  // (2 + 4) / 2
  EXPECT_DOUBLE_EQ(t.min_s, 1.0);
  EXPECT_DOUBLE_EQ(t.max_s, 10.0);
}

TEST(MakeTiming, OneSampleIsItsOwnStatistics) {
  const Timing t = make_timing({2.5e-6});
  EXPECT_DOUBLE_EQ(t.median_s, 2.5e-6);
  EXPECT_DOUBLE_EQ(t.min_s, 2.5e-6);
  EXPECT_DOUBLE_EQ(t.max_s, 2.5e-6);
}

TEST(MakeTiming, RefusesNoSamplesAndNonPositiveTimes) {
  EXPECT_THROW(make_timing({}), InputError);
  EXPECT_THROW(make_timing({1.0, 0.0}), InputError);
  EXPECT_THROW(make_timing({1.0, -2.0}), InputError);
  EXPECT_THROW(make_timing({std::nan("")}), InputError);
}

TEST(DerivedThroughput, GemmBandwidthAndAttention) {
  const GemmPoint g{Precision::bf16, 1024, 2048, 512, make_timing({1e-3})};
  EXPECT_DOUBLE_EQ(g.tflops(), 2.0 * 1024 * 2048 * 512 / 1e-3 / 1e12);  // 2.147 TFLOP/s
  const BandwidthPoint b{"copy", 3e9, make_timing({2e-3, 1e-3, 3e-3})};
  EXPECT_DOUBLE_EQ(b.GBps(), 1500.0);  // 3e9 B / 2 ms
  const AttentionPoint a{"bmm_softmax", Precision::fp16, 2, 4, 1024, 64, make_timing({1e-3})};
  EXPECT_DOUBLE_EQ(a.flops(), 4.0 * 2 * 4 * 1024.0 * 1024.0 * 64);
  EXPECT_DOUBLE_EQ(a.tflops(), a.flops() / 1e-3 / 1e12);
}

TEST(BusBandwidth, NcclTestsFactors) {
  EXPECT_DOUBLE_EQ(busbw_factor("all_reduce", 8), 1.75);
  EXPECT_DOUBLE_EQ(busbw_factor("all_reduce", 2), 1.0);
  EXPECT_DOUBLE_EQ(busbw_factor("all_gather", 8), 0.875);
  EXPECT_DOUBLE_EQ(busbw_factor("reduce_scatter", 4), 0.75);
  EXPECT_DOUBLE_EQ(busbw_factor("all_to_all", 16), 0.9375);
  EXPECT_DOUBLE_EQ(busbw_factor("broadcast", 8), 1.0);
  EXPECT_DOUBLE_EQ(busbw_factor("send_recv", 2), 1.0);
  EXPECT_THROW(busbw_factor("allreduce", 8), InputError);
  EXPECT_THROW(busbw_factor("all_reduce", 0), InputError);
}

TEST(BusBandwidth, CollectivePointFollowsNcclTests) {
  const CollectivePoint c = make_collective_point("all_reduce", 8, 1e9, make_timing({0.01}));
  EXPECT_DOUBLE_EQ(c.algbw_GBps, 100.0);  // 1 GB / 10 ms
  EXPECT_DOUBLE_EQ(c.busbw_GBps, 175.0);  // × 2·7/8
}

TEST(AlphaBetaFit, RecoversNoiselessParametersOverEightBytesToFourGiB) {
  const auto points = testing::alpha_beta_points("all_reduce", 8, 5e-6, 100e9, 3, 32);
  ASSERT_EQ(points.size(), 30u);
  const AlphaBetaFit fit = fit_alpha_beta(points);
  EXPECT_NEAR(fit.alpha_s, 5e-6, 5e-6 * 1e-9);
  EXPECT_NEAR(fit.beta_Bps, 100e9, 100e9 * 1e-9);
  EXPECT_LT(fit.residual_rel_max, 1e-9);
  EXPECT_LT(fit.residual_rms_s, 1e-12);
}

TEST(AlphaBetaFit, StaysWithinOnePercentUnderTwoPercentNoise) {
  auto points = testing::alpha_beta_points("all_reduce", 8, 5e-6, 100e9, 3, 32);
  const double pattern[] = {+0.02, -0.02, +0.01, -0.01, 0.0, +0.015, -0.015};
  for (std::size_t i = 0; i < points.size(); ++i) {
    const double noisy_s = points[i].timing.median_s * (1.0 + pattern[i % 7]);
    points[i].timing = make_timing({noisy_s});
  }
  const AlphaBetaFit fit = fit_alpha_beta(points);
  EXPECT_NEAR(fit.alpha_s, 5e-6, 0.01 * 5e-6);
  EXPECT_NEAR(fit.beta_Bps, 100e9, 0.01 * 100e9);
  EXPECT_GT(fit.residual_rel_max, 0.01);  // the noise shows in the residual...
  EXPECT_LT(fit.residual_rel_max, 0.03);  // ...at about its own size
}

TEST(AlphaBetaFit, TwoExactPointsHaveZeroResidual) {
  // t = 2 µs + S / 50 GB/s at 1 KB and 1 MB.
  std::vector<CollectivePoint> points{
      make_collective_point("broadcast", 4, 1e3, make_timing({2e-6 + 1e3 / 5e10})),
      make_collective_point("broadcast", 4, 1e6, make_timing({2e-6 + 1e6 / 5e10}))};
  const AlphaBetaFit fit = fit_alpha_beta(points);
  EXPECT_NEAR(fit.alpha_s, 2e-6, 1e-15);
  EXPECT_NEAR(fit.beta_Bps, 5e10, 5e10 * 1e-9);
  EXPECT_NEAR(fit.residual_rel_max, 0.0, 1e-9);
}

TEST(AlphaBetaFit, NegativeAlphaIsClampedAndBetaRefitted) {
  // (1 MB, 10 µs) and (2 MB, 30 µs) lie on t = −10 µs + S·2e-11. With alpha = 0 the weighted fit
  // 1/beta = Σ(S/t) / Σ(S/t)² = (1e11 + 2/3·1e11) / (1e22 + 4/9·1e22) = 15/13 · 1e-11.
  std::vector<CollectivePoint> points{
      make_collective_point("send_recv", 2, 1e6, make_timing({1e-5})),
      make_collective_point("send_recv", 2, 2e6, make_timing({3e-5}))};
  const AlphaBetaFit fit = fit_alpha_beta(points);
  EXPECT_EQ(fit.alpha_s, 0.0);
  EXPECT_NEAR(fit.beta_Bps, 13.0 / 15.0 * 1e11, 1e-9 * 1e11);
  // Fitted times 15/13 and 30/13 × 10 µs against 13/13 and 39/13: errors 2/13 and 9/13 × 10 µs.
  EXPECT_NEAR(fit.residual_rel_max, 3.0 / 13.0, 1e-12);
  EXPECT_NEAR(fit.residual_rms_s, 1e-5 / 13.0 * std::sqrt((4.0 + 81.0) / 2.0), 1e-15);
}

TEST(AlphaBetaFit, RefusesFewerThanTwoDistinctSizes) {
  EXPECT_THROW(fit_alpha_beta({}), InputError);
  const CollectivePoint one = make_collective_point("all_reduce", 8, 1e6, make_timing({1e-5}));
  EXPECT_THROW(fit_alpha_beta({one}), InputError);
  const CollectivePoint again = make_collective_point("all_reduce", 8, 1e6, make_timing({2e-5}));
  EXPECT_THROW(fit_alpha_beta({one, again}), InputError);
}

TEST(AlphaBetaFit, RefusesTimesThatShrinkWithSize) {
  std::vector<CollectivePoint> points{
      make_collective_point("all_reduce", 8, 1e3, make_timing({2e-5})),
      make_collective_point("all_reduce", 8, 1e6, make_timing({1e-5}))};
  EXPECT_THROW(fit_alpha_beta(points), InputError);
}

}  // namespace
}  // namespace wt
