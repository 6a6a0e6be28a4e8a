#include "sim/workload/workload_sizes.hpp"

#include <algorithm>

#include "core/units.hpp"
#include "sim/scenario/expert_layout.hpp"
#include "sim/workload/layer_mix.hpp"
#include "sim/workload/layer_shape.hpp"
#include "sim/workload/memory.hpp"
#include "sim/workload/model_math.hpp"

namespace wt {
namespace {

using units::as_double;

}  // namespace

CommSizes comm_sizes(const Scenario& s) {
  const ModelConfig& m = s.model;
  const double width =
      (s.training.precision == Precision::fp32 || s.training.precision == Precision::tf32) ? 4.0
                                                                                           : 2.0;
  const double tokens =
      as_double(s.training.micro_batch_size) * as_double(m.seq_length / s.parallel.context);
  const bool sp = s.parallel.sequence_parallel && s.parallel.tensor > 1;
  const AttentionWidths w = attention_widths(m);
  CommSizes z{};
  z.tp_bytes = tokens * as_double(m.hidden_size) * width;
  z.cp_bytes = tokens * as_double(s.parallel.context) * as_double(w.k_out() + w.v_out()) * width /
               s.parallel.tensor;
  const double t = s.parallel.tensor;
  z.cp_qkv_bytes = tokens * as_double(w.q_out() + w.k_out() + w.v_out()) * width / t;
  z.cp_out_bytes = tokens * as_double(w.proj_in()) * width / t;
  z.ep_bytes = tokens * std::max(1, m.moe.top_k) * expert_load_scale(s) * as_double(m.hidden_size) *
               width / (sp ? s.parallel.tensor : 1);
  const double gathered = tokens * as_double(s.parallel.expert);  // TP 1 (check_moe_dispatcher)
  const double experts = as_double(m.moe.num_experts);
  z.ep_gather_bytes = gathered * as_double(m.hidden_size) * width;
  z.ep_map_bytes = gathered * experts;
  z.ep_probs_bytes = gathered * experts * width;
  z.p2p_bytes = z.tp_bytes / (sp ? s.parallel.tensor : 1);
  z.weight_width = width;
  z.grad_width = gradient_width(s.training);
  z.bucket_bytes = s.parallel.dp_bucket_mb * 1e6;
  return z;
}

namespace {

// One GPU's share of a layer's routed experts, of the layer's parameters `p`.
double expert_params_on_gpu(const Scenario& s, const LayerParams& p) {
  const double shard = static_cast<double>(s.parallel.expert) * expert_tensor_size(s.parallel);
  return p.expert / shard;
}

// One GPU's share of a layer of parameters `p`.
double params_on_gpu(const Scenario& s, const LayerParams& p) {
  const double t = s.parallel.tensor;
  const double dense_mlp = p.mlp - p.expert;
  return (p.attention + dense_mlp) / t + expert_params_on_gpu(s, p) + p.norms;
}

}  // namespace

double layer_expert_params_on_gpu(const Scenario& s) {
  return expert_params_on_gpu(s, layer_params(s.model));
}

double layer_params_on_gpu(const Scenario& s) {
  return params_on_gpu(s, layer_params(s.model));
}

double stage_params(const Scenario& s, int stage_layers, int stage) {
  double params = stage_layers * layer_params_on_gpu(s);
  if (has_dense_layers(s.model)) {
    // The dense first layers where the split puts them, the repeated layers elsewhere.
    const int dense = std::min(stage_dense_layers(s, stage), stage_layers);
    params = dense * params_on_gpu(s, dense_layer_params(s.model)) +
             (stage_layers - dense) * params_on_gpu(s, repeated_layer_params(s.model));
  }
  const double embedding = embedding_params(s.model) / s.parallel.tensor;
  const int p = s.parallel.pipeline;
  if (stage == 0) params += embedding;
  if (stage == p - 1 && (!s.model.tied_embeddings || p > 1)) params += embedding;
  if (stage == p - 1) params += 2.0 * as_double(s.model.hidden_size);  // final layer norm
  if (stage == p - 1) params += mtp_params_on_gpu(s).total;
  return params;
}

double stage_vocab_unit(const Scenario& s, int stage) {
  if (stage != 0 && stage != s.parallel.pipeline - 1) return 0.0;
  return embedding_params(s.model) / s.parallel.tensor;
}

double stage_expert_params(const Scenario& s, int stage_layers, int stage) {
  double experts = stage_layers * layer_expert_params_on_gpu(s);
  if (has_dense_layers(s.model)) {
    const int dense = std::min(stage_dense_layers(s, stage), stage_layers);
    experts = (stage_layers - dense) * expert_params_on_gpu(s, repeated_layer_params(s.model));
  }
  if (stage == s.parallel.pipeline - 1) experts += mtp_params_on_gpu(s).expert;
  return experts;
}

int stage_layers_stated(const Scenario& s, int stage) {
  const ParallelConfig& par = s.parallel;
  const int first = par.first_stage_layers, last = par.last_stage_layers;
  if (first > 0 && stage == 0) return first;
  if (last > 0 && stage == par.pipeline - 1) return last;
  const int others = par.pipeline - (first > 0 ? 1 : 0) - (last > 0 ? 1 : 0);
  return others > 0 ? (s.model.num_layers - first - last) / others : 0;
}

int chunk_layers(int layers, int stages, int chunks, int stage, int chunk) {
  const int parts = stages * chunks;
  const int base = layers / parts;
  const int extra = layers % parts;
  // Model chunk `chunk` of stage `stage` is part g = chunk · stages + stage in the model's order;
  // the remainder goes one layer each to parts 1, 2, …, extra (part 0, which also holds the
  // embedding, gets none), so no two parts differ by more than one layer.
  const int part = chunk * stages + stage;
  return base + (part >= 1 && part <= extra ? 1 : 0);
}

int recomputed_layers(const Scenario& s, int chunk_layers) {
  if (s.training.activation_recompute != Recompute::full) return 0;
  const int n = s.training.recompute_num_layers;
  return n > 0 ? std::min(n, chunk_layers) : chunk_layers;
}

double recomputed_layer_share(const Scenario& s) {
  if (s.training.activation_recompute != Recompute::full) return 0.0;
  if (s.training.recompute_num_layers == 0) return 1.0;
  int layers = 0, recomputed = 0;
  for (int stage = 0; stage < s.parallel.pipeline; ++stage) {
    for (int chunk = 0; chunk < s.parallel.virtual_stages; ++chunk) {
      const int n = chunk_layers(s, stage, chunk);
      layers += n;
      recomputed += recomputed_layers(s, n);
    }
  }
  return layers > 0 ? static_cast<double>(recomputed) / layers : 0.0;
}

int chunk_layers(const Scenario& s, int stage, int chunk) {
  const ParallelConfig& par = s.parallel;
  const int p = par.pipeline, v = par.virtual_stages;
  if (par.first_stage_layers > 0 || par.last_stage_layers > 0) {
    // Megatron-Core's get_num_layers_to_build: the first and last stages take their stated
    // layers, the others an even share of the rest; a stage's chunks split its layers evenly
    // (validate_layout.cpp checks that every division is exact).
    return stage_layers_stated(s, stage) / v;
  }
  int n = chunk_layers(s.pipeline_split_slots(), p, v, stage, chunk);
  if (par.account_for_embedding_in_pipeline_split && stage == 0 && chunk == 0) --n;
  if (par.account_for_loss_in_pipeline_split && stage == p - 1 && chunk == v - 1) --n;
  return n;
}

}  // namespace wt
