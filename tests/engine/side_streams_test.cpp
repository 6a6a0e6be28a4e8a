// Collectives on a GPU's other streams (ZeRO-3's gathers and reduce-scatters, the gradient
// buckets) take SMs from the layer passes they run beside (sim/workload/side_streams.hpp): each
// layer op pays min(c, g) · f / (1 − f), f = 16 / SMs, and the walk, the estimate and SimGrid
// agree.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "sim/comm/collective.hpp"
#include "sim/comm/fabric.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/report/summary_text.hpp"
#include "sim/run.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/side_streams.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

constexpr double kH100Ratio = 16.0 / 116.0;  // f / (1 − f) with f = 16 / 132

TEST(SideStreams, ACollectiveTakesSixteenSmsFromTheComputeBesideIt) {
  const GpuSpec& h100 = *find_gpu("h100-sxm5-80gb");
  EXPECT_DOUBLE_EQ(overlap_sm_share(h100), 16.0 / 132.0);
  const double f = overlap_sm_share(h100);
  // Compute of 1 ms beside a transfer of 0.2 ms: 0.2 ms of it on 116 of 132 SMs, 27.6 µs more.
  EXPECT_NEAR(overlap_loss_s(0.2e-3, 1.0e-3, f), 0.2e-3 * kH100Ratio, 1e-15);
  // Beside a longer transfer all of it runs slower: 137.9 µs.
  EXPECT_NEAR(overlap_loss_s(1.5e-3, 1.0e-3, f), 1.0e-3 * kH100Ratio, 1e-15);
  EXPECT_EQ(overlap_loss_s(0.0, 1.0e-3, f), 0.0);
}

// The op of `phase` of `layer` on micro-batch `mb` (the first stage's program).
const Op& layer_op(const Workload& w, OpKind kind, Phase phase, int layer, int mb) {
  const auto& ops = w.programs.front().ops;
  const auto it = std::find_if(ops.begin(), ops.end(), [&](const Op& op) {
    return op.kind == kind && op.phase == phase && op.layer == layer && op.micro_batch == mb;
  });
  EXPECT_NE(it, ops.end());
  return *it;
}

Scenario fsdp8() {
  Scenario s = test::gpt_scenario(1, 1, 8);  // 8 micro-batches per GPU
  s.parallel.zero_stage = 3;
  return s;
}

// The same layout with no collective beside its layers: no ZeRO, the buckets after the backward.
Scenario nothing_beside(Scenario s) {
  s.parallel.zero_stage = 0;
  s.parallel.overlap_grad_reduce = false;
  return s;
}

TEST(SideStreams, ZeroThreeLayerPassesPayForTheGatherAndTheReduceScatterBesideThem) {
  const Scenario s = fsdp8();
  const Scenario ddp = nothing_beside(s);
  const RunOutput z3 = run_scenario(s);
  const RunOutput plain = run_scenario(ddp);
  // Micro-batch 3 of 8, layer 5: its gather (param_gather stream), forward and backward.
  const double g = layer_op(z3.workload, OpKind::collective, Phase::param_gather, 5, 3).duration_s;
  const double r = layer_op(z3.workload, OpKind::collective, Phase::grad_sync, 5, 3).duration_s;
  const double fwd = layer_op(plain.workload, OpKind::compute, Phase::forward, 5, 3).duration_s;
  const double bwd = layer_op(plain.workload, OpKind::compute, Phase::backward, 5, 3).duration_s;
  ASSERT_GT(g, 0.0);
  ASSERT_GT(r, 0.0);
  EXPECT_NEAR(layer_op(z3.workload, OpKind::compute, Phase::forward, 5, 3).duration_s,
              fwd + std::min(g, fwd) * kH100Ratio, 1e-12);
  EXPECT_NEAR(layer_op(z3.workload, OpKind::compute, Phase::backward, 5, 3).duration_s,
              bwd + (std::min(g, bwd) + std::min(r, bwd)) * kH100Ratio, 1e-12);
  // The embedding's own pass is not a layer: nothing added.
  EXPECT_EQ(layer_op(z3.workload, OpKind::compute, Phase::forward, -1, 3).duration_s,
            layer_op(plain.workload, OpKind::compute, Phase::forward, -1, 3).duration_s);
}

TEST(SideStreams, TheFinalBackwardPassPaysForItsShareOfTheGradientBuckets) {
  Scenario s = test::gpt_scenario(1, 1, 8);
  s.parallel.overlap_grad_reduce = true;
  Scenario late = s;
  late.parallel.overlap_grad_reduce = false;
  const RunOutput on = run_scenario(s);
  const RunOutput off = run_scenario(late);
  // A layer's gradients at a full bucket's time per byte: all-reduce of 25 MB over the 8 data
  // ranks (one node), as the flushed buckets are priced.
  const GpuSpec& gpu = *find_gpu(s.cluster.gpu);
  const CommSizes z = comm_sizes(s);
  const double bucket_s =
      collective_cost(Collective::all_reduce, z.bucket_bytes, comm_group(CommDim::dp, 8, s),
                      make_fabric(s, gpu), CollectiveAlgorithm::automatic)
          .time_s;
  const double share_s = bucket_s * layer_dense_grad_bytes(s, z) / z.bucket_bytes;
  EXPECT_EQ(z.bucket_bytes, 25e6);
  const int final_mb = 7;
  const double bwd =
      layer_op(off.workload, OpKind::compute, Phase::backward, 5, final_mb).duration_s;
  ASSERT_GT(share_s, 0.0);
  ASSERT_LT(share_s, bwd);
  EXPECT_NEAR(layer_op(on.workload, OpKind::compute, Phase::backward, 5, final_mb).duration_s,
              bwd + share_s * kH100Ratio, 1e-12);
  // Earlier passes reduce nothing beside them, and no forward does.
  EXPECT_EQ(layer_op(on.workload, OpKind::compute, Phase::backward, 5, 6).duration_s,
            layer_op(off.workload, OpKind::compute, Phase::backward, 5, 6).duration_s);
  EXPECT_EQ(layer_op(on.workload, OpKind::compute, Phase::forward, 5, final_mb).duration_s,
            layer_op(off.workload, OpKind::compute, Phase::forward, 5, final_mb).duration_s);
}

// Gradients to parameter servers or compressed are not NCCL kernels; ZeRO-3 over one data rank
// gathers nothing: none of them takes SMs.
TEST(SideStreams, OnlyNcclCollectivesBesideComputeAreCharged) {
  const GpuSpec& gpu = *find_gpu("h100-sxm5-80gb");
  Scenario ps = test::gpt_scenario(1, 1, 8);
  ps.parallel.data_sync = DataSync::parameter_server;
  EXPECT_FALSE(side_streams(ps, gpu, make_fabric(ps, gpu)).on());
  Scenario one = test::gpt_scenario(8, 1, 1);
  one.parallel.zero_stage = 3;
  one.parallel.overlap_grad_reduce = false;
  EXPECT_FALSE(side_streams(one, gpu, make_fabric(one, gpu)).on());
  const Scenario z3 = fsdp8();
  const SideStreams side = side_streams(z3, gpu, make_fabric(z3, gpu));
  EXPECT_GT(side.gather_s, 0.0);
  EXPECT_GT(side.reduce_s, 0.0);
  EXPECT_EQ(side.bucket_s, 0.0);  // ZeRO-3 has no buckets
}

// The walk, the estimate and SimGrid agree: with a pipeline, dense first layers, ZeRO-3 and
// overlapped buckets.
TEST(SideStreams, EveryEngineAgrees) {
  Scenario pipelined = test::gpt_scenario(2, 2, 4, 2);
  Scenario zero3 = fsdp8();
  zero3.training.activation_recompute = Recompute::full;
  for (const Scenario& s : {pipelined, zero3, fsdp8()}) {
    const RunResult walk = run_scenario(s).result;
    const RunResult estimate = estimate_scenario(s);
    EXPECT_NEAR(estimate.iteration_time_s, walk.iteration_time_s, 1e-9 * walk.iteration_time_s)
        << s.parallel.zero_stage;
    EXPECT_NEAR(estimate.breakdown_s.compute, walk.breakdown_s.compute,
                1e-9 * walk.breakdown_s.compute);
    EXPECT_GT(walk.compute_beside_comm_s, 0.0);
    EXPECT_NEAR(estimate.compute_beside_comm_s, walk.compute_beside_comm_s,
                1e-9 * walk.compute_beside_comm_s);
    const RunResult sg = run_scenario(s, EngineKind::simgrid).result;
    EXPECT_NEAR(sg.breakdown_s.compute, walk.breakdown_s.compute, 1e-9 * walk.breakdown_s.compute);
    EXPECT_NEAR(sg.compute_beside_comm_s, walk.compute_beside_comm_s,
                1e-9 * walk.compute_beside_comm_s);
  }
}

// The result says how much of the compute the layers lost to the collectives beside them, and
// `run`'s summary shows it as a stretch of the rest.
TEST(SideStreams, TheResultSaysWhatTheLayersLost) {
  const Scenario s = fsdp8();
  const Scenario ddp = nothing_beside(s);
  const RunOutput z3 = run_scenario(s);
  const RunOutput plain = run_scenario(ddp);
  // 8 micro-batches × 24 layers, each forward and backward paying what layer 5 of micro-batch 3
  // pays (the layers are alike).
  const auto lost = [&](Phase phase) {
    return layer_op(z3.workload, OpKind::compute, phase, 5, 3).duration_s -
           layer_op(plain.workload, OpKind::compute, phase, 5, 3).duration_s;
  };
  const double expected = 8 * 24 * (lost(Phase::forward) + lost(Phase::backward));
  EXPECT_NEAR(z3.result.compute_beside_comm_s, expected, 1e-9 * expected);
  EXPECT_EQ(plain.result.compute_beside_comm_s, 0.0);
  const double own = z3.result.breakdown_s.compute - expected;
  ASSERT_GE(expected / own, 0.01);  // shown from +1%
  char stretch[64];
  std::snprintf(stretch, sizeof stretch, "SMs shared with collectives +%.1f%%",
                expected / own * 100.0);
  EXPECT_NE(summary_text(s, z3.result).find(stretch), std::string::npos)
      << summary_text(s, z3.result);
  EXPECT_EQ(summary_text(ddp, plain.result).find("SMs shared"), std::string::npos);
}

}  // namespace
}  // namespace wt
