// Megatron-Core's selective recompute by module (training.recompute_modules), by hand on a small
// model: h 64, a 4, f 256 (two-matrix MLP), s 16, b 1, dropout 0.1, no TP; sbh = 1,024 elements.
#include "sim/workload/recompute_modules.hpp"

#include <gtest/gtest.h>

#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/memory.hpp"
#include "sim/workload/model_math.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

using M = RecomputeModule;
constexpr double kSbh = 16.0 * 1 * 64;

Scenario small(std::vector<RecomputeModule> modules) {
  Scenario s = test::gpt_scenario(1, 1, 1);
  s.model.num_layers = 2;
  s.model.hidden_size = 64;
  s.model.num_attention_heads = 4;
  s.model.num_kv_heads = 4;
  s.model.ffn_hidden_size = 256;
  s.model.seq_length = 16;
  s.model.vocab_size = 100;
  s.training.global_batch_size = 1;
  s.training.activation_recompute = Recompute::selective;
  s.training.recompute_modules = std::move(modules);
  return s;
}

// A small MoE: 4 experts of f 32, top-2, one shared expert of 48, SwiGLU.
Scenario small_moe(std::vector<RecomputeModule> modules) {
  Scenario s = small(std::move(modules));
  s.model.gated_mlp = true;
  s.model.moe.num_experts = 4;
  s.model.moe.top_k = 2;
  s.model.moe.moe_ffn_hidden_size = 32;
  s.model.moe.num_shared_experts = 1;
  s.model.moe.shared_expert_ffn_hidden_size = 48;
  return s;
}

TEST(RecomputeModules, OnlySelectiveRecomputesModules) {
  Scenario s = small({M::core_attn, M::mlp});
  EXPECT_TRUE(recomputes(s.training, M::mlp));
  EXPECT_FALSE(recomputes(s.training, M::layernorm));
  s.training.activation_recompute = Recompute::full;
  EXPECT_FALSE(recomputes(s.training, M::mlp));
}

// Korthikanti's 34 = replicated 10 (norm inputs 4, QKV and fc1 inputs 2 + 2, dropout masks 2) +
// attention 8 (Q, K, V, projection input) + MLP 16 (fc1 output 2·4, activation output 2·4).
TEST(RecomputeModules, EachModuleDropsItsSavedTensors) {
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(small({M::core_attn})), 34 * kSbh);  // as before
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(small({M::core_attn, M::layernorm})), 30 * kSbh);
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(small({M::core_attn, M::mlp})), 18 * kSbh);
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(small({M::layernorm, M::mlp})), 14 * kSbh);
  // An unfused core keeps its scores, 5as/h = 5 · 4 · 16 / 64 = 5, unless core_attn recomputes.
  Scenario s = small({M::mlp});
  s.training.attention = AttentionKernel::unfused;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), (18 + 5) * kSbh);
  s.training.recompute_modules = {M::core_attn, M::mlp};
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), 18 * kSbh);
  // With TP 2 and SP everything is halved; fp8 keeps the GEMMs' quantized inputs, so layernorm
  // frees nothing: 34 → 27 either way.
  Scenario tp = small({M::core_attn, M::layernorm});
  tp.parallel.tensor = 2;
  tp.parallel.sequence_parallel = true;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(tp), 30 * kSbh / 2);
  Scenario fp8 = small({M::core_attn, M::layernorm});
  fp8.training.precision = Precision::fp8;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(fp8), 27 * kSbh);
}

// MoE terms per token (sbh units): routed 2 · (4 + 2) · 32/64 = 6, shared (4 + 2) · 48/64 = 4.5,
// the routed activation output 2 · 2 · 32/64 = 2; replicated 10, attention 8: 28.5 in all.
TEST(RecomputeModules, MoeModules) {
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(small_moe({M::core_attn})), 28.5 * kSbh);
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(small_moe({M::moe})), 18 * kSbh);
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(small_moe({M::shared_experts})), 24 * kSbh);
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(small_moe({M::moe_act})), 26.5 * kSbh);
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(small_moe({M::moe_act, M::shared_experts})),
                   22 * kSbh);
  // moe holds the other two: listing them as well drops nothing twice.
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(small_moe({M::moe, M::moe_act})), 18 * kSbh);
}

// MLA's up projections: Q, K, V of a = 4 heads, d_qk 16 + 8 rope, d_v 16: 2 · (96 + 96 + 64)/64 =
// 8 sbh dropped.
TEST(RecomputeModules, MlaUpProjectionsDropQKV) {
  Scenario s = small({M::core_attn});
  s.model.mla = {32, 48, 8, 16, 16};
  const double kept = activation_bytes_per_layer(s);
  s.training.recompute_modules = {M::core_attn, M::mla_up_proj};
  EXPECT_DOUBLE_EQ(kept - activation_bytes_per_layer(s), 8 * kSbh);
  // Recomputed: q_up 2·16·32·96 + kv_up 2·16·48·(4·(16 + 16)) = 98,304 + 196,608 FLOPs per layer.
  s.training.recompute_modules = {M::core_attn};
  const double before = hardware_flops_per_iteration(s);
  s.training.recompute_modules = {M::core_attn, M::mla_up_proj};
  EXPECT_DOUBLE_EQ(hardware_flops_per_iteration(s) - before, 2 * (98'304.0 + 196'608.0));
}

// One module at a time is recomputed in backward: the largest module's tensors come back.
TEST(RecomputeModules, TheLargestModuleIsTheWorkingSet) {
  EXPECT_DOUBLE_EQ(recompute_working_bytes(small({M::core_attn})), 0.0);
  EXPECT_DOUBLE_EQ(recompute_working_bytes(small({M::layernorm, M::mlp})), 16 * kSbh);
  EXPECT_DOUBLE_EQ(recompute_working_bytes(small({M::layernorm})), 4 * kSbh);
}

// The recomputed forward of the MLP: 4·b·s·h·f = 4 · 16 · 64 · 256 = 1,048,576 FLOPs per layer,
// two layers; in the hardware FLOPs and, per layer, in the backward kernel list.
TEST(RecomputeModules, TheMlpRunsItsForwardAgain) {
  const Scenario base = small({M::core_attn});
  const Scenario mlp = small({M::core_attn, M::mlp});
  EXPECT_DOUBLE_EQ(hardware_flops_per_iteration(mlp) - hardware_flops_per_iteration(base),
                   2 * 1'048'576.0);
  EXPECT_DOUBLE_EQ(sum_flops(layer_backward_kernels(mlp)) - sum_flops(layer_backward_kernels(base)),
                   1'048'576.0);
  bool found = false;
  for (const Kernel& k : layer_backward_kernels(mlp))
    found = found || k.name == "mlp_fc2_recompute";
  EXPECT_TRUE(found);
}

// The norms: read + write h each, two of them, 16-bit: 16 · 2 · 2 · 64 · 2 B = 8,192 B, no FLOPs.
TEST(RecomputeModules, TheNormsRunAgainMemoryBound) {
  const Scenario ln = small({M::core_attn, M::layernorm});
  EXPECT_DOUBLE_EQ(hardware_flops_per_iteration(ln),
                   hardware_flops_per_iteration(small({M::core_attn})));
  double bytes = 0.0;
  for (const Kernel& k : layer_backward_kernels(ln))
    if (k.name == "layernorm_recompute") bytes += k.bytes;
  EXPECT_DOUBLE_EQ(bytes, 8'192.0);
}

// MoE: moe reruns the experts (top-2 of 4·b·s·h·f·1.5 gated: 6·16·64·32 · 2 = 393,216), the shared
// expert (6·16·64·48 = 294,912) and the router (2·16·64·4 = 8,192) per layer; shared_experts only
// the shared one; moe_act no FLOPs.
TEST(RecomputeModules, MoeRecomputeFlops) {
  const double base = hardware_flops_per_iteration(small_moe({M::core_attn}));
  EXPECT_DOUBLE_EQ(hardware_flops_per_iteration(small_moe({M::core_attn, M::moe})) - base,
                   2 * (393'216.0 + 294'912.0 + 8'192.0));
  EXPECT_DOUBLE_EQ(
      hardware_flops_per_iteration(small_moe({M::core_attn, M::shared_experts})) - base,
      2 * 294'912.0);
  EXPECT_DOUBLE_EQ(hardware_flops_per_iteration(small_moe({M::core_attn, M::moe_act})) - base, 0.0);
}

}  // namespace
}  // namespace wt
