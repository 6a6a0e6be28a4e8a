// The slowest GPU paces the step (cluster.gpu_speed_spread) and every GPU runs below its benchmark
// speed (cluster.gpu_sustained_speed): the cost model stretches the compute-bound part of a
// kernel only, both analytical paths apply it alike, and a single GPU waits for nobody.
#include <gtest/gtest.h>

#include "sim/engine/analytical/estimate.hpp"
#include "sim/hardware/speed_spread.hpp"
#include "sim/run.hpp"
#include "sim/workload/costs.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

constexpr double kLaunch_s = 2e-6;  // the H100 catalog's kernel launch overhead

TEST(SlowestGpu, OnlyTheComputeBoundPartOfAKernelStretches) {
  const GpuSpec& h100 = *find_gpu("h100-sxm5-80gb");
  Kernel gemm{KernelClass::gemm, "probe"};
  gemm.m = gemm.n = gemm.k = 8192;
  gemm.flops = 2.0 * 8192.0 * 8192.0 * 8192.0;
  const double typical = kernel_time_s(gemm, h100, Precision::bf16) - kLaunch_s;
  const double slowest = kernel_time_s(gemm, h100, Precision::bf16, nullptr, 1.07) - kLaunch_s;
  EXPECT_NEAR(slowest, 1.07 * typical, 1e-12);

  Kernel copy{KernelClass::memory_bound, "layernorm"};
  copy.bytes = 1e9;
  EXPECT_EQ(kernel_time_s(copy, h100, Precision::bf16, nullptr, 1.07),
            kernel_time_s(copy, h100, Precision::bf16));
}

TEST(SlowestGpu, DataParallelComputeStretchesByAtMostTheSlowdownInBothPaths) {
  Scenario even = test::gpt_scenario(1, 1, 8);
  even.cluster.gpu_speed_spread = 0.0;
  Scenario spread = even;
  spread.cluster.gpu_speed_spread = 0.04;
  const double slowdown = slowest_gpu_slowdown(8, 0.04);  // 1 / (1 - 0.04 * 1.4236) = 1.06038
  EXPECT_NEAR(slowdown, 1.060382, 1e-6);

  const RunResult walk_even = run_scenario(even).result;
  const RunResult walk_spread = run_scenario(spread).result;
  const double ratio = walk_spread.breakdown_s.compute / walk_even.breakdown_s.compute;
  // GEMMs and attention are most of a layer's time; layer norms and the optimizer do not stretch.
  EXPECT_GT(ratio, 1.0 + 0.8 * (slowdown - 1.0));
  EXPECT_LE(ratio, slowdown + 1e-12);

  const RunResult estimate_spread = estimate_scenario(spread);
  EXPECT_NEAR(estimate_spread.iteration_time_s, walk_spread.iteration_time_s,
              1e-9 * walk_spread.iteration_time_s);
}

TEST(SlowestGpu, TheSustainedSpeedStretchesOneGpusComputeInBothPaths) {
  Scenario bench = test::gpt_scenario(1, 1, 1);
  bench.cluster.gpu_sustained_speed = 1.0;
  Scenario sustained = bench;
  sustained.cluster.gpu_sustained_speed = 0.8;  // compute-bound work takes 1 / 0.8 = 1.25 x

  const RunResult walk_bench = run_scenario(bench).result;
  const RunResult walk_sustained = run_scenario(sustained).result;
  const double ratio = walk_sustained.breakdown_s.compute / walk_bench.breakdown_s.compute;
  EXPECT_GT(ratio, 1.0 + 0.8 * 0.25);
  EXPECT_LE(ratio, 1.25 + 1e-12);
  EXPECT_NEAR(estimate_scenario(sustained).iteration_time_s, walk_sustained.iteration_time_s,
              1e-9 * walk_sustained.iteration_time_s);
}

TEST(SlowestGpu, OneGpuIsNotSlowedBySpread) {
  Scenario one = test::gpt_scenario(1, 1, 1);
  one.cluster.gpu_speed_spread = 0.0;
  Scenario spread = one;
  spread.cluster.gpu_speed_spread = 0.15;
  EXPECT_EQ(run_scenario(spread).result.iteration_time_s,
            run_scenario(one).result.iteration_time_s);
}

}  // namespace
}  // namespace wt
