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

}  // namespace
}  // namespace wt
