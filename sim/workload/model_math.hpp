#pragma once
// Closed forms of the transformer (docs/models.md, "FLOPs"): parameters and FLOPs. Shapes:
// micro-batch b, sequence s, hidden h, FFN f, heads a, KV heads k, vocabulary V, layers l.
#include <cstdint>

#include "sim/scenario/scenario.hpp"

namespace wt {

// Forward FLOPs of one transformer layer for b sequences of s tokens, whole layer (no parallelism).
// Attention widths from layer_shape.hpp: a query heads of d_qk, k KV heads of d_qk (keys) and d_v
// (values); d_qk = d_v = head_dim (h/a when 0) without MLA.
struct LayerFlops {
  double qkv = 0.0;  // 2bs·h(a·d_qk + k·d_qk + k·d_v) = 2bsh(h + 2hk/a) for d = h/a; MLA: its
                     // down and up projections (qkv_macs_per_token)
  double attention = 0.0;  // 2bs²·a(d_qk + d_v) = 4bs²h for d = h/a: scores and values, not causal
                           // (× window_work_fraction under a sliding window)
  double projection = 0.0;  // 2bs·a·d_v·h = 2bsh² for d = h/a
  double mlp = 0.0;         // 4bshf, 6bshf gated; MoE: top_k experts of moe_ffn_hidden_size
  double shared = 0.0;  // MoE: the shared experts, one MLP of shared_ffn_width (layer_shape.hpp)
  double router = 0.0;  // MoE router 2bshE
  double total() const { return qkv + attention + projection + mlp + shared + router; }
};

// Sliding-window attention (model.attention_window): the share of a causal attention's
// query-key pairs that a window of `window` keys leaves, over a sequence of `seq`:
// (Σ_{i=1..seq} min(i, window)) / (seq (seq + 1) / 2), 1 when window is 0 or at least seq.
double window_work_fraction(int64_t seq, int64_t window);

LayerFlops layer_forward_flops(const ModelConfig& m, int64_t b, int64_t s);

// How much expert work the GPUs run per routed token: the capacity factor when the experts are
// padded to capacity (model.moe.capacity_factor > 0), else 1 (dropless, balanced).
double expert_capacity_scale(const ModelConfig& m);
// The most loaded expert-parallel rank's routed tokens over the balanced share it would get:
// expert_capacity_scale, times model.moe.load_imbalance under dropless routing with parallel.expert
// > 1 (docs/models.md, "MoE"). It scales that rank's expert kernels and all-to-all bytes, not the
// FLOPs counted.
double expert_load_scale(const Scenario& s);
double logits_forward_flops(const ModelConfig& m, int64_t b, int64_t s);  // 2bshV

// Per iteration of the whole model over the global batch: model FLOPs count forward and backward
// (backward = 2 × forward) once, the dense first layers of an MoE model as dense layers (no MTP
// layers: docs/models.md, "Dense first layers and MTP"); hardware FLOPs add what activation
// recomputation recomputes (full: one more forward of every layer; selective: the attention core of
// an unfused layer), the scores a fused attention backward computes again (half the forward
// attention core) and the padding of experts to their capacity (the expert MLP × capacity factor),
// and the MTP layers (per depth the 2h → h projection, a repeated layer and the output head again).
double model_flops_per_iteration(const Scenario& s);
double hardware_flops_per_iteration(const Scenario& s);
// Both at once, the layer's, the output layer's and the adapters' FLOPs taken once.
struct IterationFlops {
  double model = 0.0;
  double hardware = 0.0;
};
IterationFlops iteration_flops(const Scenario& s);

// Parameters. Layer weights with biases and layer norms; embeddings V·h (and an output layer V·h
// unless tied). Learned position embeddings are not counted. Attention is grouped-query with
// heads of model.head_dim (h/a when 0), or multi-head latent attention when model.mla is set
// (DeepSeek: no biases). An MoE layer holds its routed experts, the router and its shared experts.
struct LayerParams {
  double attention = 0.0;  // QKV and output projection, with biases (MLA: the latent projections)
  double mlp = 0.0;        // dense MLP, or all experts (routed and shared) plus the router
  double norms = 0.0;      // two layer norms (replicated across TP ranks)
  double expert = 0.0;     // of `mlp`, the routed experts (split by expert parallelism)
  double total() const { return attention + mlp + norms; }
};
// The mean layer: every layer alike, except that with model.moe.first_dense_layers the first
// layers hold a dense MLP; their MLP is averaged in, so that num_layers × the mean layer is the
// weight of all layers (what a uniform pipeline split holds on average).
LayerParams layer_params(const ModelConfig& m);
// The repeated layer (every layer of a dense model; an MoE layer: routed experts, router, shared
// experts), and one of the first model.moe.first_dense_layers layers of an MoE model (a dense MLP
// of ffn_hidden_size).
LayerParams repeated_layer_params(const ModelConfig& m);
LayerParams dense_layer_params(const ModelConfig& m);
double embedding_params(const ModelConfig& m);  // V·h

// The whole model: `total` every weight of the main model (layers, embeddings, final norm);
// `active` what one token passes through (total less the routed experts it is not sent to,
// both embedding matrices included, as Mixtral, Qwen and DeepSeek count); `mtp` the extra weights
// of the multi-token prediction layers (not in `total`, as DeepSeek-V3's 671B excludes them).
struct ParamCount {
  double total = 0.0;
  double active = 0.0;
  double mtp = 0.0;
};
ParamCount param_count(const ModelConfig& m);
double total_params(const ModelConfig& m);  // param_count(m).total

}  // namespace wt
