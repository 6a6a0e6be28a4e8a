// Speedup, scaling efficiency and the reference point, against hand-computed values.
#include <gtest/gtest.h>

#include "planner/sweep/sweep.hpp"

namespace wt {
namespace {

SweepPoint point(int gpus, double tokens_per_s, bool fits = true) {
  SweepPoint p;
  p.ran = true;
  p.result.num_gpus = gpus;
  p.result.tokens_per_s = tokens_per_s;
  p.result.fits_in_memory = fits;
  return p;
}

SweepPoint invalid() {
  SweepPoint p;
  p.error = "bad layout";
  return p;
}

TEST(SweepScaling, ClosedForms) {
  EXPECT_DOUBLE_EQ(sweep_speedup(1840.0, 1000.0), 1.84);
  // 2× the GPUs at 1.84× the throughput: (1840 / 16) / (1000 / 8) = 115 / 125 = 0.92.
  EXPECT_DOUBLE_EQ(scaling_efficiency(1840.0, 16, 1000.0, 8), 0.92);
  EXPECT_DOUBLE_EQ(scaling_efficiency(3480.0, 32, 1000.0, 8), 0.87);
  EXPECT_DOUBLE_EQ(scaling_efficiency(1000.0, 8, 1000.0, 8), 1.0);
  EXPECT_DOUBLE_EQ(scaling_efficiency(1.0, 0, 1000.0, 8), 0.0);  // degenerate inputs: 0
  EXPECT_DOUBLE_EQ(sweep_speedup(1.0, 0.0), 0.0);
}

TEST(SweepScaling, TableOfAScalingCurve) {
  std::vector<SweepPoint> pts = {point(8, 1000.0), point(16, 1840.0), point(32, 3480.0),
                                 point(64, 6400.0)};
  const int ref = reference_point(pts);
  EXPECT_EQ(ref, 0);
  apply_scaling(pts, ref);
  EXPECT_DOUBLE_EQ(pts[0].speedup, 1.0);
  EXPECT_DOUBLE_EQ(pts[0].scaling_efficiency, 1.0);
  EXPECT_DOUBLE_EQ(pts[1].scaling_efficiency, 0.92);
  EXPECT_DOUBLE_EQ(pts[2].speedup, 3.48);
  EXPECT_DOUBLE_EQ(pts[3].scaling_efficiency, 0.8);  // 100 / 125
  EXPECT_DOUBLE_EQ(pts[3].tokens_per_s_per_gpu, 100.0);
}

TEST(SweepScaling, ReferenceIsTheSmallestPointThatFits) {
  // Listed out of order; the 4-GPU point does not fit, the 2-GPU point is invalid.
  const std::vector<SweepPoint> pts = {point(16, 1800.0), invalid(), point(4, 400.0, false),
                                       point(8, 1000.0), point(8, 900.0)};
  EXPECT_EQ(reference_point(pts), 3);  // 8 GPUs, the first of the two
}

TEST(SweepScaling, WithoutAFittingPointTheSmallestThatRan) {
  const std::vector<SweepPoint> pts = {invalid(), point(16, 1.0, false), point(8, 1.0, false)};
  EXPECT_EQ(reference_point(pts), 2);
  EXPECT_EQ(reference_point({invalid(), invalid()}), -1);
}

TEST(SweepScaling, InvalidPointsKeepZeroFigures) {
  std::vector<SweepPoint> pts = {point(8, 1000.0), invalid()};
  apply_scaling(pts, 0);
  EXPECT_DOUBLE_EQ(pts[1].speedup, 0.0);
  EXPECT_DOUBLE_EQ(pts[1].scaling_efficiency, 0.0);
}

}  // namespace
}  // namespace wt
