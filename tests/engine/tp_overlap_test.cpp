// Megatron-LM's TP communication overlap (parallel.tp_comm_overlap, userbuffers) and the
// asynchronous backward of Megatron-Core's and Transformer Engine's linears
// (parallel.tp_backward_overlap): each transfer exposes what its GEMM does not cover, the GEMM
// loses what the transfer's SMs take, and the walk, the estimate and the SimGrid engine agree.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sim/comm/collective.hpp"
#include "sim/comm/fabric.hpp"
#include "sim/engine/analytical/estimate.hpp"
#include "sim/hardware/speed_spread.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/tp_overlap.hpp"
#include "sim/workload/workload_sizes.hpp"
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

TEST(TpOverlap, AppliesWithUserbuffersUnderSequenceParallelismOrWithTheAsynchronousBackward) {
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
  // The asynchronous backward applies with TP, with or without sequence parallelism.
  Scenario async = plain;
  async.parallel.tp_backward_overlap = true;
  EXPECT_TRUE(tp_overlap(async, gpu, fabric, nullptr, 1.0).on);
  async.parallel.sequence_parallel = true;
  EXPECT_TRUE(tp_overlap(async, gpu, fabric, nullptr, 1.0).on);
  Scenario one = test::gpt_scenario(1, 1, 2);
  one.parallel.tp_backward_overlap = true;
  EXPECT_FALSE(tp_overlap(one, gpu, make_fabric(one, gpu), nullptr, 1.0).on);
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
  // Userbuffers gather QKV's and FC1's inputs again in backward (Transformer Engine keeps their
  // shards), as the asynchronous backward does: the same bytes as it, more than blocking TP.
  Scenario async = tp4_sp(false);
  async.parallel.tp_backward_overlap = true;
  EXPECT_EQ(on.comm_volume_bytes_per_gpu.tp,
            run_scenario(async).result.comm_volume_bytes_per_gpu.tp);
  EXPECT_GT(on.comm_volume_bytes_per_gpu.tp, off.comm_volume_bytes_per_gpu.tp);

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

// Kernel times of a layer pass by name (forward or backward list).
class KernelTimes final : public KernelSink {
 public:
  KernelTimes(const Scenario& s, const GpuSpec& gpu) : s_(s), gpu_(gpu) {}
  void add(const KernelShape& k) override {
    names_.push_back(std::string(k.name) + k.suffix);
    times_.push_back(kernel_time_s(k, gpu_, s_.training.precision, nullptr, 1.0));
  }
  double operator[](const std::string& name) const {
    for (size_t i = 0; i < names_.size(); ++i)
      if (names_[i] == name) return times_[i];
    ADD_FAILURE() << "no kernel " << name;
    return 0.0;
  }

 private:
  const Scenario& s_;
  const GpuSpec& gpu_;
  std::vector<std::string> names_;
  std::vector<double> times_;
};

double tp_call_s(const Scenario& s, const Fabric& fabric, Collective c) {
  return collective_cost(c, comm_sizes(s).tp_bytes, comm_group(CommDim::tp, s.parallel.tensor, s),
                         fabric, s.parallel.collective_algorithm)
      .time_s;
}

// By hand on TP 4 with sequence parallelism (h 2048, 2048 tokens a micro-batch): the forward's
// two all-gathers and two reduce-scatters block; backward the output gradient's all-gathers
// (projection, FC2) block, QKV's and FC1's inputs are gathered again under their dgrad GEMMs and
// their input gradients reduce-scattered under their wgrad GEMMs.
TEST(TpBackwardOverlap, TheColumnParallelCollectivesRunUnderTheirLinearsBackwardGemms) {
  Scenario s = tp4_sp(false);
  s.parallel.tp_backward_overlap = true;
  const GpuSpec& gpu = *find_gpu(s.cluster.gpu);
  const Fabric fabric = make_fabric(s, gpu);
  const TpOverlap o = tp_overlap(s, gpu, fabric, nullptr, 1.0);
  ASSERT_TRUE(o.on);
  const double ag = tp_call_s(s, fabric, Collective::all_gather);
  const double rs = tp_call_s(s, fabric, Collective::reduce_scatter);
  KernelTimes bwd(s, gpu);
  emit_layer_backward_kernels(s, bwd);
  const double f = 16.0 / 132.0;
  EXPECT_DOUBLE_EQ(o.forward.all_gather_s, 2 * ag);
  EXPECT_DOUBLE_EQ(o.forward.reduce_scatter_s, 2 * rs);
  EXPECT_EQ(o.forward.gemm_stretch_s, 0.0);
  const OverlapPair qkv_in = overlap_pair(ag, bwd["qkv_dgrad"], f);
  const OverlapPair fc1_in = overlap_pair(ag, bwd["mlp_fc1_dgrad"], f);
  const OverlapPair qkv_grad = overlap_pair(rs, bwd["qkv_wgrad"], f);
  const OverlapPair fc1_grad = overlap_pair(rs, bwd["mlp_fc1_wgrad"], f);
  EXPECT_DOUBLE_EQ(o.backward.all_gather_s, 2 * ag + qkv_in.exposed_s + fc1_in.exposed_s);
  EXPECT_DOUBLE_EQ(o.backward.reduce_scatter_s, qkv_grad.exposed_s + fc1_grad.exposed_s);
  EXPECT_NEAR(o.backward.gemm_stretch_s,
              qkv_in.stretch_s + fc1_in.stretch_s + qkv_grad.stretch_s + fc1_grad.stretch_s, 1e-18);
  // At this size (8 MiB a transfer) the wgrad GEMMs hide part of each reduce-scatter.
  EXPECT_GT(o.backward.reduce_scatter_s, 0.0);
  EXPECT_LT(o.backward.reduce_scatter_s, 2 * rs);
  // The backward pass has four all-gathers (two re-gathers) and two reduce-scatters.
  const CommSizes z = comm_sizes(s);
  const LayerPassCollectives b = layer_pass_collectives(s, z, Phase::backward);
  ASSERT_EQ(b.size, 2);
  EXPECT_EQ(b.items[0].collective, Collective::all_gather);
  EXPECT_EQ(b.items[0].count, 4);
  EXPECT_EQ(b.items[1].count, 2);
  EXPECT_EQ(layer_pass_collectives(s, z, Phase::forward).items[0].count, 2);
}

// Without sequence parallelism the forward's two all-reduces block, and the backward's (QKV's and
// FC1's input gradients) run under their wgrad GEMMs.
TEST(TpBackwardOverlap, WithoutSequenceParallelismTheAllReducesRunUnderTheWgrads) {
  Scenario s = tp4_sp(false);
  s.parallel.sequence_parallel = false;
  s.parallel.tp_backward_overlap = true;
  const GpuSpec& gpu = *find_gpu(s.cluster.gpu);
  const Fabric fabric = make_fabric(s, gpu);
  const TpOverlap o = tp_overlap(s, gpu, fabric, nullptr, 1.0);
  const double ar = tp_call_s(s, fabric, Collective::all_reduce);
  KernelTimes bwd(s, gpu);
  emit_layer_backward_kernels(s, bwd);
  const double f = 16.0 / 132.0;
  EXPECT_EQ(o.forward.all_gather_s, 0.0);
  EXPECT_DOUBLE_EQ(o.forward.reduce_scatter_s, 2 * ar);
  const OverlapPair qkv = overlap_pair(ar, bwd["qkv_wgrad"], f);
  const OverlapPair fc1 = overlap_pair(ar, bwd["mlp_fc1_wgrad"], f);
  EXPECT_DOUBLE_EQ(o.backward.reduce_scatter_s, qkv.exposed_s + fc1.exposed_s);
  EXPECT_NEAR(o.backward.gemm_stretch_s, qkv.stretch_s + fc1.stretch_s, 1e-18);
  // The run is shorter than with blocking all-reduces, and has the same bytes.
  Scenario blocking = s;
  blocking.parallel.tp_backward_overlap = false;
  const RunResult on = run_scenario(s).result;
  const RunResult off = run_scenario(blocking).result;
  EXPECT_LT(on.iteration_time_s, off.iteration_time_s);
  EXPECT_LT(on.exposed_comm_by_dim_s.tp, off.exposed_comm_by_dim_s.tp);
  EXPECT_EQ(on.comm_volume_bytes_per_gpu.tp, off.comm_volume_bytes_per_gpu.tp);
}

// An MoE layer's token dispatcher gathers and scatters tokens over TP without a linear: its
// collectives block, and only QKV re-gathers its input in backward (three all-gathers).
TEST(TpBackwardOverlap, AnMoeLayersDispatcherCollectivesBlock) {
  Scenario s = tp4_sp(false);
  s.parallel.tp_backward_overlap = true;
  s.model.moe.num_experts = 8;
  s.model.moe.top_k = 2;
  const GpuSpec& gpu = *find_gpu(s.cluster.gpu);
  const Fabric fabric = make_fabric(s, gpu);
  const TpOverlap o = tp_overlap(s, gpu, fabric, nullptr, 1.0);
  const double ag = tp_call_s(s, fabric, Collective::all_gather);
  const double rs = tp_call_s(s, fabric, Collective::reduce_scatter);
  KernelTimes bwd(s, gpu);
  emit_layer_backward_kernels(s, bwd);
  const double f = 16.0 / 132.0;
  const OverlapPair qkv_in = overlap_pair(ag, bwd["qkv_dgrad"], f);
  const OverlapPair qkv_grad = overlap_pair(rs, bwd["qkv_wgrad"], f);
  EXPECT_DOUBLE_EQ(o.backward.all_gather_s, 2 * ag + qkv_in.exposed_s);
  EXPECT_DOUBLE_EQ(o.backward.reduce_scatter_s, rs + qkv_grad.exposed_s);
  EXPECT_EQ(layer_pass_collectives(s, comm_sizes(s), Phase::backward).items[0].count, 3);
}

// The walk, the estimate and SimGrid (TP inside a node: the closed-form durations) agree on it.
TEST(TpBackwardOverlap, AgreesInEveryEngine) {
  for (const bool sp : {true, false}) {
    Scenario s = tp4_sp(false);
    s.parallel.sequence_parallel = sp;
    s.parallel.tp_backward_overlap = true;
    const RunResult walk = run_scenario(s).result;
    const RunResult estimate = estimate_scenario(s);
    EXPECT_NEAR(estimate.iteration_time_s, walk.iteration_time_s, 1e-9 * walk.iteration_time_s);
    EXPECT_NEAR(estimate.exposed_comm_by_dim_s.tp, walk.exposed_comm_by_dim_s.tp,
                1e-9 * walk.exposed_comm_by_dim_s.tp);
    EXPECT_NEAR(estimate.comm_volume_bytes_per_gpu.tp, walk.comm_volume_bytes_per_gpu.tp,
                1e-9 * walk.comm_volume_bytes_per_gpu.tp);
    // The GEMMs' loss to the transfers, and the buckets' beside the last backward.
    EXPECT_GT(walk.compute_beside_comm_s, 0.0);
    EXPECT_NEAR(estimate.compute_beside_comm_s, walk.compute_beside_comm_s,
                1e-9 * walk.compute_beside_comm_s);
    const RunResult sg = run_scenario(s, EngineKind::simgrid).result;
    EXPECT_NEAR(sg.breakdown_s.compute, walk.breakdown_s.compute, 1e-9 * walk.breakdown_s.compute);
    EXPECT_NEAR(sg.exposed_comm_by_dim_s.tp, walk.exposed_comm_by_dim_s.tp,
                1e-9 * walk.exposed_comm_by_dim_s.tp);
  }
}

// Where the option does nothing the scenario says so: one TP rank, or userbuffers already
// overlapping the backward.
TEST(TpBackwardOverlap, WarnsWhereItDoesNothing) {
  const auto warned = [](Scenario s, const std::string& text) {
    validate(s);
    return std::any_of(s.warnings.begin(), s.warnings.end(),
                       [&](const std::string& w) { return w.find(text) != std::string::npos; });
  };
  Scenario one = test::gpt_scenario(1, 1, 2);
  one.parallel.tp_backward_overlap = true;
  EXPECT_TRUE(warned(one, "parallel.tp_backward_overlap has no effect with parallel.tensor = 1"));
  Scenario both = tp4_sp(true);
  both.parallel.tp_backward_overlap = true;
  EXPECT_TRUE(
      warned(both, "parallel.tp_backward_overlap adds nothing to parallel.tp_comm_overlap"));
  Scenario async = tp4_sp(false);
  async.parallel.tp_backward_overlap = true;
  EXPECT_FALSE(warned(async, "parallel.tp_backward_overlap"));
}

}  // namespace
}  // namespace wt
