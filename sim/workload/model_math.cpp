#include "sim/workload/model_math.hpp"
#include "sim/core/units.hpp"

namespace wt {
namespace {

using units::as_double;

int64_t moe_ffn(const ModelConfig& m) {
  return m.moe.moe_ffn_hidden_size > 0 ? m.moe.moe_ffn_hidden_size : m.ffn_hidden_size;
}

double kv_ratio(const ModelConfig& m) {
  return as_double(m.num_kv_heads > 0 ? m.num_kv_heads : m.num_attention_heads) /
         as_double(m.num_attention_heads);
}

double mlp_matrices(const ModelConfig& m) {
  return m.gated_mlp ? 3.0 : 2.0;
}

// A layer's forward as the GPUs run it: the expert MLP padded to capacity.
LayerFlops hardware_layer_forward_flops(const ModelConfig& m, int64_t b, int64_t s) {
  LayerFlops f = layer_forward_flops(m, b, s);
  f.mlp *= expert_capacity_scale(m);
  return f;
}

// FLOPs a layer runs beyond the model's three passes: recomputation, and the scores that a fused
// (flash) attention backward computes again (QKᵀ: half the forward attention core). A fused core
// needs no selective recomputation; an unfused one recomputes its whole core.
double recompute_flops_per_layer(const Scenario& s, int64_t b) {
  const LayerFlops f = hardware_layer_forward_flops(s.model, b, s.model.seq_length);
  const bool fused = s.training.attention == AttentionKernel::fused;
  const double rescored = fused ? 0.5 * f.attention : 0.0;
  switch (s.training.activation_recompute) {
    case Recompute::none:
      return rescored;
    case Recompute::selective:
      return fused ? rescored : f.attention;
    case Recompute::full:
      return f.total() + rescored;
  }
  return 0.0;
}

}  // namespace

double expert_capacity_scale(const ModelConfig& m) {
  return m.moe.num_experts > 0 && m.moe.capacity_factor > 0.0 ? m.moe.capacity_factor : 1.0;
}

LayerFlops layer_forward_flops(const ModelConfig& m, int64_t b, int64_t s) {
  const double bs = as_double(b) * as_double(s);
  const double h = as_double(m.hidden_size);
  LayerFlops f;
  f.qkv = 2.0 * bs * h * (h + 2.0 * h * kv_ratio(m));
  f.attention = 4.0 * bs * as_double(s) * h;
  f.projection = 2.0 * bs * h * h;
  if (m.moe.num_experts > 0) {
    f.mlp = as_double(m.moe.top_k) * 2.0 * mlp_matrices(m) * bs * h * as_double(moe_ffn(m));
    f.router = 2.0 * bs * h * as_double(m.moe.num_experts);
  } else {
    f.mlp = 2.0 * mlp_matrices(m) * bs * h * as_double(m.ffn_hidden_size);
  }
  return f;
}

double logits_forward_flops(const ModelConfig& m, int64_t b, int64_t s) {
  return 2.0 * as_double(b) * as_double(s) * as_double(m.hidden_size) * as_double(m.vocab_size);
}

double model_flops_per_iteration(const Scenario& s) {
  const int64_t batch = s.training.global_batch_size;
  const double forward = as_double(s.model.num_layers) *
                             layer_forward_flops(s.model, batch, s.model.seq_length).total() +
                         logits_forward_flops(s.model, batch, s.model.seq_length);
  return 3.0 * forward;
}

double hardware_flops_per_iteration(const Scenario& s) {
  const int64_t batch = s.training.global_batch_size;
  const double layers = as_double(s.model.num_layers);
  const double forward =
      layers * hardware_layer_forward_flops(s.model, batch, s.model.seq_length).total() +
      logits_forward_flops(s.model, batch, s.model.seq_length);
  return 3.0 * forward + layers * recompute_flops_per_layer(s, batch);
}

LayerParams layer_params(const ModelConfig& m) {
  const double h = as_double(m.hidden_size);
  const double kv = h * kv_ratio(m);
  LayerParams p;
  p.attention = h * (h + 2.0 * kv) + (h + 2.0 * kv) + h * h + h;
  p.norms = 4.0 * h;
  const double mats = mlp_matrices(m);
  if (m.moe.num_experts > 0) {
    const double f = as_double(moe_ffn(m));
    p.expert = as_double(m.moe.num_experts) * (mats * h * f + (mats - 1.0) * f + h);
    p.mlp = p.expert + h * as_double(m.moe.num_experts);
  } else {
    const double f = as_double(m.ffn_hidden_size);
    p.mlp = mats * h * f + (mats - 1.0) * f + h;
  }
  return p;
}

double embedding_params(const ModelConfig& m) {
  return as_double(m.vocab_size) * as_double(m.hidden_size);
}

double total_params(const ModelConfig& m) {
  const double embeddings = embedding_params(m) * (m.tied_embeddings ? 1.0 : 2.0);
  return as_double(m.num_layers) * layer_params(m).total() + embeddings +
         2.0 * as_double(m.hidden_size);
}

}  // namespace wt
