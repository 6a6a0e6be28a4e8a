#include "sim/workload/model_math.hpp"

#include "core/units.hpp"
#include "sim/workload/finetune.hpp"
#include "sim/workload/layer_list.hpp"
#include "sim/workload/layer_mix.hpp"
#include "sim/workload/layer_shape.hpp"
#include "sim/workload/recompute_modules.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {
namespace {

using units::as_double;

double kv_ratio(const ModelConfig& m) {
  return as_double(m.num_kv_heads > 0 ? m.num_kv_heads : m.num_attention_heads) /
         as_double(m.num_attention_heads);
}

double mlp_matrices(const ModelConfig& m) {
  return m.gated_mlp ? 3.0 : 2.0;
}

// One MLP (or expert) of inner width f: its matrices and biases.
double mlp_params(const ModelConfig& m, int64_t ffn) {
  const double h = as_double(m.hidden_size);
  const double f = as_double(ffn);
  const double mats = mlp_matrices(m);
  return mats * h * f + (mats - 1.0) * f + h;
}

int64_t shared_ffn(const ModelConfig& m) {
  return m.moe.shared_expert_ffn_hidden_size > 0 ? m.moe.shared_expert_ffn_hidden_size
                                                 : routed_ffn_width(m);
}

// Multi-head latent attention (DeepSeek-V2 §2.1): W_DQ h×q_r, its norm, W_UQ q_r × a(nope+rope)
// (or W_Q h × a(nope+rope) without a query latent); W_DKV h × (kv_r + rope), its norm,
// W_UKV kv_r × a(nope + v); W_O a·v × h. No biases.
double mla_params(const ModelConfig& m) {
  const MlaConfig& x = m.mla;
  const double h = as_double(m.hidden_size);
  const double a = as_double(m.num_attention_heads);
  const double qk = as_double(x.qk_nope_head_dim + x.qk_rope_head_dim);
  const double qr = as_double(x.q_lora_rank);
  const double kvr = as_double(x.kv_lora_rank);
  const double q = x.q_lora_rank > 0 ? h * qr + qr + qr * a * qk : h * a * qk;
  const double kv = h * (kvr + as_double(x.qk_rope_head_dim)) + kvr +
                    kvr * a * as_double(x.qk_nope_head_dim + x.v_head_dim);
  return q + kv + a * as_double(x.v_head_dim) * h;
}

double attention_params(const ModelConfig& m) {
  if (m.mla.kv_lora_rank > 0) return mla_params(m);
  const double h = as_double(m.hidden_size);
  const bool plain_heads =
      m.head_dim == 0 || m.head_dim * int64_t{m.num_attention_heads} == m.hidden_size;
  if (plain_heads) {
    const double kv = h * kv_ratio(m);
    return h * (h + 2.0 * kv) + (h + 2.0 * kv) + h * h + h;
  }
  // Heads of their own width d: Q is h × a·d, K and V h × k·d each, the output a·d × h.
  const double q = as_double(m.num_attention_heads) * as_double(m.head_dim);
  const double kv = q * kv_ratio(m);
  return h * (q + 2.0 * kv) + (q + 2.0 * kv) + q * h + h;
}

// Routed experts of one MoE layer that a token is not sent to.
double idle_expert_params(const ModelConfig& m) {
  if (m.moe.num_experts == 0) return 0.0;
  return as_double(m.moe.num_experts - m.moe.top_k) * mlp_params(m, routed_ffn_width(m));
}

// A layer's forward as the GPUs run it, from its forward FLOPs `f` (layer_forward_flops): the
// expert MLP padded to capacity.
LayerFlops hardware_layer_forward_flops(LayerFlops f, const ModelConfig& m) {
  f.mlp *= expert_capacity_scale(m);
  return f;
}

// The forward FLOPs of the modules selective recompute reruns besides the attention core
// (recompute_modules.hpp): a dense MLP, a MoE layer (experts, shared experts, router), the shared
// experts alone, MLA's up projections (q_lora_rank → a·d_qk, or h → a·d_qk without a query latent,
// and kv_lora_rank → a·(nope + v)); the norms and the activation are memory-bound (no FLOPs).
double recomputed_module_flops(const Scenario& s, const LayerFlops& f, int64_t b) {
  const TrainingConfig& t = s.training;
  double flops = 0.0;
  if (recomputes(t, RecomputeModule::mlp)) flops += f.mlp;
  if (recomputes(t, RecomputeModule::moe)) {
    flops += f.mlp + f.shared + f.router;
  } else if (recomputes(t, RecomputeModule::shared_experts)) {
    flops += f.shared;
  }
  const AttentionWidths w = attention_widths(s.model);
  if (recomputes(t, RecomputeModule::mla_up_proj) && w.mla) {
    const double q_in = as_double(w.q_lora_rank > 0 ? w.q_lora_rank : s.model.hidden_size);
    const double bs = as_double(b) * as_double(s.model.seq_length);
    flops += 2.0 * bs *
             (q_in * as_double(w.q_out()) + as_double(w.kv_lora_rank) * as_double(w.kv_up_out()));
  }
  return flops;
}

// FLOPs a layer runs beyond the model's three passes: recomputation, and the scores that a fused
// (flash) attention backward computes again (QKᵀ: half the forward attention core). A fused core
// needs no selective recomputation; an unfused one recomputes its whole core. Per-op checkpointing
// (torchtitan) reruns every second matmul of the block: k 2bsh·k·d_qk, the output projection
// 2bs·a·d_v·h and one MLP matrix (w3 of a gated MLP, fc2 of a two-matrix one: 2bshf per routed
// token, and the shared experts' likewise).
// `f`: the layer's hardware forward FLOPs (hardware_layer_forward_flops) over `b` sequences.
double recompute_flops_per_layer(const Scenario& s, const LayerFlops& f, int64_t b) {
  const bool fused = is_fused(s.training.attention);
  const double rescored = fused ? 0.5 * f.attention : 0.0;
  const double core = fused ? rescored : f.attention;
  switch (s.training.activation_recompute) {
    case Recompute::none:
      return rescored;
    case Recompute::selective:
      return (recomputes(s.training, RecomputeModule::core_attn) ? core : rescored) +
             recomputed_module_flops(s, f, b);
    case Recompute::per_op: {
      const double h = as_double(s.model.hidden_size);
      const double bs = as_double(b) * as_double(s.model.seq_length);
      const double k_proj = 2.0 * bs * h * as_double(attention_widths(s.model).k_out());
      return core + k_proj + f.projection + (f.mlp + f.shared) / mlp_matrices(s.model);
    }
    case Recompute::full:
      return recomputed_layer_share(s) * f.total() + rescored;
  }
  return 0.0;
}

}  // namespace

LayerParams repeated_layer_params(const ModelConfig& m) {
  const double h = as_double(m.hidden_size);
  LayerParams p;
  p.attention = attention_params(m);
  p.norms = 4.0 * h;
  if (m.moe.num_experts > 0) {
    p.expert = as_double(m.moe.num_experts) * mlp_params(m, routed_ffn_width(m));
    p.mlp = p.expert + h * as_double(m.moe.num_experts) +
            as_double(m.moe.num_shared_experts) * mlp_params(m, shared_ffn(m));
  } else {
    p.mlp = mlp_params(m, m.ffn_hidden_size);
  }
  return p;
}

LayerParams dense_layer_params(const ModelConfig& m) {
  LayerParams p = repeated_layer_params(m);
  p.expert = 0.0;
  p.mlp = mlp_params(m, m.ffn_hidden_size);
  return p;
}

LayerParams layer_params(const ModelConfig& m) {
  const int dense_layers = total_dense_layers(m);
  LayerParams p = repeated_layer_params(m);
  if (dense_layers == 0 || m.num_layers <= 0) return p;
  const double layers = as_double(m.num_layers);
  const double dense = as_double(dense_layers);
  const double sparse = layers - dense;
  p.mlp = (sparse * p.mlp + dense * mlp_params(m, m.ffn_hidden_size)) / layers;
  p.expert = sparse * p.expert / layers;
  return p;
}

double expert_capacity_scale(const ModelConfig& m) {
  return m.moe.num_experts > 0 && m.moe.capacity_factor > 0.0 ? m.moe.capacity_factor : 1.0;
}

double expert_load_scale(const Scenario& s) {
  const MoeConfig& moe = s.model.moe;
  const bool uneven = moe.num_experts > 0 && moe.capacity_factor == 0.0 && s.parallel.expert > 1;
  return expert_capacity_scale(s.model) * (uneven ? moe.load_imbalance : 1.0);
}

double window_work_fraction(int64_t seq, int64_t window) {
  if (window <= 0 || window >= seq || seq <= 0) return 1.0;
  const double w = as_double(window);
  const double n = as_double(seq);
  return (w * (w + 1.0) / 2.0 + (n - w) * w) / (n * (n + 1.0) / 2.0);
}

LayerFlops layer_forward_flops(const ModelConfig& m, int64_t b, int64_t s) {
  const double bs = as_double(b) * as_double(s);
  const double h = as_double(m.hidden_size);
  const AttentionWidths w = attention_widths(m);
  LayerFlops f;
  f.qkv = 2.0 * bs * qkv_macs_per_token(m);
  f.attention = 2.0 * bs * as_double(s) * as_double(w.heads) *
                as_double(w.qk_head_dim + w.v_head_dim) *
                window_work_fraction(s, m.attention_window);
  f.projection = 2.0 * bs * as_double(w.proj_in()) * h;
  if (m.moe.num_experts > 0) {
    f.mlp =
        as_double(m.moe.top_k) * 2.0 * mlp_matrices(m) * bs * h * as_double(routed_ffn_width(m));
    f.shared = 2.0 * mlp_matrices(m) * bs * h * as_double(shared_ffn_width(m));
    f.router = 2.0 * bs * h * as_double(m.moe.num_experts);
  } else {
    f.mlp = 2.0 * mlp_matrices(m) * bs * h * as_double(m.ffn_hidden_size);
  }
  return f;
}

double logits_forward_flops(const ModelConfig& m, int64_t b, int64_t s) {
  return 2.0 * as_double(b) * as_double(s) * as_double(m.hidden_size) * as_double(m.vocab_size);
}

namespace {

double adapter_forward_flops(const Scenario& s, int64_t b) {
  if (!frozen_base(s.training)) return 0.0;
  return 2.0 * as_double(b) * as_double(s.model.seq_length) *
         adapter_params_per_layer(s.model, s.training.finetune);
}

// Forward and backward of `layers` layers of forward FLOPs `f` each and an output layer of forward
// FLOPs `logits`: 3 × forward when
// every weight trains; with frozen base weights (training.finetune lora, qlora) the backward runs
// the input gradients only: once the weight GEMMs (dgrad, no wgrad) and the output layer, twice
// the attention core (dQ, dK, dV: it has no weights), and the adapters' both gradients (3 × their
// forward `adapters`).
double three_passes(const Scenario& s, const LayerFlops& f, double adapters, double logits,
                    double layers) {
  if (!frozen_base(s.training)) return 3.0 * (layers * f.total() + logits);
  return layers * (2.0 * f.total() + f.attention + 3.0 * adapters) + 2.0 * logits;
}

// FLOPs the backward list of a layer that never recomputes runs beyond its three passes (the MTP
// layers: no recompute op of their own, their backward kernels the repeated layer's).
double unrecomputed_extra_flops(const Scenario& s, const LayerFlops& f, int64_t b) {
  if (s.training.activation_recompute != Recompute::full) return recompute_flops_per_layer(s, f, b);
  return is_fused(s.training.attention) ? 0.5 * f.attention : 0.0;
}

// The dense first layers that full recompute reruns: the first recomputed_layers of each chunk,
// of which the chunk's dense layers are the first.
int recomputed_dense_layers(const Scenario& s) {
  int dense = 0;
  for (int st = 0; st < s.parallel.pipeline; ++st) {
    for (int c = 0; c < s.parallel.virtual_stages; ++c) {
      dense += std::min(chunk_dense_layers(s, st, c), recomputed_layers(s, chunk_layers(s, st, c)));
    }
  }
  return dense;
}

}  // namespace

double model_flops_per_iteration(const Scenario& s) {
  return iteration_flops(s).model;
}

double hardware_flops_per_iteration(const Scenario& s) {
  return iteration_flops(s).hardware;
}

IterationFlops iteration_flops(const Scenario& s) {
  const int64_t batch = s.training.global_batch_size;
  const double layers = as_double(s.model.num_layers);
  const double adapters = adapter_forward_flops(s, batch);
  const double logits = logits_forward_flops(s.model, batch, s.model.seq_length);
  const LayerFlops model = layer_forward_flops(s.model, batch, s.model.seq_length);
  const LayerFlops hardware = hardware_layer_forward_flops(model, s.model);
  // The dense layers of an MoE model: a dense MLP of ffn_hidden_size, no router.
  const int dense_count = total_dense_layers(s.model);
  const double dense = as_double(dense_count), repeated = layers - dense;
  IterationFlops out;
  out.model = three_passes(s, model, adapters, logits, repeated);
  out.hardware = three_passes(s, hardware, adapters, logits, repeated) +
                 repeated * recompute_flops_per_layer(s, hardware, batch) +
                 layers * recomputed_layer_share(s) * adapters;
  if (dense_count > 0) {
    const Scenario d = dense_layer_scenario(s);
    const LayerFlops f = layer_forward_flops(d.model, batch, s.model.seq_length);
    out.model += three_passes(s, f, adapters, 0.0, dense);
    out.hardware +=
        three_passes(s, f, adapters, 0.0, dense) + dense * recompute_flops_per_layer(d, f, batch);
    if (s.training.activation_recompute == Recompute::full) {
      // recompute_flops_per_layer spread the share that recomputes evenly over the layers; the
      // dense layers that recompute are counted apart.
      const double share = recomputed_layer_share(s);
      const double rerun_dense = recomputed_dense_layers(s);
      out.hardware += (rerun_dense - share * dense) * f.total() -
                      (rerun_dense - share * dense) * hardware.total();
    }
  }
  // The MTP layers (DeepSeek-V3 §2.2), in the hardware FLOPs only: per depth the 2h → h projection
  // 2·B·s·2h·h, a repeated layer (never recomputed) and the output head again; model FLOPs as
  // today (docs/models.md, "Dense first layers and MTP", says why).
  if (s.model.mtp_layers > 0) {
    const double h = as_double(s.model.hidden_size);
    const double projection = 2.0 * as_double(batch) * as_double(s.model.seq_length) * 2.0 * h * h;
    out.hardware += as_double(s.model.mtp_layers) *
                    (three_passes(s, hardware, adapters, logits + projection, 1.0) +
                     unrecomputed_extra_flops(s, hardware, batch));
  }
  return out;
}

double embedding_params(const ModelConfig& m) {
  return as_double(m.vocab_size) * as_double(m.hidden_size);
}

double total_params(const ModelConfig& m) {
  return param_count(m).total;
}

ParamCount param_count(const ModelConfig& m) {
  // A layer list counts its own layers' weights (the transformer fields are unset there).
  if (m.is_layer_list()) {
    const double n = net_params(m.layers);
    return {n, n, 0.0};
  }
  const double embeddings = embedding_params(m) * (m.tied_embeddings ? 1.0 : 2.0);
  const double final_norm = 2.0 * as_double(m.hidden_size);
  const int dense_layers = total_dense_layers(m);
  ParamCount c;
  if (dense_layers == 0) {
    c.total = as_double(m.num_layers) * layer_params(m).total() + embeddings + final_norm;
  } else {
    c.total = as_double(dense_layers) * dense_layer_params(m).total() +
              as_double(m.num_layers - dense_layers) * repeated_layer_params(m).total() +
              embeddings + final_norm;
  }
  c.active = c.total - as_double(m.num_layers - dense_layers) * idle_expert_params(m);
  if (m.mtp_layers > 0) {
    // Per depth (DeepSeek-V3 §2.2): two RMSNorms and a 2h × h projection before a transformer
    // layer like the main model's last, and the output head's norm; embedding and head shared.
    const double h = as_double(m.hidden_size);
    c.mtp = as_double(m.mtp_layers) * (repeated_layer_params(m).total() + 2.0 * h * h + 3.0 * h);
  }
  return c;
}

}  // namespace wt
