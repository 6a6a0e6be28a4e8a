#include "sim/workload/finetune.hpp"

#include <algorithm>

#include "core/units.hpp"
#include "sim/workload/layer_shape.hpp"
#include "sim/workload/memory.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {
namespace {

using units::as_double;

// Frozen base weights and adapter activations in 16 bits (fp8 lora also keeps quantized copies
// of its linear weights: stage_frozen_weight_bytes).
constexpr double kWidth16 = 2.0;

LinearShape if_adapted(unsigned targets, unsigned bit, int64_t d_in, int64_t d_out) {
  return (targets & bit) != 0 ? LinearShape{d_in, d_out} : LinearShape{};
}

double params_of(const LinearShape& l, int rank) {
  return as_double(rank) * as_double(l.d_in + l.d_out);
}

// The layers' linear weights on one GPU (attention and MLP, biases included; the norms are not
// linear layers).
double layer_linear_params_on_gpu(const Scenario& s) {
  const LayerParams p = layer_params(s.model);
  return (p.attention + p.mlp) / s.parallel.tensor;
}

}  // namespace

bool frozen_base(const TrainingConfig& t) {
  return t.finetune.method != FinetuneMethod::full;
}

AdaptedLinears adapted_linears(const ModelConfig& m, unsigned targets) {
  const AttentionWidths w = attention_widths(m);
  const int64_t h = m.hidden_size, f = m.ffn_hidden_size;
  AdaptedLinears a;
  a.q = if_adapted(targets, kLoraQ, h, w.q_out());
  a.k = if_adapted(targets, kLoraK, h, w.k_out());
  a.v = if_adapted(targets, kLoraV, h, w.v_out());
  a.o = if_adapted(targets, kLoraO, w.proj_in(), h);
  if (m.gated_mlp) a.gate = if_adapted(targets, kLoraGate, h, f);
  a.up = if_adapted(targets, kLoraUp, h, f);
  a.down = if_adapted(targets, kLoraDown, f, h);
  return a;
}

double adapter_params_per_layer(const ModelConfig& m, const FinetuneConfig& f) {
  const AdaptedLinears a = adapted_linears(m, f.target_modules);
  double total = 0.0;
  for (const LinearShape& l : {a.q, a.k, a.v, a.o, a.gate, a.up, a.down})
    total += params_of(l, f.rank);
  return total;
}

double trainable_params(const Scenario& s) {
  if (!frozen_base(s.training)) return total_params(s.model);
  return as_double(s.model.num_layers) * adapter_params_per_layer(s.model, s.training.finetune);
}

double layer_trainable_params_on_gpu(const Scenario& s) {
  if (!frozen_base(s.training)) return layer_params_on_gpu(s);
  return adapter_params_per_layer(s.model, s.training.finetune) / s.parallel.tensor;
}

double stage_trainable_params(const Scenario& s, int stage_layers, int stage) {
  if (!frozen_base(s.training)) return stage_params(s, stage_layers, stage);
  return stage_layers * layer_trainable_params_on_gpu(s);
}

double stage_frozen_weight_bytes(const Scenario& s, int stage_layers, int stage) {
  if (!frozen_base(s.training)) return 0.0;
  const double base = stage_params(s, stage_layers, stage);
  const double linear = stage_layers * layer_linear_params_on_gpu(s);
  // fp8 and MXFP8 LoRA: Transformer Engine's quantized copies of the linear weights beside the
  // 16-bit ones (quantized_weight_bytes, as in full quantized training).
  if (s.training.finetune.method == FinetuneMethod::lora)
    return base * kWidth16 + linear * quantized_weight_bytes(s.training);
  return linear * kNf4BitsPerParam / 8.0 + (base - linear) * kWidth16;
}

double dequantized_weight_bytes(const Scenario& s) {
  if (s.training.finetune.method != FinetuneMethod::qlora) return 0.0;
  const AdaptedLinears all = adapted_linears(s.model, kLoraAll);
  double largest = 0.0;
  for (const LinearShape& l : {all.q, all.k, all.v, all.o, all.gate, all.up, all.down})
    largest = std::max(largest, as_double(l.d_in) * as_double(l.d_out));
  return largest / s.parallel.tensor * kWidth16;
}

double adapter_activation_bytes_per_layer(const Scenario& s) {
  if (!frozen_base(s.training)) return 0.0;
  const AdaptedLinears a = adapted_linears(s.model, s.training.finetune.target_modules);
  int adapted = 0;
  for (const LinearShape& l : {a.q, a.k, a.v, a.o, a.gate, a.up, a.down})
    adapted += l.d_in > 0 ? 1 : 0;
  const double tokens =
      as_double(s.training.micro_batch_size) * as_double(s.model.seq_length / s.parallel.context);
  return tokens * adapted * as_double(s.training.finetune.rank) * kWidth16;
}

}  // namespace wt
