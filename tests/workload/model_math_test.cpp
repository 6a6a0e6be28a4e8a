#include "sim/workload/model_math.hpp"

#include <gtest/gtest.h>

#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

// Megatron-LM (Narayanan et al., SC'21, eq. 3): 72·B·s·l·h²·(1 + s/6h + V/12lh) model FLOPs per
// iteration for f = 4h, k = a; 96·B·s·l·h²·(1 + s/6h + V/16lh) with full recomputation.
double megatron(double B, double s, double l, double h, double V, bool full) {
  if (full) return 96.0 * B * s * l * h * h * (1.0 + s / (6.0 * h) + V / (16.0 * l * h));
  return 72.0 * B * s * l * h * h * (1.0 + s / (6.0 * h) + V / (12.0 * l * h));
}

TEST(ModelFlops, EqualsMegatronClosedForm) {
  for (auto [layers, hidden, heads, seq, vocab, batch] :
       {std::tuple{24, 2048, 16, 2048, 51200, 512}, std::tuple{96, 12288, 96, 2048, 51200, 1536},
        std::tuple{2, 64, 4, 16, 100, 3}}) {
    Scenario s = test::gpt_scenario(1, 1, 1);
    s.training.attention = AttentionKernel::unfused;  // Megatron-LM 2021's, as the formula counts
    s.model.num_layers = layers;
    s.model.hidden_size = hidden;
    s.model.num_attention_heads = heads;
    s.model.num_kv_heads = heads;
    s.model.ffn_hidden_size = 4 * hidden;
    s.model.seq_length = seq;
    s.model.vocab_size = vocab;
    s.training.global_batch_size = batch;
    const double expected = megatron(batch, seq, layers, hidden, vocab, false);
    EXPECT_NEAR(model_flops_per_iteration(s) / expected, 1.0, 1e-9);
    EXPECT_NEAR(hardware_flops_per_iteration(s) / expected, 1.0, 1e-9);
    s.training.activation_recompute = Recompute::full;
    EXPECT_NEAR(model_flops_per_iteration(s) / expected, 1.0, 1e-9);
    EXPECT_NEAR(hardware_flops_per_iteration(s) / megatron(batch, seq, layers, hidden, vocab, true),
                1.0, 1e-9);
  }
}

TEST(ModelFlops, SelectiveRecomputeAddsTheUnfusedAttentionCore) {
  Scenario s = test::gpt_scenario(1, 1, 1);
  s.training.attention = AttentionKernel::unfused;
  const double base = hardware_flops_per_iteration(s);
  s.training.activation_recompute = Recompute::selective;
  // 4·B·s²·h per layer: 4 · 64 · 2048² · 2048 · 24 layers.
  EXPECT_DOUBLE_EQ(hardware_flops_per_iteration(s) - base, 4.0 * 64 * 2048.0 * 2048 * 2048 * 24);
}

TEST(ModelFlops, FusedAttentionRecomputesItsScoresInBackward) {
  // FlashAttention's backward computes QKᵀ again: half the forward core, 2·B·s²·h per layer, with
  // or without selective recomputation (which a fused core does not need).
  Scenario s = test::gpt_scenario(1, 1, 1);
  const double model = model_flops_per_iteration(s);
  const double rescored = 2.0 * 64 * 2048.0 * 2048 * 2048 * 24;
  EXPECT_DOUBLE_EQ(hardware_flops_per_iteration(s) - model, rescored);
  s.training.activation_recompute = Recompute::selective;
  EXPECT_DOUBLE_EQ(hardware_flops_per_iteration(s) - model, rescored);
}

// Per-op checkpointing reruns every second matmul: k (2·B·s·h², k = a), the projection (2·B·s·h²)
// and fc2 (8·B·s·h², f = 4h): 12·B·s·h² per layer beside the fused core's rescoring.
TEST(ModelFlops, PerOpRecomputesEverySecondMatmul) {
  Scenario s = test::gpt_scenario(1, 1, 1);
  const double model = model_flops_per_iteration(s);
  const double rescored = 2.0 * 64 * 2048.0 * 2048 * 2048 * 24;
  s.training.activation_recompute = Recompute::per_op;
  const double matmuls = 12.0 * 64 * 2048.0 * 2048 * 2048 * 24;
  EXPECT_DOUBLE_EQ(hardware_flops_per_iteration(s) - model, rescored + matmuls);
  // Llama-shaped: GQA 8 of 32 heads, SwiGLU f = 3.5h: k 2·B·s·h·h/4, projection 2·B·s·h², w3
  // 2·B·s·h·3.5h = 9.5·B·s·h² in all; an unfused core is recomputed whole (4·B·s²·h).
  s.model.num_attention_heads = 32;
  s.model.num_kv_heads = 8;
  s.model.ffn_hidden_size = 7168;
  s.model.gated_mlp = true;
  s.training.attention = AttentionKernel::unfused;
  const double core = 4.0 * 64 * 2048.0 * 2048 * 2048 * 24;
  EXPECT_DOUBLE_EQ(hardware_flops_per_iteration(s) - model_flops_per_iteration(s),
                   core + 9.5 * 64 * 2048.0 * 2048 * 2048 * 24);
}

TEST(ModelFlops, GatedMlpAndGqa) {
  ModelConfig m;
  m.hidden_size = 8;
  m.num_attention_heads = 4;
  m.num_kv_heads = 2;
  m.ffn_hidden_size = 16;
  m.gated_mlp = true;
  const LayerFlops f = layer_forward_flops(m, 2, 3);
  // b=2, s=3, h=8: QKV 2·6·8·(8 + 2·8·2/4) = 96·16; attention 4·2·9·8; proj 2·6·64; MLP 6·6·8·16.
  EXPECT_DOUBLE_EQ(f.qkv, 96.0 * 16.0);
  EXPECT_DOUBLE_EQ(f.attention, 576.0);
  EXPECT_DOUBLE_EQ(f.projection, 768.0);
  EXPECT_DOUBLE_EQ(f.mlp, 4608.0);
  EXPECT_DOUBLE_EQ(f.router, 0.0);
}

TEST(ModelFlops, MoeCountsTopKExpertsAndRouter) {
  ModelConfig m;
  m.hidden_size = 8;
  m.num_attention_heads = 2;
  m.ffn_hidden_size = 16;
  m.moe = {4, 2, 12};
  const LayerFlops f = layer_forward_flops(m, 1, 5);
  EXPECT_DOUBLE_EQ(f.mlp, 2.0 * 4.0 * 5 * 8 * 12);  // top_k · 4bshf with f = 12
  EXPECT_DOUBLE_EQ(f.router, 2.0 * 5 * 8 * 4);
}

// GShard-style capacity: every expert's input is padded to capacity_factor × its balanced share,
// so the GPUs run the expert MLP 1.25 times over; the model FLOPs (useful work) do not change.
TEST(ModelFlops, CapacityFactorPadsTheExpertWorkOfTheHardwareFlops) {
  Scenario s = test::gpt_scenario(1, 1, 8);
  s.model.moe = {8, 2, 8192};
  const double model = model_flops_per_iteration(s);
  const double dropless = hardware_flops_per_iteration(s);
  s.model.moe.capacity_factor = 1.25;
  EXPECT_DOUBLE_EQ(model_flops_per_iteration(s), model);
  // Expert MLP forward per layer: top_k · 4·B·s·h·f = 2 · 4 · 64 · 2048 · 2048 · 8192; three
  // passes, 24 layers, a quarter more.
  const double expert_mlp = 2.0 * 4.0 * 64 * 2048.0 * 2048 * 8192;
  EXPECT_DOUBLE_EQ(hardware_flops_per_iteration(s) - dropless, 0.25 * 3.0 * 24 * expert_mlp);
  // Full recomputation runs the padded forward once more.
  s.training.activation_recompute = Recompute::full;
  const double padded_full = hardware_flops_per_iteration(s);
  s.model.moe.capacity_factor = 0.0;
  EXPECT_DOUBLE_EQ(padded_full - hardware_flops_per_iteration(s), 0.25 * 4.0 * 24 * expert_mlp);
}

TEST(Params, Gpt3_175bIsAbout175Billion) {
  ModelConfig m;
  m.num_layers = 96;
  m.hidden_size = 12288;
  m.num_attention_heads = 96;
  m.num_kv_heads = 96;
  m.ffn_hidden_size = 4 * 12288;
  m.vocab_size = 51200;
  m.tied_embeddings = true;
  // 12·l·h² = 173.9e9 in the layers, plus 0.63e9 of embeddings and biases/norms.
  EXPECT_NEAR(total_params(m) / 175e9, 1.0, 0.01);
  EXPECT_NEAR(layer_params(m).total(), 12.0 * 12288.0 * 12288.0 + 13.0 * 12288.0, 1.0);
}

// A tiny MoE model, small enough to count by hand: h 8, a 2 heads (MHA), gated MLP, vocabulary
// 10 untied, 3 layers; 4 routed experts of 4, top-1, one shared expert of 6, the first layer dense
// of 32.
ModelConfig tiny_moe() {
  ModelConfig m;
  m.num_layers = 3;
  m.hidden_size = 8;
  m.num_attention_heads = 2;
  m.num_kv_heads = 2;
  m.ffn_hidden_size = 32;
  m.vocab_size = 10;
  m.gated_mlp = true;
  m.moe = {.num_experts = 4,
           .top_k = 1,
           .moe_ffn_hidden_size = 4,
           .num_shared_experts = 1,
           .shared_expert_ffn_hidden_size = 6,
           .first_dense_layers = 1};
  return m;
}

TEST(Params, SharedExpertsAndDenseFirstLayersByHand) {
  // One gated MLP of width f: 3hf + 2f + h. Expert (f 4): 112; shared (f 6): 164; dense (f 32):
  // 840. Attention 8·24 + 24 + 64 + 8 = 288, norms 32.
  // MoE layer: 4·112 + router 8·4 + 164 = 644 MLP, 964 in all; dense layer 1160.
  // Total 1160 + 2·964 + 2·10·8 + 2·8 = 3264; a token skips 3 experts in 2 layers: 3264 − 672.
  const ParamCount c = param_count(tiny_moe());
  EXPECT_DOUBLE_EQ(c.total, 3264.0);
  EXPECT_DOUBLE_EQ(c.active, 2592.0);
  EXPECT_DOUBLE_EQ(c.mtp, 0.0);
  // The mean layer: MLP (2·644 + 840) / 3, routed experts 2·448 / 3; 3 of them + embeddings and
  // final norm give the total again.
  const LayerParams mean = layer_params(tiny_moe());
  EXPECT_DOUBLE_EQ(mean.mlp, 2128.0 / 3.0);
  EXPECT_DOUBLE_EQ(mean.expert, 896.0 / 3.0);
  EXPECT_NEAR(3.0 * mean.total() + 176.0, 3264.0, 1e-9);
}

TEST(Params, MtpLayersAreCountedApart) {
  ModelConfig m = tiny_moe();
  m.mtp_layers = 1;
  // One MoE layer (964), the 2h x h projection (128) and three norms of h (24).
  const ParamCount c = param_count(m);
  EXPECT_DOUBLE_EQ(c.mtp, 1116.0);
  EXPECT_DOUBLE_EQ(c.total, 3264.0);
}

TEST(Params, MultiHeadLatentAttentionByHand) {
  ModelConfig m = tiny_moe();
  m.mla = {.q_lora_rank = 4,
           .kv_lora_rank = 3,
           .qk_rope_head_dim = 2,
           .qk_nope_head_dim = 3,
           .v_head_dim = 5};
  // Q: 8·4 + 4 + 4·2·(3+2) = 76; KV: 8·(3+2) + 3 + 3·2·(3+5) = 91; O: 2·5·8 = 80. No biases.
  // 247 instead of 288 per layer: 3 layers, 123 fewer.
  EXPECT_DOUBLE_EQ(param_count(m).total, 3264.0 - 3.0 * (288.0 - 247.0));
  m.mla.q_lora_rank = 0;  // Q straight from h: 8·2·5 = 80
  EXPECT_DOUBLE_EQ(param_count(m).total, 3264.0 - 3.0 * (288.0 - 251.0));
}

TEST(Params, HeadDimOtherThanHiddenOverHeads) {
  ModelConfig m = tiny_moe();
  m.num_kv_heads = 1;
  m.head_dim = 6;
  // Q a·d = 12, K and V k·d = 6 each: 8·24 + 24 + 12·8 + 8 = 320 (with h/a = 4 heads and one KV
  // head: 8·(8 + 8) + 16 + 64 + 8 = 216).
  const double with_d = param_count(m).total;
  m.head_dim = 0;
  EXPECT_DOUBLE_EQ(with_d - param_count(m).total, 3.0 * (320.0 - 216.0));
  m.head_dim = 4;  // = h / a: the same as 0
  EXPECT_DOUBLE_EQ(with_d - param_count(m).total, 3.0 * (320.0 - 216.0));
}

}  // namespace
}  // namespace wt
