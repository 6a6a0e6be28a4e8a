#include "sim/workload/stage_memory.hpp"

#include <algorithm>

#include "sim/workload/finetune.hpp"
#include "sim/workload/layer_list.hpp"
#include "sim/workload/layer_mix.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/memory.hpp"
#include "sim/workload/runtime_memory.hpp"
#include "sim/workload/schedule.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {
namespace {

// parallel.offload moves model states to the host (docs/models.md, "Offload"). The optimizer state
// goes, and with it the gradients: DeepSpeed's ZeRO stage 1 and 2 with offload_optimizer copy each
// reduced bucket's partition (sharded as the optimizer state is) to the host, keeping one
// reduction bucket on the GPU (parallel.dp_bucket_mb). offload_param (ZeRO-3) moves the parameter
// shard too; the layers gathered for compute are transient, as they are without offload.
void move_offloaded_states(const Scenario& s, MemoryUse& m) {
  if (s.parallel.offload == Offload::none) return;
  const StateBytes b = state_bytes_per_param(s.training);
  m.host = m.optimizer * (1.0 + b.gradients / b.optimizer);
  m.optimizer = 0.0;
  m.gradients = std::min(m.gradients, s.parallel.dp_bucket_mb * 1e6);
  if (s.parallel.offload == Offload::parameters) {
    m.host += m.weights;
    m.weights = 0.0;
  }
}

// ZeRO-3 / FSDP gather each unit whole for compute: the unit being computed and the one
// prefetched are held at once (FSDP's limit_all_gathers allows two in flight; DeepSpeed prefetches
// the next), in 16 bits (fp32 for fp32/tf32 training), and in backward the unit's whole gradient
// waits for its reduce-scatter. The units are the layers and, apart from them, the embedding and
// the output layer (torchtitan's apply_fsdp shards each block, then the embedding and the norm with
// the output; DeepSpeed gathers each module's parameters): on a stage holding one of those, the
// gathered peak is the vocabulary unit with one layer (at the logits: the output weight with the
// last layer prefetched for backward) when it is larger than two layers, and the gradient waiting
// is the larger unit's (docs/models.md, "Memory per GPU").
void add_gathered_units(const Scenario& s, const StageMemoryTerms& terms, double vocab_unit,
                        bool vocab_trains, MemoryUse& m) {
  if (!terms.gathers_units) return;
  const TrainingConfig& t = s.training;
  const double width = t.precision == Precision::fp32 || t.precision == Precision::tf32 ? 4.0 : 2.0;
  const double layer = terms.gathered_layer;
  m.weights += width * std::max(2.0 * layer, vocab_unit + layer);
  m.gradients +=
      gradient_width(t) * std::max(terms.gathered_layer_trainable, vocab_trains ? vocab_unit : 0.0);
}

// Eager PyTorch sets the gradients to None after every step (optimizer.zero_grad(), whose
// set_to_none is True since PyTorch 2.0): with one micro-batch per iteration and no
// data-parallel reducer (DDP keeps its gradient buckets for the whole run), none exist at the
// start of the backward pass, where every activation and the loss's logits are held; they exist
// at its end, when autocast's 16-bit weight copies and the activations are gone.
bool eager_gradients_freed(const Scenario& s, const StageMemoryTerms& terms) {
  return s.training.kernel_fusion == KernelFusion::eager_amp && terms.dp_group == 1 &&
         s.num_micro_batches() == 1 && s.parallel.offload == Offload::none;
}

// The larger of the two moments eager_gradients_freed separates: `m` (counted at the start of
// the backward pass, gradients included) without its gradients, or the end of the backward pass:
// the stored weights, the gradients and the optimizer state, no activations.
MemoryUse eager_peak(const Scenario& s, const StageMemoryTerms& terms, double params, MemoryUse m,
                     double capacity_bytes) {
  MemoryUse end = m;
  end.weights -= params * autocast_copy_bytes(s.training);
  end.activations = 0.0;
  m.gradients = 0.0;
  add_runtime_memory(terms.runtime, m, capacity_bytes);
  add_runtime_memory(terms.runtime, end, capacity_bytes);
  return end.total > m.total ? end : m;
}

int stage_layer_total(const Workload& w, int stage) {
  int layers = 0;
  for (int n : w.stage_layers[stage])
    layers += n;
  return layers;
}

}  // namespace

MemoryUse stage_memory(const Scenario& s, const Workload& w, int stage, double capacity_bytes) {
  return stage_memory(s, stage_weights(s, stage_layer_total(w, stage), stage),
                      w.stage_in_flight_layers[stage], w.stage_has_logits[stage], capacity_bytes);
}

StageWeights stage_weights(const Scenario& s, int stage_layers, int stage) {
  const double params = stage_params(s, stage_layers, stage);
  // Unless the base is frozen every weight trains: stage_trainable_params is stage_params.
  const double trainable =
      frozen_base(s.training) ? stage_trainable_params(s, stage_layers, stage) : params;
  StageWeights w{params, stage_expert_params(s, stage_layers, stage), trainable,
                 stage_frozen_weight_bytes(s, stage_layers, stage), stage_vocab_unit(s, stage)};
  w.extra_activations = stage_extra_activation_bytes(s, stage_layers, stage);
  return w;
}

double stage_extra_activation_bytes(const Scenario& s, int stage_layers, int stage) {
  const int dense = std::min(stage_dense_layers(s, stage), stage_layers);
  const bool mtp = s.model.mtp_layers > 0 && stage == s.parallel.pipeline - 1;
  if (dense == 0 && !mtp) return 0.0;
  const ParallelConfig& par = s.parallel;
  const int v = par.virtual_stages;
  // Chunk passes in flight, spread evenly over the stage's v chunks.
  const double per_chunk =
      static_cast<double>(max_in_flight(par.pipeline_schedule, par.pipeline, stage,
                                        s.num_micro_batches(), v, ep_pairs(s))) /
      v;
  const double layer = activation_bytes_per_layer(s);
  double extra = 0.0;
  if (dense > 0) {
    const double dense_layer = activation_bytes_per_layer(dense_layer_scenario(s));
    extra += per_chunk * dense * (dense_layer - layer);
  }
  if (mtp) {
    // Per depth a layer like the repeated one, the two norm inputs and the 2h-wide concatenation
    // the projection reads (4·b·s·h 16-bit values, split over TP with SP), and the fp32 logits of
    // its own head for one micro-batch (stage_memory_terms' `logits`).
    const double tokens = static_cast<double>(s.training.micro_batch_size) *
                          static_cast<double>(s.model.seq_length / par.context);
    const bool sp = par.sequence_parallel && par.tensor > 1;
    const double inputs =
        4.0 * tokens * static_cast<double>(s.model.hidden_size) * 2.0 / (sp ? par.tensor : 1);
    const double logits =
        logit_bytes(s.training) * tokens * static_cast<double>(s.model.vocab_size) / par.tensor;
    extra += s.model.mtp_layers * (per_chunk * (layer + inputs) + logits);
  }
  return extra;
}

MemoryUse stage_memory(const Scenario& s, double params, double expert_params, int in_flight_layers,
                       bool has_logits, double capacity_bytes) {
  return stage_memory(s, StageWeights{params, expert_params, params, 0.0}, in_flight_layers,
                      has_logits, capacity_bytes);
}

MemoryUse stage_memory(const Scenario& s, const StageWeights& weights, int in_flight_layers,
                       bool has_logits, double capacity_bytes) {
  return stage_memory(s, stage_memory_terms(s), weights, in_flight_layers, has_logits,
                      capacity_bytes);
}

StageMemoryTerms stage_memory_terms(const Scenario& s) {
  StageMemoryTerms terms;
  terms.dp_group = layer_dp_group(s);
  terms.expert_dp_group = expert_dp_group(s);
  terms.separate_expert_grads = separate_expert_grads(s);
  terms.activation_per_layer =
      activation_bytes_per_layer(s) + adapter_activation_bytes_per_layer(s);
  terms.recompute_working = recompute_working_bytes(s);
  terms.dequantized_weight = dequantized_weight_bytes(s);
  const double tokens = static_cast<double>(s.training.micro_batch_size) *
                        static_cast<double>(s.model.seq_length / s.parallel.context);
  terms.logits = logit_bytes(s.training) * tokens * static_cast<double>(s.model.vocab_size) /
                 s.parallel.tensor;
  terms.gathers_units = s.parallel.zero_stage >= 3 && terms.dp_group > 1;
  if (terms.gathers_units) {
    terms.gathered_layer = layer_params_on_gpu(s);
    // layer_trainable_params_on_gpu: the whole layer unless the base weights are frozen.
    terms.gathered_layer_trainable =
        frozen_base(s.training) ? layer_trainable_params_on_gpu(s) : terms.gathered_layer;
  }
  terms.runtime = runtime_memory(s, 0.0);
  return terms;
}

MemoryUse stage_memory(const Scenario& s, const StageMemoryTerms& terms,
                       const StageWeights& weights, int in_flight_layers, bool has_logits,
                       double capacity_bytes) {
  const int zero = s.parallel.zero_stage;
  const double params = weights.trainable, expert_params = weights.expert_params;
  ModelStateMemory states = model_state_memory(params, zero, terms.dp_group, s.training);
  if (terms.separate_expert_grads && expert_params > 0.0) {
    const ModelStateMemory dense =
        model_state_memory(params - expert_params, zero, terms.dp_group, s.training);
    const ModelStateMemory experts =
        model_state_memory(expert_params, zero, terms.expert_dp_group, s.training);
    states = {dense.weights + experts.weights, dense.gradients + experts.gradients,
              dense.optimizer + experts.optimizer};
  }
  // Frozen weights (fine-tuning) hold no gradients or optimizer state; ZeRO-3 shards them too.
  states.weights += weights.frozen_bytes / (zero >= 3 ? terms.dp_group : 1);
  MemoryUse m;
  m.weights = states.weights;
  m.gradients = states.gradients;
  m.optimizer = states.optimizer;
  move_offloaded_states(s, m);
  add_gathered_units(s, terms, weights.vocab_unit, !frozen_base(s.training), m);
  // QLoRA: one dequantized bf16 weight at a time beside the 4-bit ones.
  m.weights += terms.dequantized_weight;
  m.activations = in_flight_layers * terms.activation_per_layer + weights.extra_activations;
  m.activations += terms.recompute_working;
  // fp32 logits of one micro-batch over the local vocabulary, held for the loss.
  if (has_logits) m.activations += terms.logits;
  if (eager_gradients_freed(s, terms)) return eager_peak(s, terms, params, m, capacity_bytes);
  add_runtime_memory(terms.runtime, m, capacity_bytes);
  return m;
}

void add_runtime_memory(const Scenario& s, MemoryUse& m, double capacity_bytes) {
  add_runtime_memory(runtime_memory(s, m.activations), m, capacity_bytes);
}

void add_runtime_memory(const RuntimeMemory& runtime, MemoryUse& m, double capacity_bytes) {
  const double tensors = m.weights + m.gradients + m.optimizer + m.activations;
  const double allocator_slack_high = kAllocatorSlackShare * m.activations;
  m.cuda_context = runtime.cuda_context;
  m.comm_buffers = runtime.comm_buffers;
  m.total = tensors + m.cuda_context + m.comm_buffers;
  m.total_low = tensors + m.cuda_context + runtime.comm_buffers_low;
  m.total_high = tensors + m.cuda_context + runtime.comm_buffers_high + allocator_slack_high;
  m.capacity = capacity_bytes;
}

PeakMemory peak_memory(const Scenario& s, const Workload& w, double capacity_bytes) {
  if (s.model.is_layer_list()) return layer_list_peak_memory(s, w, capacity_bytes);
  PeakMemory peak;
  const StageMemoryTerms terms = stage_memory_terms(s);
  for (int stage = 0; stage < static_cast<int>(w.programs.size()); ++stage) {
    const MemoryUse m =
        stage_memory(s, terms, stage_weights(s, stage_layer_total(w, stage), stage),
                     w.stage_in_flight_layers[stage], w.stage_has_logits[stage], capacity_bytes);
    if (stage == 0 || m.total > peak.use.total) peak = {stage, m};
  }
  return peak;
}

}  // namespace wt
