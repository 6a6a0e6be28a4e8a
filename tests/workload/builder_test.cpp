#include "sim/workload/builder.hpp"

#include <gtest/gtest.h>

#include "sim/workload/model_math.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

using test::total_op_flops;

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

// Megatron-Core's --account-for-embedding/loss-in-pipeline-split: one slot each for the
// embedding (stage 0, chunk 0) and the loss (last stage, last chunk), dealt out as layers.
TEST(Builder, EmbeddingAndLossCountAsLayersInTheSplit) {
  Scenario s = test::gpt_scenario(1, 4, 1);
  s.model.num_layers = 10;
  // 10 + 1 slots over 4 stages: 2, 3, 3, 3; stage 0 gives one to the embedding.
  s.parallel.account_for_embedding_in_pipeline_split = true;
  EXPECT_EQ(split_layers(s), (std::vector<std::vector<int>>{{1}, {3}, {3}, {3}}));
  // 10 + 1 slots with the loss: 2, 3, 3, 3 and the last stage gives one to the loss.
  s.parallel.account_for_embedding_in_pipeline_split = false;
  s.parallel.account_for_loss_in_pipeline_split = true;
  EXPECT_EQ(split_layers(s), (std::vector<std::vector<int>>{{2}, {3}, {3}, {2}}));
  // Both: 12 slots, 3 each; the first and last stages hold 2 layers.
  s.parallel.account_for_embedding_in_pipeline_split = true;
  EXPECT_EQ(split_layers(s), (std::vector<std::vector<int>>{{2}, {3}, {3}, {2}}));
}

// Llama 3.1 405B as Megatron-Bridge runs it: 126 layers + 2 over PP 16 × VP 8 = 128 chunks. The
// first chunk holds the embedding only, the last the output layer and loss only, every other chunk
// one layer: stage 0 and stage 15 hold 7 layers, the others 8; the parameters of stage 0 are its 7
// layers and the embedding.
TEST(Builder, Llama405bSplitLeavesTheEmbeddingAndLossChunksEmpty) {
  Scenario s = test::gpt_scenario(1, 16, 1);
  s.model.num_layers = 126;
  s.parallel.virtual_stages = 8;
  s.parallel.pipeline_schedule = PipelineSchedule::interleaved;
  s.parallel.account_for_embedding_in_pipeline_split = true;
  s.parallel.account_for_loss_in_pipeline_split = true;
  const std::vector<std::vector<int>> split = split_layers(s);
  int total = 0;
  for (int st = 0; st < 16; ++st) {
    for (int c = 0; c < 8; ++c) {
      const bool empty = (st == 0 && c == 0) || (st == 15 && c == 7);
      EXPECT_EQ(split[st][c], empty ? 0 : 1) << st << "," << c;
      total += split[st][c];
    }
  }
  EXPECT_EQ(total, 126);
  const Workload w = build_workload(s);
  EXPECT_DOUBLE_EQ(w.stage_params[0], stage_params(s, 7, 0));
  EXPECT_DOUBLE_EQ(w.stage_params[1], stage_params(s, 8, 1));
  EXPECT_DOUBLE_EQ(w.stage_params[15], stage_params(s, 7, 15));
  // Stage 0's forward of chunk 0 is the embedding alone: one compute op, no layer.
  int chunk0_forward = 0;
  for (const Op& op : w.programs[0].ops) {
    if (op.kind == OpKind::compute && op.phase == Phase::forward && op.micro_batch == 0 &&
        op.chunk == 0) {
      ++chunk0_forward;
      EXPECT_EQ(op.layer, -1);
    }
  }
  EXPECT_EQ(chunk0_forward, 1);
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
  // Besides the layers, the embedding (forward and backward) and the output layer (forward, kept
  // through its backward) are units of their own, each with its reduce-scatter.
  EXPECT_EQ(gathers, 2 * 24 * m + 3 * m);
  EXPECT_EQ(scatters, 24 * m + 2 * m);
}

}  // namespace
}  // namespace wt
