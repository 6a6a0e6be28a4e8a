#pragma once
// The work of one transformer layer on one GPU, described once for every consumer: the program
// builder (builder.cpp, timed by the walk and SimGrid) emits ops from it, and the `estimate` closed
// forms (sim/engine/analytical/estimate_costs.cpp) price the same description without building
// ops. A layer is
//   - its kernels per pass: emit_layer_forward_kernels / emit_layer_backward_kernels
//     (layer_kernels.hpp; recompute reruns the forward kernels);
//   - its blocking collectives per pass and parallel dimension: layer_pass_collectives below;
//   - its data-parallel traffic: ZeRO's parameter all-gather and ZeRO-3's gradient
//     reduce-scatter of its parameters, or its gradients joining the DP buckets (below);
//   - its memory: activation_bytes_per_layer and its parameters (memory.hpp, workload_sizes.hpp).
// A kernel or a collective added to a layer is added here (or in the kernel emitters) only.
#include <array>

#include "sim/comm/collective.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workload/program.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {

// `count` identical calls of one collective of `bytes` over `group` ranks of dimension `dim`.
struct LayerCollective {
  CommDim dim = CommDim::none;
  Collective collective = Collective::all_reduce;
  double bytes = 0.0;
  int count = 1;
  int group = 1;
};

// The collectives of one layer pass, in the order the compute stream runs them (at most four).
struct LayerPassCollectives {
  std::array<LayerCollective, 6> items{};
  int size = 0;
  const LayerCollective* begin() const { return items.data(); }
  const LayerCollective* end() const { return items.data() + size; }
};

// The blocking communication of one pass (forward, recompute or backward) of a layer on the compute
// stream, after its kernels: TP (all-reduce, or all-gather + reduce-scatter with SP, two each;
// one each for a parallel block, ModelConfig::fused_parallel_block), CP
// (the K/V all-gather, again for the gradients in the backward pass; under Ulysses, cp_comm_type
// a2a, the all-to-alls of Q, K, V and the output, the same four in backward), EP (dispatch and
// combine all-to-all of a MoE layer; under the allgather dispatcher an all-gather of the group's
// tokens and a reduce-scatter of the outputs). The recompute pass of full recompute repeats the
// forward's; that of per-op checkpointing (torchtitan, no recompute op of its own: its kernels open
// the backward list) only those whose outputs it does not keep: the all-gathers (TP with SP, CP)
// and the TP all-reduces, not the reduce-scatters nor the all-to-alls.
LayerPassCollectives layer_pass_collectives(const Scenario& s, const CommSizes& z, Phase phase);

// Transformer Engine's delayed scaling (precision fp8, training.fp8_recipe delayed, reduce_amax
// on) all-reduces the amaxes of a model chunk's fp8 tensors once per pass of the chunk, blocking
// its compute stream: at the end of each forward (fp8_autocast's exit around Megatron-Core's
// TransformerBlock) and at the end of each backward (the chunk's first fp8 module's backward),
// over Megatron-Core's amax reduction group, the tensor × context × data ranks of the stage
// (--tp-only-amax-red off). Recomputed forwards reuse the forward's scales and reduce nothing.
// Priced over the data × context ranks (the group spans the same nodes; the tensor ranks' NVLink
// steps inside a node are left out), or the tensor ranks when the stage has no data or context
// parallelism. Bytes: fp32 amaxes of 4 linear layers per transformer layer, 3 each forward (input,
// weight, output) and 2 backward (output and input gradients), for the largest chunk's layers
// (the call is latency-bound: a few KiB). count 0 when none runs (docs/models.md, "Precisions").
LayerCollective chunk_amax_sync(const Scenario& s, Phase phase);

// The data-parallel ranks that share a layer's parameters: data × context.
int layer_dp_group(const Scenario& s);
// ZeRO's all-gather of the layer's parameters before it runs.
LayerCollective layer_param_gather(const Scenario& s, const CommSizes& z);
// The layer's gradients on one GPU, in bytes; ZeRO-3 reduce-scatters them after each backward.
double layer_grad_bytes(const Scenario& s, const CommSizes& z);
LayerCollective layer_grad_reduce_scatter(const Scenario& s, const CommSizes& z);
// The same of `grad_bytes` = layer_grad_bytes(s, z) already taken.
LayerCollective layer_grad_reduce_scatter(const Scenario& s, double grad_bytes);

// Without ZeRO-3 the gradients of a finished backward join buckets (Megatron's DDP buffers). The
// routed experts' gradients have their own buckets, reduced over the expert-data-parallel ranks
// (EDP = tensor × context × data / (expert × expert_tensor), at stride ETP × EP), unless they share
// the dense group (EP 1 and ETP = TP); ZeRO-3 reduce-scatters everything over data × context.
bool separate_expert_grads(const Scenario& s);
// The layer's gradients that join the data × context buckets, and those that join the expert
// buckets (0 unless separate_expert_grads), in bytes.
double layer_dense_grad_bytes(const Scenario& s, const CommSizes& z);
double layer_expert_grad_bytes(const Scenario& s, const CommSizes& z);
// EDP; the ranks the expert gradients are reduced and their optimizer state sharded over.
int expert_dp_group(const Scenario& s);
// Parameters of a GPU (`params`, of which `expert_params` the routed experts') whose optimizer
// state it owns: all without ZeRO, else the dense ones over data × context and, with separate
// expert gradients, the experts' over EDP.
double optimizer_owned_params(const Scenario& s, double params, double expert_params);

// Beside the layers, a stage's other messages, described once the same way: a pipeline message of
// one micro-batch chunk (activations forward, gradients backward), the gradients of the embedding
// (or output layer) one GPU holds, and, with tied embeddings on a pipeline, their all-reduce
// between the first and the last stage.
LayerCollective pipeline_message(const CommSizes& z);
double embedding_grad_bytes(const Scenario& s, const CommSizes& z);
LayerCollective tied_embedding_sync(const Scenario& s, const CommSizes& z);
// Whether `stage` takes part in that all-reduce (not when fine-tuning freezes the embedding). With
// MTP layers and untied embeddings the last stage holds a copy of the embedding for their input,
// whose gradient Megatron-Core all-reduces with the first stage's the same way (layer_mix.hpp).
bool syncs_tied_embedding(const Scenario& s, int stage);
// The MTP layers' gradients on one GPU of the last stage (mtp_params_on_gpu) that join the
// data × context buckets and the expert buckets, on the final backward pass (none when frozen).
double mtp_dense_grad_bytes(const Scenario& s, const CommSizes& z);
double mtp_expert_grad_bytes(const Scenario& s, const CommSizes& z);
// Under ZeRO-3 / FSDP the embedding and the output layer are units of their own (torchtitan's
// apply_fsdp shards tok_embeddings, then norm with output, apart from the blocks; DeepSpeed
// gathers each module's parameters): the all-gather of one of them (V·h/t weights) before it runs,
// and the reduce-scatter of its gradients after its backward.
LayerCollective vocab_param_gather(const Scenario& s, const CommSizes& z);
LayerCollective vocab_grad_reduce_scatter(const Scenario& s, const CommSizes& z);

}  // namespace wt
