// The dense first layers of an MoE model and the MTP layers (sim/workload/layer_mix.hpp): where
// the split puts them, their parameters, kernels and FLOPs, checked against hand counts.
#include "sim/workload/layer_mix.hpp"

#include <gtest/gtest.h>

#include "sim/workload/builder.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/memory.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/stage_memory.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

// 10 layers (h 2048, dense MLP f 8192, not gated; 8 experts of 1024, top-2, no shared expert),
// the first 3 dense, on TP 2 × PP 4 × DP 2 with EP 2 and ETP 1; 32 micro-batches of 1 × 2048.
Scenario moe_scenario(int mtp_layers = 0) {
  Scenario s = test::gpt_scenario(2, 4, 2);
  s.model.num_layers = 10;
  s.model.moe = {.num_experts = 8, .top_k = 2, .moe_ffn_hidden_size = 1024};
  s.model.moe.first_dense_layers = 3;
  s.model.mtp_layers = mtp_layers;
  s.parallel.expert = 2;
  s.parallel.expert_tensor = 1;
  return s;
}

TEST(LayerMix, DenseFirstLayersSitWhereTheSplitPutsThem) {
  const Scenario s = moe_scenario();
  // 10 layers over 4 stages: 2, 3, 3, 2; the first 3 are layers 0–1 (stage 0) and 2 (stage 1).
  EXPECT_EQ(stage_dense_layers(s, 0), 2);
  EXPECT_EQ(stage_dense_layers(s, 1), 1);
  EXPECT_EQ(stage_dense_layers(s, 2), 0);
  EXPECT_EQ(stage_dense_layers(s, 3), 0);
  // Interleaved over 2 chunks (8 parts: 1, 2, 2, 1 | 1, 1, 1, 1): chunk 0 of stage 0 holds layer
  // 0, chunk 0 of stage 1 layers 1–2; chunk 1 of stage 0 holds layer 6.
  Scenario v = s;
  v.parallel.pipeline_schedule = PipelineSchedule::interleaved;
  v.parallel.virtual_stages = 2;
  EXPECT_EQ(chunk_first_layer(v, 1, 0), 1);
  EXPECT_EQ(chunk_first_layer(v, 0, 1), 6);
  EXPECT_EQ(chunk_dense_layers(v, 0, 0), 1);
  EXPECT_EQ(chunk_dense_layers(v, 1, 0), 2);
  EXPECT_EQ(chunk_dense_layers(v, 0, 1), 0);
  EXPECT_TRUE(chunk_holds_mtp(moe_scenario(1), 3, 0));
  EXPECT_FALSE(chunk_holds_mtp(moe_scenario(1), 2, 0));
  EXPECT_FALSE(chunk_holds_mtp(s, 3, 0));
  // A dense model has no dense first layers to tell apart.
  EXPECT_EQ(dense_first_layers(test::gpt_scenario(2, 4, 2).model), 0);
}

TEST(LayerMix, StageParametersHoldEachKindOfLayerWhereItSits) {
  const Scenario s = moe_scenario(1);
  // Attention 4h² + 4h = 16,785,408; dense MLP 2hf + f + h = 33,564,672; over TP 2 plus the four
  // norm vectors 4h: 25,183,232 per dense layer. Stage 0: two of them and the embedding V·h/2.
  EXPECT_DOUBLE_EQ(stage_params(s, 2, 0), 2.0 * 25183232.0 + 52428800.0);
  // An MoE layer: attention and the router h·E over TP 2 (8,400,896), the 8 experts
  // 8 · (2h·1024 + 1024 + h) over EP 2 (16,789,504), norms 8,192: 25,198,592, 16,789,504 of
  // them the experts'. The MTP layer: one more, the 2h × h projection over TP 2 (4,194,304), three
  // norms (6,144) and the embedding's copy V·h/2 (PP 4, untied): 81,827,840.
  EXPECT_DOUBLE_EQ(mtp_params_on_gpu(s).total, 81827840.0);
  EXPECT_DOUBLE_EQ(mtp_params_on_gpu(s).expert, 16789504.0);
  EXPECT_DOUBLE_EQ(mtp_params_on_gpu(s).embedding_copy, 52428800.0);
  // The last stage: two MoE layers, the output layer, the final norm 2h and the MTP layer.
  EXPECT_DOUBLE_EQ(stage_params(s, 2, 3), 2.0 * 25198592.0 + 52428800.0 + 4096.0 + 81827840.0);
  EXPECT_DOUBLE_EQ(stage_expert_params(s, 2, 3), 3.0 * 16789504.0);
  EXPECT_DOUBLE_EQ(stage_expert_params(s, 2, 0), 0.0);
  EXPECT_DOUBLE_EQ(stage_expert_params(s, 3, 1), 2.0 * 16789504.0);
  // Every weight once over the stages (per GPU × TP for the dense parts is not a sum): the layers
  // of all four stages are 3 dense and 7 MoE ones.
  double layers = 0.0;
  for (int st = 0; st < 4; ++st)
    layers += stage_params(moe_scenario(), st == 1 || st == 2 ? 3 : 2, st);
  EXPECT_DOUBLE_EQ(layers, 3.0 * 25183232.0 + 7.0 * 25198592.0 + 2.0 * 52428800.0 + 4096.0);
}

TEST(LayerMix, DenseFirstLayersCountAsDenseInTheModelFlops) {
  Scenario moe_only = moe_scenario();
  moe_only.model.moe.first_dense_layers = 0;
  // Per dense layer forward over the batch (B·s = 131,072 tokens): the dense MLP 2·2·B·s·h·f
  // instead of top-2 experts 2·2·2·B·s·h·1024 and the router 2·B·s·h·8; three passes, 3 layers.
  const double bs = 64.0 * 2048.0, h = 2048.0;
  const double per_layer = 4.0 * bs * h * 8192.0 - (8.0 * bs * h * 1024.0 + 2.0 * bs * h * 8.0);
  EXPECT_DOUBLE_EQ(per_layer, 6592774799360.0);
  EXPECT_NEAR(model_flops_per_iteration(moe_scenario()) - model_flops_per_iteration(moe_only),
              9.0 * per_layer, 1e-12 * model_flops_per_iteration(moe_only));
}

TEST(LayerMix, MtpLayersAddToTheHardwareFlopsOnly) {
  const Scenario base = moe_scenario(0), mtp = moe_scenario(1);
  // Per MTP depth, three passes of: the projection 2·B·s·2h·h, an MoE layer's forward and the
  // output head 2·B·s·h·V; and the half attention core the fused backward computes again.
  const double bs = 64.0 * 2048.0, h = 2048.0, s = 2048.0;
  const double layer = 2.0 * bs * 3.0 * h * h                         // QKV (16 heads, 16 KV heads)
                       + 4.0 * bs * s * h                             // scores and values
                       + 2.0 * bs * h * h                             // output projection
                       + 8.0 * bs * h * 1024.0 + 2.0 * bs * h * 8.0;  // experts, router
  const double extra =
      3.0 * (2.0 * bs * 2.0 * h * h + layer + 2.0 * bs * h * 51200.0) + 0.5 * 4.0 * bs * s * h;
  EXPECT_NEAR(hardware_flops_per_iteration(mtp) - hardware_flops_per_iteration(base), extra,
              1e-12 * extra);
  EXPECT_DOUBLE_EQ(model_flops_per_iteration(mtp), model_flops_per_iteration(base));
}

TEST(LayerMix, MtpInputKernelsByHand) {
  const Scenario s = moe_scenario(1);
  // 2,048 tokens per GPU (b 1, no CP), TP 2 without SP.
  const KernelList fwd = mtp_input_forward_kernels(s);
  ASSERT_EQ(fwd.size(), 3u);
  EXPECT_EQ(fwd[0].name, "embedding");
  EXPECT_DOUBLE_EQ(fwd[0].bytes, 2.0 * 2048 * 2048 * 2);
  EXPECT_EQ(fwd[1].name, "mtp_norms");  // two norms, read + write 16-bit
  EXPECT_DOUBLE_EQ(fwd[1].bytes, 2.0 * 2.0 * 2048 * 2048 * 2);
  EXPECT_EQ(fwd[2].name, "mtp_eh_proj");  // [2048 × 4096] · [4096 × 1024]
  EXPECT_EQ(fwd[2].m, 2048);
  EXPECT_EQ(fwd[2].n, 1024);
  EXPECT_EQ(fwd[2].k, 4096);
  EXPECT_DOUBLE_EQ(fwd[2].flops, 2.0 * 2048 * 1024 * 4096);
  const KernelList bwd = mtp_input_backward_kernels(s);
  ASSERT_EQ(bwd.size(), 4u);
  EXPECT_DOUBLE_EQ(bwd[0].flops, 2.0 * 2048 * 1024 * 4096);  // dgrad
  EXPECT_DOUBLE_EQ(bwd[1].flops, 2.0 * 2048 * 1024 * 4096);  // wgrad
  EXPECT_DOUBLE_EQ(bwd[2].bytes, 2.0 * 3.0 * 2048 * 2048 * 2);
  EXPECT_EQ(bwd[3].name, "embedding_bwd");
}

int ops_where(const Program& p, auto pred) {
  int n = 0;
  for (const Op& op : p.ops)
    n += pred(op) ? 1 : 0;
  return n;
}

TEST(LayerMix, DenseLayersRunNoAllToAllAndMtpRunsOnTheLastStage) {
  const Scenario s = moe_scenario(1);
  const Workload w = build_workload(s);
  const auto ep = [](const Op& op) { return op.dim == CommDim::ep; };
  // 32 micro-batches; one all-to-all op (dispatch and combine, 2 calls) per MoE layer pass.
  EXPECT_EQ(ops_where(w.programs[0], ep), 0);           // layers 0–1 dense
  EXPECT_EQ(ops_where(w.programs[1], ep), 2 * 2 * 32);  // layer 2 dense, 3–4 MoE
  EXPECT_EQ(ops_where(w.programs[2], ep), 3 * 2 * 32);  // layers 5–7
  EXPECT_EQ(ops_where(w.programs[3], ep), 3 * 2 * 32);  // layers 8–9 and the MTP layer
  const auto mtp_layer = [](const Op& op) { return op.kind == OpKind::compute && op.layer == 10; };
  EXPECT_EQ(ops_where(w.programs[3], mtp_layer), 2 * 32);
  EXPECT_EQ(ops_where(w.programs[2], mtp_layer), 0);
  // The output head runs twice per micro-batch on the last stage: the main one and the MTP one.
  const auto logits = [&](const Op& op) {
    return op.kind == OpKind::compute && op.kernels >= 0 &&
           w.kernel_lists[op.kernels].front().name == "final_norm";
  };
  EXPECT_EQ(ops_where(w.programs[3], logits), 2 * 32);
  // The last stage holds the embedding's copy: it all-reduces its gradient with the first.
  const auto tied = [](const Op& op) {
    return op.phase == Phase::grad_sync && op.dim == CommDim::pp;
  };
  EXPECT_EQ(ops_where(w.programs[0], tied), 1);
  EXPECT_EQ(ops_where(w.programs[3], tied), 1);
  EXPECT_EQ(ops_where(w.programs[1], tied), 0);
  EXPECT_DOUBLE_EQ(w.stage_params[3], stage_params(s, 2, 3));
}

TEST(LayerMix, OpFlopsAddUpToTheClosedFormWithDenseAndMtpLayers) {
  for (auto recompute :
       {Recompute::none, Recompute::selective, Recompute::per_op, Recompute::full}) {
    for (int v : {1, 2}) {
      for (int block : {0, 1}) {
        Scenario s = moe_scenario(1);
        s.training.activation_recompute = recompute;
        s.training.recompute_num_layers = recompute == Recompute::full ? block : 0;
        if (v > 1) {
          s.parallel.pipeline_schedule = PipelineSchedule::interleaved;
          s.parallel.virtual_stages = v;
        }
        const Workload w = build_workload(s);
        EXPECT_NEAR(test::total_op_flops(w) / hardware_flops_per_iteration(s), 1.0, 1e-12)
            << to_string(recompute) << " v=" << v << " block=" << block;
      }
    }
  }
}

TEST(LayerMix, ActivationsOfTheDenseAndMtpLayers) {
  const Scenario s = moe_scenario(1);
  // 1F1B: stage 0 of 4 holds 4 micro-batches; its 2 dense layers keep a dense layer's activations
  // instead of an MoE layer's.
  const double moe = activation_bytes_per_layer(s);
  const double dense = activation_bytes_per_layer(dense_layer_scenario(s));
  EXPECT_DOUBLE_EQ(stage_extra_activation_bytes(s, 2, 0), 4.0 * 2.0 * (dense - moe));
  EXPECT_DOUBLE_EQ(stage_extra_activation_bytes(s, 3, 2), 0.0);
  // The last stage holds one micro-batch: the MTP layer, its inputs 4·b·s·h 16-bit values
  // (33,554,432 B, no SP) and its head's fp32 logits 4·b·s·V/2 (209,715,200 B).
  EXPECT_DOUBLE_EQ(stage_extra_activation_bytes(s, 2, 3), moe + 33554432.0 + 209715200.0);
}

}  // namespace
}  // namespace wt

namespace wt {
namespace {

// MoE in every second layer after one dense first layer (model.moe.layer_freq 2): 10 layers are
// dense 0, then groups (1, 2), (3, 4), …: layers 2, 4, 6, 8 are MoE, the other six dense.
TEST(LayerMix, MoeEveryKthLayerCountsItsDenseLayers) {
  Scenario s = moe_scenario();
  s.model.moe.first_dense_layers = 1;
  s.model.moe.layer_freq = 2;
  for (int layer = 0; layer < 10; ++layer)
    EXPECT_EQ(is_moe_layer(s.model, layer), layer == 2 || layer == 4 || layer == 6 || layer == 8)
        << layer;
  EXPECT_EQ(total_dense_layers(s.model), 6);
  EXPECT_EQ(dense_layers_in(s.model, 2, 3), 1);  // layers 2, 3, 4: only 3 is dense
  // 10 layers over 4 stages: 0–1, 2–4, 5–7, 8–9.
  EXPECT_EQ(stage_dense_layers(s, 0), 2);
  EXPECT_EQ(stage_dense_layers(s, 1), 1);
  EXPECT_EQ(stage_dense_layers(s, 2), 2);
  EXPECT_EQ(stage_dense_layers(s, 3), 1);
  EXPECT_TRUE(has_dense_layers(s.model));
  s.model.moe.first_dense_layers = 0;
  s.model.moe.layer_freq = 1;
  EXPECT_FALSE(has_dense_layers(s.model));
  EXPECT_EQ(total_dense_layers(s.model), 0);
}

// The parameters: six dense and four MoE layers of the model above, against the same counts of
// the two kinds of layer.
TEST(LayerMix, MoeEveryKthLayerHoldsEachKindsParameters) {
  Scenario s = moe_scenario();
  s.model.moe.first_dense_layers = 1;
  s.model.moe.layer_freq = 2;
  const ParamCount c = param_count(s.model);
  const double layers =
      6.0 * dense_layer_params(s.model).total() + 4.0 * repeated_layer_params(s.model).total();
  const double rest = param_count(moe_scenario().model).total -
                      3.0 * dense_layer_params(s.model).total() -
                      7.0 * repeated_layer_params(s.model).total();  // embeddings, final norm
  EXPECT_DOUBLE_EQ(c.total, layers + rest);
  // Every op of the workload adds up to the closed-form FLOPs.
  s.training.global_batch_size = 8;
  EXPECT_NEAR(test::total_op_flops(build_workload(s)) / hardware_flops_per_iteration(s), 1.0,
              1e-12);
}

}  // namespace
}  // namespace wt
