// The layer's widths (layer_shape.hpp) as the FLOPs, the kernels and the activations use them:
// heads of their own width (GPT-OSS, Qwen3), shared experts and multi-head latent attention
// (DeepSeek-V3), each against a hand count.
#include "sim/workload/layer_shape.hpp"

#include <gtest/gtest.h>

#include <string>

#include "sim/scenario/presets.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/memory.hpp"
#include "sim/workload/model_math.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

ModelConfig preset_model(const char* name) {
  const ModelPreset* p = find_model_preset(name);
  EXPECT_NE(p, nullptr) << name;
  return p != nullptr ? p->model : ModelConfig{};
}

double flops_of(const KernelList& list, const std::string& name) {
  double total = 0.0;
  for (const Kernel& k : list)
    total += k.name == name ? k.flops : 0.0;
  return total;
}

const Kernel* kernel_named(const KernelList& list, const std::string& name) {
  for (const Kernel& k : list)
    if (k.name == name) return &k;
  return nullptr;
}

// DeepSeek-V3 (HF config.json: hidden 7168, 128 heads, q_lora_rank 1536, kv_lora_rank 512, rope
// 64, nope 128, v 128). Per token: W_DQ 7168·1536 = 11,010,048; W_UQ 1536·128·192 = 37,748,736;
// W_DKV 7168·576 = 4,128,768; W_UKV 512·128·256 = 16,777,216 (69,664,768 into Q, K, V);
// W_O 128·128·7168 = 117,440,512. 187,105,280 multiply-accumulates: the layer's attention
// parameters less the two latent norms (1536 + 512).
TEST(LayerShape, DeepSeekV3LatentAttentionByHand) {
  const ModelConfig m = preset_model("deepseek-v3");
  const AttentionWidths w = attention_widths(m);
  EXPECT_TRUE(w.mla);
  EXPECT_EQ(w.qk_head_dim, 192);
  EXPECT_EQ(w.v_head_dim, 128);
  EXPECT_EQ(w.kv_heads, 128);
  EXPECT_EQ(w.kv_latent, 576);
  EXPECT_EQ(w.kv_up_out(), 128 * 256);
  EXPECT_DOUBLE_EQ(qkv_macs_per_token(m), 69'664'768.0);
  const LayerFlops f = layer_forward_flops(m, 1, 1);
  EXPECT_DOUBLE_EQ(f.qkv, 2.0 * 69'664'768.0);
  EXPECT_DOUBLE_EQ(f.projection, 2.0 * 117'440'512.0);
  EXPECT_DOUBLE_EQ((f.qkv + f.projection) / 2.0, layer_params(m).attention - 2048.0);
  // The core over s = 4096 keys per query: 2·s·a·(192 + 128) per token.
  const LayerFlops g = layer_forward_flops(m, 1, 4096);
  EXPECT_DOUBLE_EQ(g.attention, 2.0 * 4096.0 * 4096.0 * 128.0 * 320.0);
}

// The shared expert of DeepSeek-V3 (one of 2048, SwiGLU): 3 matrices · 2 · 7168 · 2048 =
// 88,080,384 FLOPs per token; the routed experts 8 times that, the router 2·7168·256.
TEST(LayerShape, SharedExpertsCountInTheFlops) {
  const ModelConfig m = preset_model("deepseek-v3");
  EXPECT_EQ(shared_ffn_width(m), 2048);
  const LayerFlops f = layer_forward_flops(m, 1, 1);
  EXPECT_DOUBLE_EQ(f.shared, 88'080'384.0);
  EXPECT_DOUBLE_EQ(f.mlp, 8.0 * 88'080'384.0);
  EXPECT_DOUBLE_EQ(f.router, 2.0 * 7168.0 * 256.0);
  ModelConfig two = m;  // DeepSeek-V2 style: two shared experts are one MLP of twice the width
  two.moe.num_shared_experts = 2;
  EXPECT_EQ(shared_ffn_width(two), 4096);
  ModelConfig none = m;
  none.moe.num_shared_experts = 0;
  EXPECT_EQ(shared_ffn_width(none), 0);
}

// GPT-OSS-120B: hidden 2880, 64 query heads of 64 (4096 wide, not 2880), 8 KV heads. Per token:
// QKV 2·2880·(4096 + 512 + 512) = 29,491,200; output 2·4096·2880 = 23,592,960; core per key
// 2·64·(64 + 64) = 16,384.
TEST(LayerShape, HeadDimSizesTheAttention) {
  const ModelConfig m = preset_model("gpt-oss-120b");
  const LayerFlops f = layer_forward_flops(m, 1, 1);
  EXPECT_DOUBLE_EQ(f.qkv, 29'491'200.0);
  EXPECT_DOUBLE_EQ(f.projection, 23'592'960.0);
  EXPECT_DOUBLE_EQ(layer_forward_flops(m, 1, 10).attention, 10.0 * 10.0 * 16'384.0);
}

Scenario tiny(int tensor, bool sp) {
  Scenario s = test::gpt_scenario(tensor, 1, 1);
  s.model.hidden_size = 64;
  s.model.num_attention_heads = 4;
  s.model.num_kv_heads = 2;
  s.model.ffn_hidden_size = 128;
  s.model.seq_length = 16;
  s.model.gated_mlp = true;
  s.parallel.sequence_parallel = sp;
  return s;
}

// MLA on the tiny model: q_lora 16, kv_lora 8, rope 4, nope 12, values of `v`.
MlaConfig tiny_mla(int64_t v) {
  return {.q_lora_rank = 16,
          .kv_lora_rank = 8,
          .qk_rope_head_dim = 4,
          .qk_nope_head_dim = 12,
          .v_head_dim = v};
}

// 4 routed experts of `f`, top-1, two shared experts of 24.
MoeConfig tiny_moe(int64_t f) {
  return {.num_experts = 4,
          .top_k = 1,
          .moe_ffn_hidden_size = f,
          .num_shared_experts = 2,
          .shared_expert_ffn_hidden_size = 24};
}

// A model of h 64, 4 heads of 32 (128 wide), 2 KV heads, on TP 2: the QKV GEMM is
// (128 + 64 + 64) / 2 = 128 wide, the output projection's inner dimension 128 / 2 = 64, the fused
// attention 2·16·16·2 heads·(32 + 32) FLOPs.
TEST(LayerShape, KernelsUseTheHeadWidth) {
  Scenario s = tiny(2, false);
  s.model.head_dim = 32;
  const KernelList fwd = layer_forward_kernels(s);
  const Kernel* qkv = kernel_named(fwd, "qkv");
  const Kernel* proj = kernel_named(fwd, "attn_proj");
  const Kernel* core = kernel_named(fwd, "attention");
  ASSERT_TRUE(qkv && proj && core);
  EXPECT_EQ(qkv->n, 128);
  EXPECT_EQ(qkv->k, 64);
  EXPECT_EQ(proj->k, 64);
  EXPECT_EQ(core->k, 32);
  EXPECT_DOUBLE_EQ(core->flops, 2.0 * 16 * 16 * 2 * 64);
  // Per GPU, the kernels are the closed form over TP.
  const LayerFlops f = layer_forward_flops(s.model, 1, 16);
  EXPECT_DOUBLE_EQ(qkv->flops + proj->flops + core->flops,
                   (f.qkv + f.projection + f.attention) / 2.0);
}

// MLA on TP 2 with SP, h 64, 4 heads: q_lora 16, kv_lora 8, rope 4, nope 12, v 8. The down
// projection (64 → 16 + 12) runs on the rank's 16/2 tokens; the up projections are column-parallel
// over all 16: q 16 → 4·16/2 = 32, kv 8 → 4·(12 + 8)/2 = 40; the output projection's inner
// dimension 4·8/2 = 16; the core has query/key heads of 16 and value heads of 8.
TEST(LayerShape, LatentAttentionKernels) {
  Scenario s = tiny(2, true);
  s.model.num_kv_heads = 4;
  s.model.mla = tiny_mla(8);
  const KernelList fwd = layer_forward_kernels(s);
  const Kernel* down = kernel_named(fwd, "qkv_down");
  const Kernel* q_up = kernel_named(fwd, "q_up");
  const Kernel* kv_up = kernel_named(fwd, "kv_up");
  const Kernel* proj = kernel_named(fwd, "attn_proj");
  const Kernel* core = kernel_named(fwd, "attention");
  ASSERT_TRUE(down && q_up && kv_up && proj && core);
  EXPECT_EQ(kernel_named(fwd, "qkv"), nullptr);
  EXPECT_EQ(down->m, 8);
  EXPECT_EQ(down->n, 28);
  EXPECT_EQ(q_up->m, 16);
  EXPECT_EQ(q_up->n, 32);
  EXPECT_EQ(q_up->k, 16);
  EXPECT_EQ(kv_up->n, 40);
  EXPECT_EQ(kv_up->k, 8);
  EXPECT_EQ(proj->k, 16);
  EXPECT_EQ(core->k, 16);
  EXPECT_DOUBLE_EQ(core->flops, 2.0 * 16 * 16 * 2 * (16 + 8));
  // With SP every GPU runs 1/t of the layer's attention FLOPs.
  const LayerFlops f = layer_forward_flops(s.model, 1, 16);
  EXPECT_DOUBLE_EQ(down->flops + q_up->flops + kv_up->flops, f.qkv / 2.0);
  EXPECT_DOUBLE_EQ(proj->flops, f.projection / 2.0);
  // The backward runs the dgrad and wgrad of each.
  const KernelList bwd = layer_backward_kernels(s);
  EXPECT_DOUBLE_EQ(flops_of(bwd, "qkv_down_dgrad") + flops_of(bwd, "qkv_down_wgrad"),
                   2.0 * down->flops);
  // Without SP the duplicated down projection runs on every token on every rank.
  s.parallel.sequence_parallel = false;
  EXPECT_EQ(kernel_named(layer_forward_kernels(s), "qkv_down")->m, 16);
}

// Shared experts on TP 2: one gated MLP of 2 × 24 = 48 beside the routed experts, split like the
// dense MLP: fc1 16 tokens × (2·48/2) × 64, fc2 16 × 64 × 24.
TEST(LayerShape, SharedExpertKernels) {
  Scenario s = tiny(2, false);
  s.model.moe = tiny_moe(32);
  const KernelList fwd = layer_forward_kernels(s);
  const Kernel* fc1 = kernel_named(fwd, "shared_fc1");
  const Kernel* fc2 = kernel_named(fwd, "shared_fc2");
  ASSERT_TRUE(fc1 && fc2);
  EXPECT_EQ(fc1->m, 16);
  EXPECT_EQ(fc1->n, 48);
  EXPECT_EQ(fc1->k, 64);
  EXPECT_EQ(fc2->n, 64);
  EXPECT_EQ(fc2->k, 24);
  EXPECT_DOUBLE_EQ(fc1->flops + fc2->flops, layer_forward_flops(s.model, 1, 16).shared / 2.0);
  EXPECT_DOUBLE_EQ(flops_of(layer_backward_kernels(s), "shared_fc1_dgrad"), fc1->flops);
}

// Activations (16-bit, no TP, fused attention, no recompute): sbh(34 + ...) generalised term by
// term. Heads of 32 on h 64 (Q 128, K and V 64 each, projection input 128): the attention's
// sharded term is 2(128 + 64 + 64 + 128)/64 = 12 instead of 2(64 + 32 + 32 + 64)/64 = 6; shared
// experts add 6·48/64 = 4.5; MLA latents 2(16 + 8 + 4)/64 = 0.875, held whole under TP.
TEST(LayerShape, ActivationsFollowTheWidths) {
  Scenario s = tiny(1, false);
  const double sbh = 16.0 * 64.0;
  const double base = activation_bytes_per_layer(s);
  s.model.head_dim = 32;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s) - base, sbh * 6.0);
  s.model.head_dim = 0;
  s.model.moe = tiny_moe(128);
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s) - base, sbh * 4.5);
  s.model.moe = {};
  s.model.num_kv_heads = 4;
  const double mha = activation_bytes_per_layer(s);
  s.model.mla = tiny_mla(16);
  // Q and K heads of 16, V of 16: Q 64, K 64, V 64, projection 64 as for MHA; the latents on top.
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s) - mha, sbh * 0.875);
  s.parallel.tensor = 2;
  s.parallel.sequence_parallel = true;
  Scenario plain = s;
  plain.model.mla = {};
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s) - activation_bytes_per_layer(plain), sbh * 0.875);
}

}  // namespace
}  // namespace wt
