#pragma once
// The layers that are not the repeated layer (docs/models.md, "Dense first layers and MTP"): the
// first model.moe.first_dense_layers layers of an MoE model, which hold a dense MLP of
// ffn_hidden_size (no router, no token dispatch, no all-to-all), and the multi-token prediction
// layers (DeepSeek-V3 §2.2), which Megatron-Core builds on the last pipeline stage after the main
// layers. Both sit in particular pipeline stages, so each stage says what it holds of them and the
// program builder and the `estimate` recurrence price them there, not averaged over the stages.
#include "sim/scenario/scenario.hpp"

namespace wt {

// The dense first layers of an MoE model (0 for a dense model: every layer is dense and alike).
// Inline, as the ones below: the estimate asks for every stage and chunk, nearly always of a model
// without them.
inline int dense_first_layers(const ModelConfig& m) {
  return m.moe.num_experts > 0 ? m.moe.first_dense_layers : 0;
}

// Whether an MoE model has layers with a dense MLP: dense first layers, or MoE only in every
// model.moe.layer_freq-th layer after them.
inline bool has_dense_layers(const ModelConfig& m) {
  return m.moe.num_experts > 0 && (m.moe.first_dense_layers > 0 || m.moe.layer_freq > 1);
}

// Whether global layer `layer` (0-based, the model's order) is an MoE layer: after the dense first
// layers, the last of each group of layer_freq (every one when 1).
inline bool is_moe_layer(const ModelConfig& m, int layer) {
  if (m.moe.num_experts <= 0 || layer < m.moe.first_dense_layers) return false;
  const int k = m.moe.layer_freq > 1 ? m.moe.layer_freq : 1;
  return (layer - m.moe.first_dense_layers) % k == k - 1;
}

// Of the `count` layers from global layer `first` on, how many hold a dense MLP (0 for a dense
// model, whose layers are all the repeated one).
int dense_layers_in(const ModelConfig& m, int first, int count);
// Of all layers (the main model's; MTP layers are MoE layers), how many hold a dense MLP. Inline:
// layer_params asks for every stage of every model.
inline int total_dense_layers(const ModelConfig& m) {
  return has_dense_layers(m) ? dense_layers_in(m, 0, m.num_layers) : 0;
}

// The scenario a dense first layer is priced with: the model without routed or shared experts, so
// that the layer's kernels, collectives, activations and parameters are those of a dense layer of
// ffn_hidden_size.
Scenario dense_layer_scenario(const Scenario& s);

// The global index of the first layer of model chunk `chunk` of `stage` (chunks in the model's
// order: chunk 0 of stages 0, 1, …, then chunk 1, …).
int chunk_first_layer(const Scenario& s, int stage, int chunk);

// Of the layers of (stage, chunk), how many hold a dense MLP (dense_layers_in over the chunk's
// layers). Both engines run a chunk's dense layers first, then its MoE layers: with MoE in every
// layer_freq-th layer that reorders layers inside a chunk, which changes no sum and keeps the
// walk's and the estimate's order one (docs/models.md, "Dense first layers and MTP").
int chunk_dense_layers_of(const Scenario& s, int stage, int chunk);  // with dense layers
int stage_dense_layers_of(const Scenario& s, int stage);
inline int chunk_dense_layers(const Scenario& s, int stage, int chunk) {
  return has_dense_layers(s.model) ? chunk_dense_layers_of(s, stage, chunk) : 0;
}
inline int stage_dense_layers(const Scenario& s, int stage) {
  return has_dense_layers(s.model) ? stage_dense_layers_of(s, stage) : 0;
}

// Whether (stage, chunk) runs the MTP layers: the last chunk of the last stage, after its layers.
bool chunk_holds_mtp(const Scenario& s, int stage, int chunk);

// Parameters one GPU holds for the MTP layers (all model.mtp_layers of them): per depth an MoE
// layer like the repeated one (TP splits its matrices, EP × ETP its routed experts), the 2h × h
// projection split over TP, the two input RMSNorms and the head's norm (replicated); with more than
// one stage and untied embeddings also the embedding's copy V·h/t that Megatron-Core builds on the
// last stage for the MTP input, whose gradient it all-reduces with the first stage's.
// `expert`: of those, the routed experts'.
struct MtpParams {
  double total = 0.0;
  double expert = 0.0;
  double embedding_copy = 0.0;  // of `total`
};
MtpParams mtp_params_on_gpu(const Scenario& s);

// Whether the last stage holds a copy of the embedding for the MTP input (MtpParams above).
bool mtp_embedding_copy(const Scenario& s);

}  // namespace wt
