#pragma once
// The widths of one transformer layer per token, for the whole layer (before tensor parallelism):
// the single description of its attention and its MLP that the FLOPs (model_math), the kernels
// (layer_kernels, attention_kernels), the activations (memory) and the messages (workload_sizes)
// read, so that a mechanism of the layer is described here once.
//
// Attention is grouped-query attention with heads of model.head_dim (h / a when 0), or multi-head
// latent attention (DeepSeek-V2 §2.1, HF DeepseekV3Attention) when model.mla.kv_lora_rank > 0:
//   - queries: W_DQ h → q_lora_rank, then W_UQ q_lora_rank → a·(nope + rope) (or W_Q h → a·(nope
//     + rope) without a query latent);
//   - keys and values: W_DKV h → kv_lora_rank + rope (the latent and the shared rotary key), then
//     W_UKV kv_lora_rank → a·(nope + v);
//   - the core over a heads, with query/key heads of nope + rope and value heads of v;
//   - the output projection a·v → h.
#include <cstdint>

#include "sim/scenario/scenario.hpp"

namespace wt {

struct AttentionWidths {
  int64_t heads = 0;        // query heads a
  int64_t kv_heads = 0;     // key/value heads (MLA: a, every head its own K and V)
  int64_t qk_head_dim = 0;  // width of a query/key head (MLA: nope + rope)
  int64_t v_head_dim = 0;   // width of a value head
  bool mla = false;
  int64_t q_lora_rank = 0;  // MLA: the query latent (0: queries straight from h)
  int64_t kv_latent = 0;    // MLA: kv_lora_rank + rope, the output of the KV down projection
  int64_t kv_lora_rank = 0;
  int64_t qk_nope_head_dim = 0;  // MLA: the part of a key head the KV up projection gives
  int64_t kv_up_out() const { return heads * (qk_nope_head_dim + v_head_dim); }  // MLA
  int64_t q_out() const { return heads * qk_head_dim; }
  int64_t k_out() const { return kv_heads * qk_head_dim; }
  int64_t v_out() const { return kv_heads * v_head_dim; }
  int64_t proj_in() const { return heads * v_head_dim; }  // the output projection's input
};

AttentionWidths attention_widths(const ModelConfig& m);

// Elements per token the rotary embedding rotates on one of `t` tensor-parallel ranks, 0 unless
// model.position_embedding is rope: each local query and key head, (a + k) · d / t. MLA rotates
// only its rope part: each query head's qk_rope_head_dim and the one rotary key all heads share,
// which every tensor-parallel rank computes (DeepSeek-V2, section 2.1.3).
int64_t rotary_elements(const ModelConfig& m, int64_t t);
// The same with the model's attention widths already taken (the layer's kernel shapes have them).
int64_t rotary_elements(const ModelConfig& m, const AttentionWidths& a, int64_t t);

// Multiply-accumulates per token of the attention's projections into Q, K and V (MLA: down and up
// projections), whole layer: their forward FLOPs are 2 × this per token.
double qkv_macs_per_token(const ModelConfig& m);

// The width of the MLP every token passes through beside the routed experts of an MoE layer:
// num_shared_experts × shared_expert_ffn_hidden_size (Megatron-Core's SharedExpertMLP is one MLP of
// that width, split with the dense TP); 0 without shared experts or in a dense model.
int64_t shared_ffn_width(const ModelConfig& m);

// The routed experts' inner width (moe_ffn_hidden_size, else ffn_hidden_size).
int64_t routed_ffn_width(const ModelConfig& m);

}  // namespace wt
