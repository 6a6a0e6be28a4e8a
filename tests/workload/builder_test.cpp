#include "sim/workload/builder.hpp"

#include <gtest/gtest.h>

#include "sim/workload/model_math.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

double total_op_flops(const Workload& w) {
  double per_gpu_sum = 0.0;
  for (const Program& p : w.programs) {
    for (const Op& op : p.ops)
      per_gpu_sum += op.flops;
  }
  // Each program runs on tensor · context · data GPUs.
  return per_gpu_sum * w.tensor * w.context * w.data;
}

TEST(Builder, OpFlopsAddUpToTheClosedForm) {
  for (auto recompute :
       {Recompute::none, Recompute::selective, Recompute::per_op, Recompute::full}) {
    for (auto [t, p, d] : {std::tuple{1, 1, 8}, std::tuple{2, 4, 1}, std::tuple{4, 2, 2}}) {
      Scenario s = test::gpt_scenario(t, p, d);
      s.training.activation_recompute = recompute;
      s.parallel.sequence_parallel = t > 1;
      const Workload w = build_workload(s);
      EXPECT_NEAR(total_op_flops(w) / hardware_flops_per_iteration(s), 1.0, 1e-12)
          << "t=" << t << " p=" << p << " d=" << d;
    }
  }
}

// Per-op checkpointing keeps the reduce-scatters' outputs and runs the all-gathers again: per
// layer backward one recompute-phase all-gather (two calls), no reduce-scatter, no recompute op.
TEST(Builder, PerOpRerunsOnlyTheAllGathers) {
  Scenario s = test::gpt_scenario(2, 1, 4);
  s.parallel.sequence_parallel = true;
  s.training.activation_recompute = Recompute::per_op;
  const Workload w = build_workload(s);
  int gathers = 0, others = 0;
  for (const Op& op : w.programs[0].ops) {
    if (op.phase != Phase::recompute) continue;
    const bool gather = op.kind == OpKind::collective && op.collective == Collective::all_gather;
    gathers += gather && op.count == 2;
    others += !gather;
  }
  EXPECT_EQ(gathers, s.model.num_layers * s.num_micro_batches());
  EXPECT_EQ(others, 0);
}

TEST(Builder, PaddedExpertsStillAddUpToTheHardwareFlops) {
  for (double capacity : {0.0, 1.0, 1.25, 2.0}) {
    Scenario s = test::gpt_scenario(2, 1, 4);
    if (capacity == 1.25) s.training.activation_recompute = Recompute::per_op;
    s.model.moe = {8, 2, 4096};
    s.model.moe.capacity_factor = capacity;
    s.parallel.expert = 4;
    const Workload w = build_workload(s);
    EXPECT_NEAR(total_op_flops(w) / hardware_flops_per_iteration(s), 1.0, 1e-12) << capacity;
  }
}

TEST(Builder, CapacityFactorScalesTheExpertAllToAll) {
  Scenario s = test::gpt_scenario(2, 1, 4);
  s.model.moe = {8, 2, 4096};
  s.parallel.expert = 4;
  auto all_to_all_bytes = [&] {
    double bytes = 0.0;
    const Workload w = build_workload(s);
    for (const Op& op : w.programs[0].ops) {
      if (op.dim == CommDim::ep) bytes += op.bytes * op.count;
    }
    return bytes;
  };
  const double dropless = all_to_all_bytes();
  EXPECT_GT(dropless, 0.0);
  s.model.moe.capacity_factor = 1.5;
  EXPECT_DOUBLE_EQ(all_to_all_bytes(), 1.5 * dropless);
}

TEST(Builder, ContextParallelKeepsTheFlops) {
  Scenario s = test::gpt_scenario(2, 1, 2);
  s.parallel.context = 2;
  s.parallel.data = 2;
  s.cluster.gpus_per_node = 8;
  const Workload w = build_workload(s);
  EXPECT_NEAR(total_op_flops(w) / hardware_flops_per_iteration(s), 1.0, 1e-12);
}

TEST(Builder, EveryReceiveMatchesASendOfTheSameMessage) {
  for (auto kind :
       {PipelineSchedule::gpipe, PipelineSchedule::one_f_one_b, PipelineSchedule::interleaved}) {
    Scenario s = test::gpt_scenario(1, 4, 2);
    s.training.global_batch_size = 16;
    s.parallel.pipeline_schedule = kind;
    s.parallel.virtual_stages = kind == PipelineSchedule::interleaved ? 3 : 1;
    const Workload w = build_workload(s);
    int recvs = 0;
    for (const Program& p : w.programs) {
      for (const Op& op : p.ops) {
        if (op.kind != OpKind::recv) continue;
        ++recvs;
        const Op& send = w.programs[op.peer_role].ops[op.peer_op];
        EXPECT_EQ(send.kind, OpKind::send);
        EXPECT_EQ(send.micro_batch, op.micro_batch);
        EXPECT_EQ(send.phase, op.phase);
        EXPECT_EQ(send.peer_role, p.role);
      }
    }
    // m = 8 micro-batches, v chunks, p·v virtual stages: (p·v − 1) boundaries each way.
    const int v = s.parallel.virtual_stages;
    EXPECT_EQ(recvs, 2 * 8 * (4 * v - 1));
  }
}

TEST(Builder, UnevenLayersGoToLaterStagesFirst) {
  EXPECT_EQ(split_layers(10, 4, 1), (std::vector<std::vector<int>>{{2}, {3}, {3}, {2}}));
  EXPECT_EQ(split_layers(24, 2, 3), (std::vector<std::vector<int>>{{4, 4, 4}, {4, 4, 4}}));
}

TEST(Builder, DataParallelGradientsAreReducedOnce) {
  Scenario s = test::gpt_scenario(1, 1, 8);
  s.parallel.dp_bucket_mb = 40;
  const Workload w = build_workload(s);
  double reduced = 0.0;
  for (const Op& op : w.programs[0].ops) {
    if (op.phase == Phase::grad_sync) reduced += op.bytes * op.count;
  }
  // Every parameter's 2-byte gradient once (all but the final layer norm's 2h).
  const double params = w.stage_params[0] - 2.0 * s.model.hidden_size;
  EXPECT_NEAR(reduced, 2.0 * params, 1e-9 * params);
}

// The data-parallel reduction carries every gradient once, at 2 B in bf16 and at 4 B with
// fp32 gradients (Megatron-LM and NeMo with bf16).
double reduced_gradient_bytes(const Scenario& s) {
  const Workload w = build_workload(s);
  double reduced = 0.0;
  for (const Op& op : w.programs[0].ops) {
    if (op.phase == Phase::grad_sync) reduced += op.bytes * op.count;
  }
  return reduced;
}

TEST(Builder, Fp32GradientsDoubleTheReducedBytes) {
  Scenario s = test::gpt_scenario(1, 1, 8);
  s.parallel.dp_bucket_mb = 40;
  const double bf16 = reduced_gradient_bytes(s);
  s.training.grad_reduce_in_fp32 = true;
  EXPECT_NEAR(reduced_gradient_bytes(s), 2.0 * bf16, 1e-12 * bf16);
}

TEST(Builder, Zero3GathersEveryLayerForwardAndBackward) {
  Scenario s = test::gpt_scenario(1, 1, 8);
  s.parallel.zero_stage = 3;
  const Workload w = build_workload(s);
  int gathers = 0, scatters = 0;
  for (const Op& op : w.programs[0].ops) {
    gathers += op.phase == Phase::param_gather;
    scatters += op.collective == Collective::reduce_scatter && op.phase == Phase::grad_sync;
  }
  const int m = 64 / 8;  // micro-batches per iteration
  EXPECT_EQ(gathers, 2 * 24 * m);
  EXPECT_EQ(scatters, 24 * m);
}

}  // namespace
}  // namespace wt
