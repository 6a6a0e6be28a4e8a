// A GPU under a power limit (sim/hardware/power_limit): the clock of its compute-bound kernels by
// the cube law against hand-computed values, the catalog's power-limited H100 and the cost
// model's slowdown.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/hardware/gpu.hpp"
#include "sim/hardware/power_limit.hpp"
#include "sim/hardware/speed_spread.hpp"

namespace wt {
namespace {

TEST(PowerLimit, ClockFollowsTheCubeRootOfTheClockDependentPower) {
  // H100 SXM at 500 of 700 W: 140 W do not follow the clock, ((500 - 140) / (700 - 140))^(1/3)
  // = 0.642857^(1/3) = 0.863054.
  EXPECT_NEAR(power_clock_factor(700.0, 500.0), 0.863054, 1e-6);
  // An A100 at 250 of 400 W: (170 / 320)^(1/3) = 0.531250^(1/3) = 0.809903.
  EXPECT_NEAR(power_clock_factor(400.0, 250.0), 0.809903, 1e-6);
  // Half the clock-dependent power: 0.5^(1/3) = 0.793701.
  EXPECT_NEAR(power_clock_factor(1000.0, 600.0), 0.793701, 1e-6);
}

TEST(PowerLimit, NoLimitAtOrAboveTheTdpOrWithoutOne) {
  EXPECT_EQ(power_clock_factor(700.0, 700.0), 1.0);
  EXPECT_EQ(power_clock_factor(700.0, 900.0), 1.0);
  EXPECT_EQ(power_clock_factor(700.0, 0.0), 1.0);
  EXPECT_EQ(power_clock_factor(0.0, 300.0), 1.0);  // a part without a TDP in the catalog
}

TEST(PowerLimit, TheGrandTetonH100RunsAtItsOwnLimitUnlessTheScenarioSetsOne) {
  const GpuSpec* gpu = find_gpu("H100-HBM2e");
  ASSERT_NE(gpu, nullptr);
  EXPECT_EQ(gpu->id, "h100-sxm5-96gb-hbm2e");
  EXPECT_EQ(gpu->tdp_W.value, 700.0);
  EXPECT_EQ(gpu->power_limit_W.value, 500.0);
  EXPECT_EQ(gpu->memory_GB.value, 96.0);
  EXPECT_EQ(gpu->memory_bw_GBps.value, 2400.0);  // 6 stacks x 1,024 pins x 3.125 Gb/s / 8
  EXPECT_EQ(gpu->bf16_tflops.value, 989.4);      // the datasheet peak: MFU is against it
  EXPECT_NEAR(power_clock_factor(*gpu, 0.0), 0.863054, 1e-6);
  EXPECT_EQ(power_clock_factor(*gpu, 700.0), 1.0);  // raised to the TDP
  const GpuSpec* h100 = find_gpu("h100-sxm5-80gb");
  ASSERT_NE(h100, nullptr);
  EXPECT_EQ(h100->tdp_W.value, 700.0);
  EXPECT_EQ(power_clock_factor(*h100, 0.0), 1.0);
}

TEST(PowerLimit, TheCostModelStretchesComputeByTheClock) {
  Scenario s;  // one H100 SXM: no spread to wait for
  s.cluster.num_nodes = 1;
  s.cluster.gpus_per_node = 1;
  s.cluster.gpu_sustained_speed = 0.9;
  EXPECT_DOUBLE_EQ(compute_slowdown(s), 1.0 / 0.9);
  s.cluster.gpu_power_limit_W = 500.0;
  // 1 / (0.9 x 0.863054) = 1.287417
  EXPECT_NEAR(mean_compute_speed(s), 0.9 * 0.863054, 1e-6);
  EXPECT_NEAR(compute_slowdown(s), 1.287417, 1e-6);
  s.cluster.gpu_power_limit_W = 0.0;
  s.cluster.gpu = "h100-sxm5-96gb-hbm2e";  // its own 500 W
  EXPECT_NEAR(compute_slowdown(s), 1.287417, 1e-6);
}

}  // namespace
}  // namespace wt
