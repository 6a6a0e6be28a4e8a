#pragma once
// Memory of the GPUs of each pipeline stage, from the built workload (parameters per stage and the
// schedule's in-flight activations) and the formulas of memory.hpp.
#include <vector>

#include "sim/scenario/scenario.hpp"
#include "sim/workload/memory_use.hpp"
#include "sim/workload/program.hpp"
#include "sim/workload/runtime_memory.hpp"

namespace wt {

MemoryUse stage_memory(const Scenario& s, const Workload& w, int stage, double capacity_bytes);
// The same from what a stage holds: its parameters per GPU (`expert_params` of them the routed
// experts', whose states ZeRO shards over the expert-data-parallel ranks: layer_work.hpp), the
// most layer-activations in flight and whether it computes the logits (what the `estimate` path
// knows without a Workload).
MemoryUse stage_memory(const Scenario& s, double params, double expert_params, int in_flight_layers,
                       bool has_logits, double capacity_bytes);

// What one GPU of a stage holds: its parameters (`expert_params` of them the routed experts'), of
// those or beside them the ones that train (all in full training; the adapters with
// training.finetune lora and qlora, sim/workload/finetune.hpp), and the bytes of the frozen
// weights (before ZeRO-3 partitioning). `vocab_unit`: the parameters per GPU of the largest
// vocabulary unit the stage holds (the embedding V·h/t on the first stage, the output layer on the
// last; one unit when tied on one stage), which ZeRO-3 / FSDP gather apart from the layers.
// `extra_activations`: stage_extra_activation_bytes below.
struct StageWeights {
  double params = 0.0, expert_params = 0.0, trainable = 0.0, frozen_bytes = 0.0;
  double vocab_unit = 0.0;
  double extra_activations = 0.0;
};
StageWeights stage_weights(const Scenario& s, int stage_layers, int stage);

// The activation bytes a stage keeps beyond its in-flight layers counted as repeated layers
// (layer_mix.hpp): its dense first layers' difference to a repeated layer, and on the last stage
// the MTP layers' (per depth a layer, its inputs, its head's fp32 logits of one micro-batch), for
// the chunk passes the schedule holds at once (max_in_flight), spread evenly over the stage's
// chunks when interleaved.
double stage_extra_activation_bytes(const Scenario& s, int stage_layers, int stage);
MemoryUse stage_memory(const Scenario& s, const StageWeights& weights, int in_flight_layers,
                       bool has_logits, double capacity_bytes);

// The parts of stage_memory that are the same on every stage of a scenario (a layer's
// activations, the recompute working set, the logits, ZeRO-3's gathered units, NCCL's buffers),
// taken once when pricing all the stages (the `estimate` path prices every stage of every
// candidate).
struct StageMemoryTerms {
  int dp_group = 1, expert_dp_group = 1;
  bool separate_expert_grads = false;
  double activation_per_layer = 0.0;  // with the adapters' (fine-tuning)
  double recompute_working = 0.0;
  double dequantized_weight = 0.0;  // QLoRA
  double logits = 0.0;         // the loss's logits of one micro-batch (logit_bytes), on its stage
  bool gathers_units = false;  // ZeRO-3 / FSDP over more than one rank
  double gathered_layer = 0.0, gathered_layer_trainable = 0.0;  // parameters of one layer per GPU
  RuntimeMemory runtime;  // all but the allocator slack, which follows a stage's activations
};
StageMemoryTerms stage_memory_terms(const Scenario& s);
MemoryUse stage_memory(const Scenario& s, const StageMemoryTerms& terms,
                       const StageWeights& weights, int in_flight_layers, bool has_logits,
                       double capacity_bytes);

// Fills the CUDA context, NCCL's buffers, the totals and the capacity of `m` from its tensors.
void add_runtime_memory(const Scenario& s, MemoryUse& m, double capacity_bytes);
// The same with the buffers known (`runtime` from runtime_memory; its slack is recomputed).
void add_runtime_memory(const RuntimeMemory& runtime, MemoryUse& m, double capacity_bytes);

// The stage whose GPUs need the most memory, and what they need.
struct PeakMemory {
  int stage = 0;
  MemoryUse use;
};
PeakMemory peak_memory(const Scenario& s, const Workload& w, double capacity_bytes);

}  // namespace wt
