// Axis ticks and the value → pixel mapping, against hand-computed values.
#include <gtest/gtest.h>

#include "sim/report/plot_axis.hpp"

namespace wt {
namespace {

TEST(PlotAxis, NiceSteps) {
  EXPECT_DOUBLE_EQ(nice_step(18.6), 20.0);
  EXPECT_DOUBLE_EQ(nice_step(2.2), 2.5);
  EXPECT_DOUBLE_EQ(nice_step(0.3), 0.5);
  EXPECT_DOUBLE_EQ(nice_step(7.0), 10.0);
  EXPECT_DOUBLE_EQ(nice_step(1.0), 1.0);
  EXPECT_DOUBLE_EQ(nice_step(0.0), 1.0);  // degenerate: a unit step
}

TEST(PlotAxis, TicksCoverTheData) {
  const AxisTicks t = nice_ticks(0.0, 93.0);  // raw step 18.6 → 20
  EXPECT_EQ(t.values, (std::vector<double>{0, 20, 40, 60, 80, 100}));
  EXPECT_DOUBLE_EQ(t.min, 0.0);
  EXPECT_DOUBLE_EQ(t.max, 100.0);
  const AxisTicks f = nice_ticks(0.0, 0.92);  // raw 0.184 → 0.2
  ASSERT_EQ(f.values.size(), 6u);
  EXPECT_NEAR(f.values[5], 1.0, 1e-12);
  const AxisTicks off = nice_ticks(130.0, 470.0);  // raw 68 → 100: 100 .. 500
  EXPECT_DOUBLE_EQ(off.min, 100.0);
  EXPECT_DOUBLE_EQ(off.max, 500.0);
  EXPECT_EQ(off.values.size(), 5u);
}

TEST(PlotAxis, EmptyRangeWidens) {
  const AxisTicks t = nice_ticks(5.0, 5.0);  // range taken as 5: raw 1 → 1
  EXPECT_LE(t.min, 5.0);
  EXPECT_GT(t.max, 5.0);
  const AxisTicks swapped = nice_ticks(93.0, 0.0);
  EXPECT_DOUBLE_EQ(swapped.max, 100.0);
}

TEST(PlotAxis, LinearAndLog2Maps) {
  const AxisMap lin{0.0, 10.0, 100.0, 200.0, AxisScale::linear};
  EXPECT_DOUBLE_EQ(lin(5.0), 150.0);
  const AxisMap y{0.0, 10.0, 400.0, 100.0, AxisScale::linear};  // y grows upwards
  EXPECT_DOUBLE_EQ(y(10.0), 100.0);
  EXPECT_DOUBLE_EQ(y(2.5), 325.0);
  const AxisMap log{1.0, 16.0, 0.0, 400.0, AxisScale::log2};
  EXPECT_DOUBLE_EQ(log(4.0), 200.0);  // log2 4 / log2 16 = 1/2
  EXPECT_DOUBLE_EQ(log(2.0), 100.0);
}

}  // namespace
}  // namespace wt
