#include <gtest/gtest.h>

#include <cmath>

#include "calibrate/replay_plan.hpp"
#include "core/error.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"

namespace wt::calibrate {
namespace {

Kernel kernel(KernelClass cls, const char* name, int64_t m, int64_t n, int64_t k, double time_s) {
  Kernel x{cls, name};
  x.m = m;
  x.n = n;
  x.k = k;
  x.flops = 2.0 * static_cast<double>(m * n * k);
  x.bytes = static_cast<double>(m * n);
  x.time_s = time_s;
  return x;
}

Op compute(int32_t list) {
  Op op;
  op.kind = OpKind::compute;
  op.kernels = list;
  return op;
}

// 8 GPUs, TP 2 × DP 2 × PP 2: ranks 0–3 run role 0, ranks 4–7 role 1.
Workload two_stage_workload() {
  Workload w;
  w.num_gpus = 8;
  w.tensor = 2;
  w.data = 2;
  w.pipeline = 2;
  w.kernel_lists = {
      {kernel(KernelClass::gemm, "qkv", 4, 6, 2, 1e-3),
       kernel(KernelClass::attention, "attention", 8, 8, 4, 2e-3)},
      {kernel(KernelClass::gemm, "qkv_dgrad", 4, 6, 2, 1e-3),
       kernel(KernelClass::memory_bound, "elementwise", 16, 16, 0, 5e-4)},
      {kernel(KernelClass::optimizer, "optimizer_step", 32, 32, 0, 1e-2)},
  };
  Program stage0;
  stage0.role = 0;
  Op collective;
  collective.kind = OpKind::collective;
  stage0.ops = {compute(0), compute(0),  compute(1), collective,
                compute(0), compute(-1), compute(1), compute(2)};
  Program stage1;
  stage1.role = 1;
  stage1.ops = {compute(0)};
  w.programs = {stage0, stage1};
  return w;
}

TEST(ReplayPlan, CountsEachDistinctKernelOverTheRolesComputeOps) {
  const ReplayPlan plan = plan_replay(two_stage_workload(), 2);
  EXPECT_EQ(plan.rank, 2);
  EXPECT_EQ(plan.role, 0);
  EXPECT_EQ(plan.compute_ops, 6);  // three of list 0, two of list 1, one of list 2
  ASSERT_EQ(plan.kernels.size(), 4u);
  // qkv (list 0, 3 ops) and qkv_dgrad (list 1, 2 ops) have one shape: 5 runs.
  EXPECT_EQ(plan.kernels[0].names, (std::vector<std::string>{"qkv", "qkv_dgrad"}));
  EXPECT_EQ(plan.kernels[0].executions, 5);
  EXPECT_EQ(plan.kernels[1].kernel.cls, KernelClass::attention);
  EXPECT_EQ(plan.kernels[1].executions, 3);
  EXPECT_EQ(plan.kernels[2].names, (std::vector<std::string>{"elementwise"}));
  EXPECT_EQ(plan.kernels[2].executions, 2);
  EXPECT_EQ(plan.kernels[3].kernel.cls, KernelClass::optimizer);
  EXPECT_EQ(plan.kernels[3].executions, 1);
  // 5 · 1 ms + 3 · 2 ms + 2 · 0.5 ms + 10 ms = 22 ms.
  EXPECT_NEAR(plan.predicted_s(), 22e-3, 1e-15);
}

TEST(ReplayPlan, RankMapsToItsPipelineStage) {
  const ReplayPlan plan = plan_replay(two_stage_workload(), 5);
  EXPECT_EQ(plan.role, 1);
  EXPECT_EQ(plan.compute_ops, 1);
  ASSERT_EQ(plan.kernels.size(), 2u);
  EXPECT_NEAR(plan.predicted_s(), 3e-3, 1e-15);
}

TEST(ReplayPlan, RankOutsideTheScenarioIsAnInputError) {
  const Workload w = two_stage_workload();
  for (int rank : {-1, 8}) {
    try {
      plan_replay(w, rank);
      FAIL() << "expected an InputError for rank " << rank;
    } catch (const InputError& e) {
      EXPECT_EQ(e.path(), "--rank");
      EXPECT_EQ(e.allowed(), "0..7");
    }
  }
}

TEST(ReplayPlan, PredictionEqualsTheCostModelsComputeOpDurations) {
  Scenario s =
      load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/llama3-8b-1node-h100.json");
  // The replay runs the kernels alone: without gradient buckets reduced beside the last backward
  // pass, whose SMs the ops' durations would pay for (sim/workload/side_streams.hpp).
  s.parallel.overlap_grad_reduce = false;
  const RunOutput run = run_scenario(s);
  const ReplayPlan plan = plan_replay(run.workload, 0);
  double ops_s = 0.0;
  for (const Op& op : run.workload.programs[0].ops) {
    if (op.kind == OpKind::compute) ops_s += op.duration_s;
  }
  ASSERT_GT(ops_s, 0.0);
  EXPECT_NEAR(plan.predicted_s(), ops_s, 1e-9 * ops_s);
  for (KernelClass c : kKernelClasses) {
    EXPECT_TRUE(std::any_of(plan.kernels.begin(), plan.kernels.end(), [&](const ReplayKernel& k) {
      return k.kernel.cls == c;
    })) << to_string(c);
  }
}

}  // namespace
}  // namespace wt::calibrate
