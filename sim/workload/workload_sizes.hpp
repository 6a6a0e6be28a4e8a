#pragma once
// Sizes the workload builder gives its ops, as plain functions of the scenario, so that the
// `estimate` path prices exactly the messages and parameter counts the programs carry.
#include "sim/scenario/scenario.hpp"

namespace wt {

struct CommSizes {
  double tp_bytes;  // one TP collective's buffer (b·s·h activations)
  double cp_bytes;  // K and V of one layer gathered over the CP group (k·d_qk + k·d_v wide)
  // Ulysses (cp_comm_type a2a): one rank's Q, K and V of its s/c tokens ((a + k)·d_qk + k·d_v
  // wide, /t), which three all-to-alls re-split by heads, and its attention output (a·d_v, /t).
  double cp_qkv_bytes;
  double cp_out_bytes;
  double ep_bytes;  // tokens dispatched by one all-to-all
  // The allgather dispatcher (training.moe_dispatcher): the EP group's tokens gathered (h wide),
  // their routing map (1 B per expert) and their probabilities (one activation width per expert).
  double ep_gather_bytes;
  double ep_map_bytes;
  double ep_probs_bytes;
  double p2p_bytes;     // activations crossing a stage boundary
  double weight_width;  // bytes per parameter of weights
  double grad_width;    // bytes per parameter of gradients
  double bucket_bytes;  // DP bucket size
};
CommSizes comm_sizes(const Scenario& s);

// Parameters one GPU of a stage holds for one layer: TP splits the matrices (norms replicated),
// EP × ETP the routed experts (each GPU holds E/EP experts, each split over ETP ranks).
double layer_params_on_gpu(const Scenario& s);
// Of those, the routed experts'. Both of the mean layer (layer_params: the dense first layers
// averaged in), which ZeRO's per-layer gathers and the gradient buckets use.
double layer_expert_params_on_gpu(const Scenario& s);

// Parameters one GPU of pipeline stage `stage` holds with `stage_layers` transformer layers: the
// layers (the dense first layers of an MoE model as dense layers, on the stage that holds them;
// layer_mix.hpp), the embedding on the first stage, the output layer (unless tied on one stage),
// the final layer norm and the MTP layers (mtp_params_on_gpu) on the last.
double stage_params(const Scenario& s, int stage_layers, int stage);

// The parameters one GPU of `stage` holds in its largest vocabulary unit: the embedding V·h/t on
// the first stage, the output layer V·h/t on the last (the same weight when tied on one stage);
// 0 on the stages between.
double stage_vocab_unit(const Scenario& s, int stage);

// Of those, the routed experts'.
double stage_expert_params(const Scenario& s, int stage_layers, int stage);

// Layers of (stage, chunk) when `layers` are split over `stages` × `chunks`: even when they divide,
// else the remainder goes one layer each to the parts after the first in the model's order
// (chunk 0 of stages 1, 2, …, then chunk 1 of stages 0, 1, …): parts differ by one layer at most.
// When layers + 2 divide, the first and last part are one layer short, as Megatron-Core's
// account_for_embedding_in_pipeline_split and account_for_loss_in_pipeline_split split them.
int chunk_layers(int layers, int stages, int chunks, int stage, int chunk);

// Layers of (stage, chunk) in the scenario's split. Megatron-Core's
// --account-for-embedding-in-pipeline-split and --account-for-loss-in-pipeline-split add one
// slot each to the layers before splitting them (as above), and the first chunk of stage 0 (the
// embedding's) and the last chunk of the last stage (the output layer's and loss's) each build one
// layer fewer: 126 layers + 2 over 16 × 8 chunks leave those two chunks with the embedding only
// and the loss only, and every other chunk with one layer. With parallel.first_stage_layers or
// last_stage_layers, stage_layers_stated / virtual_stages instead.
int chunk_layers(const Scenario& s, int stage, int chunk);

// With parallel.first_stage_layers or last_stage_layers (Megatron-Core's
// --decoder-first/last-pipeline-num-layers): the first and last stages' stated layers, every
// other stage (num_layers − first − last) / (the stages left).
int stage_layers_stated(const Scenario& s, int stage);

// Of a chunk of `chunk_layers` layers, how many run their forward again in backward: all of them
// under full recompute, or the first training.recompute_num_layers; none otherwise.
int recomputed_layers(const Scenario& s, int chunk_layers);

// The share of all the model's layers that recompute (the chunks of every stage counted).
double recomputed_layer_share(const Scenario& s);

}  // namespace wt
