#include "sim/workload/memory.hpp"

#include "sim/workload/workload_sizes.hpp"

#include <algorithm>
#include <vector>

#include "core/units.hpp"
#include "sim/scenario/precision.hpp"
#include "sim/workload/layer_shape.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/recompute_modules.hpp"

namespace wt {
namespace {

using units::as_double;

bool is_fp32(Precision p) {
  return p == Precision::fp32 || p == Precision::tf32;
}

// The terms of Korthikanti's per-layer formula, in units of s·b·h bytes (16-bit activations):
// `replicated` is held whole by every TP rank without SP (layer-norm inputs 4, QKV and MLP inputs
// 2 + 2, two dropout masks 1 + 1 when the model has dropout), `sharded` is split by TP (Q, K, V,
// projection input, MLP activation input and output, the shared experts' likewise), `scores` is
// the 5as/h
// attention-matrix term, `latent` the MLA latents every TP rank holds for all its tokens, with SP
// too (they are gathered before the up projections): the query latent and the KV latent with the
// rotary key, 2(q_lora_rank + kv_lora_rank + rope)/h.
struct ActivationTerms {
  double replicated = 0.0, sharded = 0.0, scores = 0.0, latent = 0.0;
};

// Under fp8, mxfp8 and nvfp4 training Transformer Engine's linear layers keep for the weight
// gradient the quantized copy of their input (Linear and LayerNormLinear save the cast input, not
// the 16-bit one: framework-defaults.md §9, each recipe's "what is quantized"), so the four GEMM
// inputs of a layer (QKV, projection, fc1, fc2) are held at the operand's bytes; the norm inputs,
// the attention core's Q, K, V (attention runs in 16 bits) and the activation function's input
// stay 16-bit. Returns the GEMM inputs' width relative to 16 bits (1 without quantization, and
// for torchao's fp8 rowwise, whose linears save the 16-bit input: keeps_quantized_copies).
double saved_gemm_input_scale(const TrainingConfig& t) {
  return keeps_quantized_copies(t.precision, t.fp8_recipe) ? operand_bytes(t.precision) / 2.0 : 1.0;
}

// The MLP's terms: the routed experts' (or a dense MLP's) inner tensors per token, the shared
// experts', and of the routed ones the activation function's output (fc2's input), in sbh units.
struct MlpTerms {
  double routed = 0.0, shared = 0.0, routed_act_out = 0.0;
};

MlpTerms mlp_terms(const ModelConfig& m, const TrainingConfig& t) {
  const double h = as_double(m.hidden_size);
  const double f = as_double(m.moe.num_experts > 0 ? routed_ffn_width(m) : m.ffn_hidden_size) / h;
  const double experts =
      m.moe.num_experts > 0 ? as_double(m.moe.top_k) * expert_capacity_scale(m) : 1.0;
  const double g = saved_gemm_input_scale(t);
  // Per f: the activation function's input (4 gated, 2 not) and its output, fc2's input.
  const double per_width = (m.gated_mlp ? 4.0 : 2.0) + 2.0 * g;
  return {experts * per_width * f, per_width * as_double(shared_ffn_width(m)) / h,
          experts * 2.0 * g * f};
}

// The two norms' saved inputs, per token and unit of h, in the units of the 16-bit terms (fp32
// training doubles them all): the 16-bit residual stream's 2 + 2; eager autocast's residual
// stream is fp32 (fp32 parameters: the embedding's output, each sum with a sublayer's output), and
// the norms run in fp32 on it: 4 + 4.
double norm_input_bytes(const TrainingConfig& tc) {
  return tc.kernel_fusion == KernelFusion::eager_amp && !is_fp32(tc.precision) ? 8.0 : 4.0;
}

ActivationTerms activation_terms(const ModelConfig& m, int64_t seq, const TrainingConfig& tc) {
  const double h = as_double(m.hidden_size);
  const double a = as_double(m.num_attention_heads);
  const AttentionWidths w = attention_widths(m);
  const double g = saved_gemm_input_scale(tc);
  ActivationTerms t;
  t.replicated = norm_input_bytes(tc) + 4.0 * g + (m.hidden_dropout > 0.0 ? 2.0 : 0.0);
  // Q, K, V, projection input: 2 + 2k/a + 2k/a + 2 for heads of h/a.
  const double attention =
      2.0 * (as_double(w.q_out() + w.k_out() + w.v_out()) + g * as_double(w.proj_in())) / h;
  const MlpTerms mlp = mlp_terms(m, tc);
  t.sharded = attention + mlp.routed + mlp.shared;
  t.scores = 5.0 * a * as_double(seq) / h;
  t.latent = 2.0 * as_double(w.q_lora_rank + w.kv_latent) / h;
  return t;
}

// What selective recompute's module `r` drops of a layer's terms (recompute_modules.hpp), in sbh
// units; core_attn's scores are the caller's (an unfused core's keeps_scores).
ActivationTerms dropped_by(const ModelConfig& m, const TrainingConfig& t, RecomputeModule r) {
  const bool quantized = keeps_quantized_copies(t.precision, t.fp8_recipe);
  const MlpTerms mlp = mlp_terms(m, t);
  const AttentionWidths w = attention_widths(m);
  ActivationTerms d;
  switch (r) {
    case RecomputeModule::core_attn:
      break;
    case RecomputeModule::layernorm:  // the QKV and fc1 inputs, 2 + 2
      d.replicated = quantized ? 0.0 : 4.0;
      break;
    case RecomputeModule::mlp:
    case RecomputeModule::moe:
      d.sharded = mlp.routed + mlp.shared;
      break;
    case RecomputeModule::shared_experts:
      d.sharded = mlp.shared;
      break;
    case RecomputeModule::moe_act:
      d.sharded = quantized ? 0.0 : mlp.routed_act_out;
      break;
    case RecomputeModule::mla_up_proj:
      d.sharded =
          w.mla ? 2.0 * as_double(w.q_out() + w.k_out() + w.v_out()) / as_double(m.hidden_size)
                : 0.0;
      break;
  }
  return d;
}

// The sum over the listed modules; moe already holds the shared experts and the activation.
ActivationTerms dropped_by_modules(const Scenario& s) {
  const TrainingConfig& t = s.training;
  ActivationTerms sum;
  for (const RecomputeModule r : t.recompute_modules) {
    const bool in_moe = r == RecomputeModule::shared_experts || r == RecomputeModule::moe_act;
    if (in_moe && recomputes(t, RecomputeModule::moe)) continue;
    const ActivationTerms d = dropped_by(s.model, t, r);
    sum.replicated += d.replicated;
    sum.sharded += d.sharded;
  }
  return sum;
}

}  // namespace

double quantized_weight_bytes(const TrainingConfig& t) {
  return keeps_quantized_copies(t.precision, t.fp8_recipe) ? 2.0 * operand_bytes(t.precision) : 0.0;
}

double logit_bytes(const TrainingConfig& t) {
  return t.cross_entropy == CrossEntropy::pytorch ? 12.0 : 4.0;
}

double gradient_width(const TrainingConfig& t) {
  return is_fp32(t.precision) || t.grad_reduce_in_fp32 ? 4.0 : 2.0;
}

StateBytes state_bytes_per_param(const TrainingConfig& t) {
  const double moments = t.optimizer == Optimizer::sgd ? 4.0 : 8.0;
  if (is_fp32(t.precision)) return {4.0, 4.0, moments};
  // Eager autocast: fp32 parameters (the master weights) and the 16-bit copy autocast saves for
  // backward, fp32 gradients, the moments (Megatron-style mixed precision: 2, and 4 + moments).
  if (t.kernel_fusion == KernelFusion::eager_amp) return {6.0, 4.0, moments};
  return {2.0 + quantized_weight_bytes(t), gradient_width(t), 4.0 + moments};
}

double autocast_copy_bytes(const TrainingConfig& t) {
  return t.kernel_fusion == KernelFusion::eager_amp && !is_fp32(t.precision) ? 2.0 : 0.0;
}

double stored_weight_bytes(const TrainingConfig& t) {
  return state_bytes_per_param(t).weights - quantized_weight_bytes(t) - autocast_copy_bytes(t);
}

ModelStateMemory model_state_memory(double params, int zero_stage, int dp,
                                    const TrainingConfig& t) {
  const StateBytes b = state_bytes_per_param(t);
  const double n = dp > 0 ? static_cast<double>(dp) : 1.0;
  ModelStateMemory m;
  m.weights = params * b.weights / (zero_stage >= 3 ? n : 1.0);
  m.gradients = params * b.gradients / (zero_stage >= 2 ? n : 1.0);
  m.optimizer = params * b.optimizer / (zero_stage >= 1 ? n : 1.0);
  return m;
}

namespace {

// A layer's activations: 2sbh under full recompute, else its terms less `dropped` (selective's
// modules), with the scores when `keep_scores`.
double activation_bytes(const Scenario& s, Recompute recompute, bool keep_scores,
                        const ActivationTerms& dropped = {}) {
  const int64_t seq = s.model.seq_length / s.parallel.context;
  const double sbh =
      as_double(seq) * as_double(s.training.micro_batch_size) * as_double(s.model.hidden_size);
  const double t = s.parallel.tensor;
  const bool sp = s.parallel.sequence_parallel && s.parallel.tensor > 1;
  const double width = is_fp32(s.training.precision) ? 2.0 : 1.0;
  ActivationTerms terms = activation_terms(s.model, s.model.seq_length, s.training);
  terms.replicated -= dropped.replicated;
  terms.sharded -= dropped.sharded;
  if (recompute == Recompute::full) {
    return width * 2.0 * sbh / (sp ? t : 1.0);
  }
  const double scores = keep_scores ? terms.scores : 0.0;
  // The attention-score term scales with the full sequence each local query attends to; with
  // context parallelism the local queries are s/c, which `sbh` already carries.
  const double latent = width * sbh * terms.latent;
  if (sp) return width * sbh / t * (terms.replicated + terms.sharded + scores) + latent;
  return width * sbh * (terms.replicated + (terms.sharded + scores) / t) + latent;
}

// torchtitan's per-op selective checkpointing (pytorch/torchtitan@b5bcd76c
// distributed/activation_checkpoint.py:31-86, save list llama3/infra/parallelize.py:36-51): the
// checkpointed block keeps its input, the output of every odd-numbered matmul in forward order (a
// counter per block: q 1 kept, k 2 recomputed, v 3 kept, output projection 4 recomputed, then the
// MLP's: gated w1 5 kept, w3 6 recomputed, w2 7 kept; two-matrix fc1 5 kept, fc2 6 recomputed),
// the fused attention kernel's output and fp32 logsumexp, and with SP the reduce-scatters'
// outputs; norms, rotary, activation functions, the all-gathers and the all-reduces run again.
// A row-parallel matmul's output (output projection, w2/fc2) is the full h before its reduction.
// An unfused core (batched matmuls, not in the list) is recomputed whole. MoE: the experts'
// matmuls counted like a dense MLP's per routed token (an assumption; docs/models.md).
double per_op_bytes(const Scenario& s) {
  const ModelConfig& m = s.model;
  const double tokens =
      as_double(s.training.micro_batch_size) * as_double(s.model.seq_length / s.parallel.context);
  const double t = s.parallel.tensor;
  const bool sp = s.parallel.sequence_parallel && s.parallel.tensor > 1;
  const double width = is_fp32(s.training.precision) ? 4.0 : 2.0;
  const double h = as_double(m.hidden_size);
  const double a = as_double(m.num_attention_heads);
  const AttentionWidths w = attention_widths(m);
  const bool moe = m.moe.num_experts > 0;
  const double f = as_double(moe ? routed_ffn_width(m) : m.ffn_hidden_size);
  const double experts = moe ? as_double(m.moe.top_k) * expert_capacity_scale(m) : 1.0;
  // Matmul outputs per token in forward order, elements on this GPU.
  std::vector<double> matmuls = {as_double(w.q_out()) / t, as_double(w.k_out()) / t,
                                 as_double(w.v_out()) / t, h};
  if (m.gated_mlp) {
    matmuls.insert(matmuls.end(), {experts * f / t, experts * f / t, experts * h});
  } else {
    matmuls.insert(matmuls.end(), {experts * f / t, experts * h});
  }
  double kept = sp ? h / t : h;  // the checkpoint's input
  for (size_t i = 0; i < matmuls.size(); i += 2)
    kept += matmuls[i];
  if (sp) kept += 2.0 * h / t;
  double bytes = width * kept;
  if (is_fused(s.training.attention)) bytes += width * as_double(w.proj_in()) / t + 4.0 * a / t;
  return tokens * bytes;
}

}  // namespace

double activation_bytes_per_layer(const Scenario& s) {
  // Only an unfused core that is not recomputed keeps the scores (softmax output and dropout mask)
  // for backward; a fused (flash) kernel never writes them.
  const bool unfused = s.training.attention == AttentionKernel::unfused;
  switch (s.training.activation_recompute) {
    case Recompute::per_op:
      return per_op_bytes(s);
    case Recompute::full: {
      // Block recompute: the layers that do not recompute keep what they would without it.
      const double share = recomputed_layer_share(s);
      return share * activation_bytes(s, Recompute::full, false) +
             (1.0 - share) * activation_bytes(s, Recompute::none, unfused);
    }
    case Recompute::selective:
      return activation_bytes(s, Recompute::selective,
                              unfused && !recomputes(s.training, RecomputeModule::core_attn),
                              dropped_by_modules(s));
    case Recompute::none:
      break;
  }
  return activation_bytes(s, Recompute::none, unfused);
}

double recompute_working_bytes(const Scenario& s) {
  // The recomputed layer's activations, without the attention-score matrix that fused (flash)
  // attention never materialises; under per-op checkpointing the part of them it did not keep;
  // under selective recompute the largest module's, one module recomputed at a time.
  const double layer = activation_bytes(s, Recompute::selective, false);
  switch (s.training.activation_recompute) {
    case Recompute::full:
      return layer;
    case Recompute::per_op:
      return std::max(0.0, layer - per_op_bytes(s));
    case Recompute::selective: {
      double largest = 0.0;
      for (const RecomputeModule r : s.training.recompute_modules) {
        const ActivationTerms d = dropped_by(s.model, s.training, r);
        largest = std::max(largest, layer - activation_bytes(s, Recompute::selective, false, d));
      }
      return largest;
    }
    case Recompute::none:
      return 0.0;
  }
  return 0.0;
}

}  // namespace wt
