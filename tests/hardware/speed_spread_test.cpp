// The slowest GPU of a job (sim/hardware/speed_spread): the expected maximum of n standard
// normals against its closed forms (n = 2, 3) and the tabulated values of normal order
// statistics (n = 4 .. 1000), and the slowdown it gives.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "sim/hardware/speed_spread.hpp"

namespace wt {
namespace {

TEST(SpeedSpread, ExpectedMaximumOfNormalsMatchesClosedFormsAndTables) {
  const double root_pi = std::sqrt(std::numbers::pi);
  EXPECT_EQ(expected_max_standard_normal(0), 0.0);
  EXPECT_EQ(expected_max_standard_normal(1), 0.0);
  EXPECT_NEAR(expected_max_standard_normal(2), 1.0 / root_pi, 1e-9);          // 0.5642
  EXPECT_NEAR(expected_max_standard_normal(3), 3.0 / (2.0 * root_pi), 1e-9);  // 0.8463
  EXPECT_NEAR(expected_max_standard_normal(4), 1.0293754, 1e-6);
  EXPECT_NEAR(expected_max_standard_normal(5), 1.1629645, 1e-6);
  EXPECT_NEAR(expected_max_standard_normal(10), 1.5387527, 1e-6);
  EXPECT_NEAR(expected_max_standard_normal(100), 2.5075937, 1e-6);
  EXPECT_NEAR(expected_max_standard_normal(1000), 3.2414356, 1e-6);
}

TEST(SpeedSpread, TheMaximumGrowsWithTheCountAndStaysFiniteForAHugeCluster) {
  double last = 0.0;
  for (int64_t n : {2, 8, 64, 512, 4096, 32768, 1'000'000, 72'000'000}) {
    const double z = expected_max_standard_normal(n);
    EXPECT_GT(z, last) << n;
    EXPECT_TRUE(std::isfinite(z)) << n;
    last = z;
  }
  EXPECT_LT(last, 6.0);  // 72 million GPUs: about 5.6 standard deviations
}

TEST(SpeedSpread, SlowdownIsTheSlowestOfTheJobsGpus) {
  // 128 GPUs spread 2.5 %: the slowest runs at 1 - 0.025 * 2.5946 = 0.93514 of the mean.
  EXPECT_NEAR(slowest_gpu_slowdown(128, 0.025), 1.0 / (1.0 - 0.025 * 2.5945974), 1e-7);
  EXPECT_NEAR(slowest_gpu_slowdown(128, 0.025), 1.069364, 1e-6);
  EXPECT_EQ(slowest_gpu_slowdown(1, 0.1), 1.0);  // alone, a GPU waits for nobody
  EXPECT_EQ(slowest_gpu_slowdown(4096, 0.0), 1.0);
  EXPECT_LT(slowest_gpu_slowdown(8, 0.025), slowest_gpu_slowdown(2048, 0.025));
}

TEST(SpeedSpread, ComputeSlowdownIsTheSlowestGpuOverTheSustainedSpeed) {
  Scenario s;
  s.cluster.num_nodes = 16;  // 128 GPUs
  s.cluster.gpu_speed_spread = 0.025;
  s.cluster.gpu_sustained_speed = 0.9;
  // 1 / (0.9 * (1 - 0.025 * 2.5945974)) = 1.069364 / 0.9 = 1.188182
  EXPECT_NEAR(compute_slowdown(s), 1.188182, 1e-6);
  s.cluster.num_nodes = 1;
  s.cluster.gpus_per_node = 1;
  s.cluster.gpu_sustained_speed = 0.8;
  EXPECT_DOUBLE_EQ(compute_slowdown(s), 1.25);  // one GPU: only the sustained speed
  s.cluster.gpu_sustained_speed = 1.0;
  EXPECT_EQ(compute_slowdown(s), 1.0);
}

}  // namespace
}  // namespace wt
