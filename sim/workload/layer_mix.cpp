#include "sim/workload/layer_mix.hpp"

#include <algorithm>

#include "core/units.hpp"
#include "sim/scenario/expert_layout.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {

Scenario dense_layer_scenario(const Scenario& s) {
  Scenario d = s;
  d.model.moe = MoeConfig{};
  return d;
}

int chunk_first_layer(const Scenario& s, int stage, int chunk) {
  const int p = s.parallel.pipeline;
  int layer = 0;
  for (int c = 0; c <= chunk; ++c) {
    for (int st = 0; st < p; ++st) {
      if (c == chunk && st == stage) return layer;
      layer += chunk_layers(s, st, c);
    }
  }
  return layer;
}

int dense_layers_in(const ModelConfig& m, int first, int count) {
  if (m.moe.num_experts <= 0 || count <= 0) return 0;
  const int d = m.moe.first_dense_layers;
  const int k = m.moe.layer_freq > 1 ? m.moe.layer_freq : 1;
  // MoE layers below `end`: of the layers from d on, those at positions k−1, 2k−1, …
  const auto moe_below = [&](int end) { return end <= d ? 0 : (end - d) / k; };
  const int moe = moe_below(first + count) - moe_below(first);
  return count - moe;
}

int chunk_dense_layers_of(const Scenario& s, int stage, int chunk) {
  return dense_layers_in(s.model, chunk_first_layer(s, stage, chunk),
                         chunk_layers(s, stage, chunk));
}

int stage_dense_layers_of(const Scenario& s, int stage) {
  int dense = 0;
  for (int c = 0; c < s.parallel.virtual_stages; ++c)
    dense += chunk_dense_layers(s, stage, c);
  return dense;
}

bool chunk_holds_mtp(const Scenario& s, int stage, int chunk) {
  return s.model.mtp_layers > 0 && stage == s.parallel.pipeline - 1 &&
         chunk == s.parallel.virtual_stages - 1;
}

bool mtp_embedding_copy(const Scenario& s) {
  return s.model.mtp_layers > 0 && s.parallel.pipeline > 1 && !s.model.tied_embeddings;
}

MtpParams mtp_params_on_gpu(const Scenario& s) {
  MtpParams out;
  const ModelConfig& m = s.model;
  if (m.mtp_layers <= 0) return out;
  const double h = units::as_double(m.hidden_size);
  const double t = s.parallel.tensor;
  const LayerParams layer = repeated_layer_params(m);
  const double experts =
      layer.expert / (static_cast<double>(s.parallel.expert) * expert_tensor_size(s.parallel));
  const double per_depth = (layer.attention + layer.mlp - layer.expert) / t + experts +
                           layer.norms + 2.0 * h * h / t + 3.0 * h;
  out.expert = m.mtp_layers * experts;
  out.embedding_copy = mtp_embedding_copy(s) ? embedding_params(m) / t : 0.0;
  out.total = m.mtp_layers * per_depth + out.embedding_copy;
  return out;
}

}  // namespace wt
