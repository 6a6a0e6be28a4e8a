#include "sim/workload/layer_shape.hpp"

namespace wt {

AttentionWidths attention_widths(const ModelConfig& m) {
  AttentionWidths w;
  w.heads = m.num_attention_heads;
  const MlaConfig& x = m.mla;
  if (x.kv_lora_rank > 0) {
    w.mla = true;
    w.kv_heads = m.num_attention_heads;
    w.qk_head_dim = x.qk_nope_head_dim + x.qk_rope_head_dim;
    w.v_head_dim = x.v_head_dim;
    w.q_lora_rank = x.q_lora_rank;
    w.kv_lora_rank = x.kv_lora_rank;
    w.kv_latent = x.kv_lora_rank + x.qk_rope_head_dim;
    w.qk_nope_head_dim = x.qk_nope_head_dim;
    return w;
  }
  w.kv_heads = m.num_kv_heads > 0 ? m.num_kv_heads : m.num_attention_heads;
  const int64_t plain = m.num_attention_heads > 0 ? m.hidden_size / m.num_attention_heads : 0;
  w.qk_head_dim = m.head_dim > 0 ? m.head_dim : plain;
  w.v_head_dim = w.qk_head_dim;
  return w;
}

int64_t rotary_elements(const ModelConfig& m, const AttentionWidths& a, int64_t t) {
  if (m.position_embedding != PositionEmbedding::rope) return 0;
  if (a.mla) return a.heads * m.mla.qk_rope_head_dim / t + m.mla.qk_rope_head_dim;
  return (a.q_out() + a.k_out()) / t;
}

int64_t rotary_elements(const ModelConfig& m, int64_t t) {
  if (m.position_embedding != PositionEmbedding::rope) return 0;
  return rotary_elements(m, attention_widths(m), t);
}

double qkv_macs_per_token(const ModelConfig& m) {
  const AttentionWidths w = attention_widths(m);
  const auto h = static_cast<double>(m.hidden_size);
  if (!w.mla) return h * static_cast<double>(w.q_out() + w.k_out() + w.v_out());
  const auto qr = static_cast<double>(w.q_lora_rank);
  const double q = w.q_lora_rank > 0 ? h * qr + qr * static_cast<double>(w.q_out())
                                     : h * static_cast<double>(w.q_out());
  const double kv = h * static_cast<double>(w.kv_latent) +
                    static_cast<double>(w.kv_lora_rank) * static_cast<double>(w.kv_up_out());
  return q + kv;
}

int64_t shared_ffn_width(const ModelConfig& m) {
  if (m.moe.num_experts == 0 || m.moe.num_shared_experts == 0) return 0;
  const int64_t each = m.moe.shared_expert_ffn_hidden_size > 0 ? m.moe.shared_expert_ffn_hidden_size
                                                               : routed_ffn_width(m);
  return int64_t{m.moe.num_shared_experts} * each;
}

int64_t routed_ffn_width(const ModelConfig& m) {
  return m.moe.moe_ffn_hidden_size > 0 ? m.moe.moe_ffn_hidden_size : m.ffn_hidden_size;
}

}  // namespace wt
