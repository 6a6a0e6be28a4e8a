// Megatron-LM's TP communication overlap (parallel.tp_comm_overlap): each transfer exposes what its
// GEMM does not cover, the GEMM loses what the transfer's SMs take, and the walk, the estimate and
// the SimGrid engine agree on it.
#include <gtest/gtest.h>

#include "sim/comm/fabric.hpp"
#include "sim/engine/analytical/estimate.hpp"
#include "sim/hardware/speed_spread.hpp"
#include "sim/run.hpp"
#include "sim/workload/tp_overlap.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

TEST(TpOverlap, APairExposesWhatTheGemmDoesNotCoverAndTheGemmPaysForTheSms) {
  // 16 of 132 SMs: f = 0.1212, f / (1 − f) = 16 / 116 = 0.137931.
  const double f = 16.0 / 132.0;
  const OverlapPair short_transfer = overlap_pair(0.2e-3, 1.0e-3, f);
  EXPECT_EQ(short_transfer.exposed_s, 0.0);
  EXPECT_NEAR(short_transfer.stretch_s, 0.2e-3 * 16.0 / 116.0, 1e-15);  // 27.6 µs
  const OverlapPair long_transfer = overlap_pair(1.5e-3, 1.0e-3, f);
  EXPECT_NEAR(long_transfer.exposed_s, 0.5e-3, 1e-15);
  EXPECT_NEAR(long_transfer.stretch_s, 1.0e-3 * 16.0 / 116.0, 1e-15);  // 137.9 µs
}

Scenario tp4_sp(bool overlap) {
  Scenario s = test::gpt_scenario(4, 1, 2);
  s.parallel.sequence_parallel = true;
  s.parallel.tp_comm_overlap = overlap;
  return s;
}

TEST(TpOverlap, AppliesOnlyWithSequenceParallelismAndTensorParallelism) {
  const Scenario on = tp4_sp(true);
  const GpuSpec& gpu = *find_gpu(on.cluster.gpu);
  const Fabric fabric = make_fabric(on, gpu);
  EXPECT_TRUE(tp_overlap(on, gpu, fabric, nullptr, 1.0).on);
  Scenario no_sp = on;
  no_sp.parallel.sequence_parallel = false;
  EXPECT_FALSE(tp_overlap(no_sp, gpu, fabric, nullptr, 1.0).on);
  EXPECT_FALSE(tp_overlap(tp4_sp(false), gpu, fabric, nullptr, 1.0).on);
  // Without its preconditions the option changes nothing, and the scenario says so.
  Scenario plain = no_sp;
  plain.parallel.tp_comm_overlap = false;
  const RunOutput with = run_scenario(no_sp);
  EXPECT_EQ(with.result.iteration_time_s, run_scenario(plain).result.iteration_time_s);
}

TEST(TpOverlap, HidesTheTensorParallelTimeAndChargesTheGemmsInEveryEngine) {
  const RunResult off = run_scenario(tp4_sp(false)).result;
  const RunResult on = run_scenario(tp4_sp(true)).result;
  ASSERT_GT(off.exposed_comm_by_dim_s.tp, 0.0);
  // At this size (h = 2048 over TP 4, one sequence of 2048 per micro-batch) the transfers outlast
  // the smallest GEMMs (the attention projection's), so part of TP stays exposed; the compute
  // grows by the SMs' share, less than it hides.
  EXPECT_LT(on.exposed_comm_by_dim_s.tp, 0.5 * off.exposed_comm_by_dim_s.tp);
  EXPECT_GT(on.breakdown_s.compute, off.breakdown_s.compute);
  EXPECT_LT(on.breakdown_s.compute - off.breakdown_s.compute,
            off.exposed_comm_by_dim_s.tp - on.exposed_comm_by_dim_s.tp);
  EXPECT_LT(on.iteration_time_s, off.iteration_time_s);
  EXPECT_EQ(on.comm_volume_bytes_per_gpu.tp, off.comm_volume_bytes_per_gpu.tp);  // same bytes

  const RunResult estimate = estimate_scenario(tp4_sp(true));
  EXPECT_NEAR(estimate.iteration_time_s, on.iteration_time_s, 1e-9 * on.iteration_time_s);
  EXPECT_NEAR(estimate.breakdown_s.compute, on.breakdown_s.compute, 1e-9 * on.breakdown_s.compute);
  EXPECT_NEAR(estimate.exposed_comm_by_dim_s.tp, on.exposed_comm_by_dim_s.tp,
              1e-9 * on.exposed_comm_by_dim_s.tp);

  // SimGrid times the intra-node TP collectives by the same durations (the DP flows differ a
  // little): the overlap saves the same time there.
  const RunResult sg_off = run_scenario(tp4_sp(false), EngineKind::simgrid).result;
  const RunResult sg_on = run_scenario(tp4_sp(true), EngineKind::simgrid).result;
  EXPECT_NEAR(sg_on.breakdown_s.compute, on.breakdown_s.compute, 1e-9 * on.breakdown_s.compute);
  EXPECT_NEAR(sg_on.exposed_comm_by_dim_s.tp, on.exposed_comm_by_dim_s.tp,
              1e-9 * on.exposed_comm_by_dim_s.tp);
  EXPECT_NEAR(sg_off.iteration_time_s - sg_on.iteration_time_s,
              off.iteration_time_s - on.iteration_time_s,
              0.05 * (off.iteration_time_s - on.iteration_time_s));
}

}  // namespace
}  // namespace wt
