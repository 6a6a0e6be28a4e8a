#pragma once
// What the `estimate` path needs to time one iteration: the durations (and bytes on the wire) of
// every kind of op the workload builder would emit, priced once per scenario by the same functions
// the builder and the cost model use (layer_kernels, workload_sizes, costs, collective_cost).
#include "sim/comm/collective.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workload/grad_compression.hpp"

namespace wt {

// One communication op kind: its stream time (all `count` calls) and bytes sent per GPU.
struct CommCost {
  double time_s = 0.0;
  double sent_bytes = 0.0;
};

// The blocking collectives of one layer pass on the compute stream, by dimension.
struct LayerComm {
  CommCost tp, cp, ep;
  double time_s() const { return tp.time_s + cp.time_s + ep.time_s; }
};

struct StepCosts {
  // Compute ops (kernel-list times: roofline per kernel plus launch overhead).
  double layer_fwd_s = 0.0, layer_bwd_s = 0.0;
  double embedding_fwd_s = 0.0, embedding_bwd_s = 0.0;
  double logits_fwd_s = 0.0, logits_bwd_s = 0.0;
  double compute_slowdown = 1.0;  // compute_slowdown(s), the kernels' stretch (taken once)
  LayerComm comm_fwd, comm_recompute, comm_bwd;  // recompute: zero unless full or per-op
  bool full_recompute = false;
  // One pipeline send over a boundary inside a node, and over one between nodes
  // (pipeline_pair_crosses_nodes); where no boundary uses one link, it holds the other's price;
  // zero with one stage.
  CommCost p2p, p2p_across;
  CommCost layer_gather;  // one layer's ZeRO parameter all-gather (zero under ZeRO 0)
  CommCost layer_reduce;  // one layer's ZeRO-3 gradient reduce-scatter (zero without ZeRO-3)
  // fp8 delayed scaling's amax all-reduce at the end of each chunk forward and backward pass
  // (chunk_amax_sync, layer_work.hpp), charged to amax_dim; zero otherwise.
  CommCost amax_fwd, amax_bwd;
  CommDim amax_dim = CommDim::dp;
  CommCost tied_sync;  // tied-embedding gradient all-reduce between first and last stage
                       // (zero with one stage)
  // ZeRO-3: the embedding's or output layer's own gather and gradient reduce-scatter (zero without)
  CommCost vocab_gather, vocab_reduce;
  double layer_grad_bytes = 0.0;  // gradients of one layer on one GPU (ZeRO-3)
  // Without ZeRO-3: those joining the data × context buckets, and the experts' own (layer_work.hpp)
  double layer_dense_grad_bytes = 0.0, layer_expert_grad_bytes = 0.0;
  double embedding_grad_bytes = 0.0;  // of the (local shard of the) embedding or output layer
  double bucket_bytes = 0.0;
  int dp_group = 1;                                   // data × context ranks that reduce gradients
  Collective dp_collective = Collective::all_reduce;  // all-reduce, or reduce-scatter under ZeRO
  GroupShape dp_shape;
  int edp_group = 1;  // expert-data-parallel ranks that reduce the experts' gradients
  GroupShape edp_shape;
  Fabric fabric{};
  CollectiveAlgorithm algorithm = CollectiveAlgorithm::automatic;
  GradCompressionModel compression;  // parallel.grad_compression of the DP and EDP reductions
  // Its data_sync: parameter servers price the buckets; null (tests) = all-reduce.
  const Scenario* scenario = nullptr;

  // One gradient-bucket call of `bytes` over `shape`: dp_shape, or edp_shape for the experts'.
  CommCost bucket(double bytes, const GroupShape& shape) const;

  // What a layer's forward and backward lose to the collectives beside them (side_streams.hpp):
  // every pass (ZeRO-3's gathers and reduce-scatters), and the final backward pass in addition
  // (the gradient buckets); the dense first layers' the same of their own passes. Compute.
  double side_fwd_s = 0.0, side_bwd_s = 0.0, side_final_bwd_s = 0.0;
  double dense_side_fwd_s = 0.0, dense_side_bwd_s = 0.0, dense_side_final_bwd_s = 0.0;
  // Of layer_fwd_s and layer_bwd_s (and the dense layers'): what the GEMMs lose to the TP
  // overlap's transfers (tp_overlap.hpp); zero without it.
  double tp_stretch_fwd_s = 0.0, tp_stretch_bwd_s = 0.0;
  double dense_tp_stretch_fwd_s = 0.0, dense_tp_stretch_bwd_s = 0.0;

  // Stream time of one layer's forward (compute then its collectives), and backward (recompute
  // with its collectives when the layer recomputes, then backward and its collectives).
  double fwd_unit_s() const { return layer_fwd_s + side_fwd_s + comm_fwd.time_s(); }
  // The forward a fully recomputed layer runs again, with its collectives.
  double recompute_unit_s() const {
    return full_recompute ? layer_fwd_s + comm_recompute.time_s() : 0.0;
  }
  double bwd_unit_s(bool recomputed) const {
    // Per-op recompute's kernels are in layer_bwd_s; its collectives in comm_recompute.
    const double per_op = full_recompute ? 0.0 : comm_recompute.time_s();
    return (recomputed ? recompute_unit_s() : 0.0) + per_op + layer_bwd_s + side_bwd_s +
           comm_bwd.time_s();
  }

  // The dense first layers of an MoE model (layer_mix.hpp): their kernels, and their collectives
  // (the layer's without the all-to-alls). Zero without.
  double dense_fwd_s = 0.0, dense_bwd_s = 0.0;
  LayerComm dense_comm_fwd, dense_comm_recompute, dense_comm_bwd;
  double dense_fwd_unit_s() const {
    return dense_fwd_s + dense_side_fwd_s + dense_comm_fwd.time_s();
  }
  double dense_recompute_unit_s() const {
    return full_recompute ? dense_fwd_s + dense_comm_recompute.time_s() : 0.0;
  }
  double dense_bwd_unit_s(bool recomputed) const {
    const double per_op = full_recompute ? 0.0 : dense_comm_recompute.time_s();
    return (recomputed ? dense_recompute_unit_s() : 0.0) + per_op + dense_bwd_s + dense_side_bwd_s +
           dense_comm_bwd.time_s();
  }

  // The MTP depths on the last chunk of the last stage (layer_mix.hpp): model.mtp_layers of them,
  // each its input, a repeated layer (never recomputed) and the output head again.
  int mtp_layers = 0;
  double mtp_input_fwd_s = 0.0, mtp_input_bwd_s = 0.0;
  double mtp_dense_grad_bytes = 0.0, mtp_expert_grad_bytes = 0.0;  // joining the buckets
  double mtp_fwd_s() const { return mtp_layers * (mtp_input_fwd_s + fwd_unit_s() + logits_fwd_s); }
  double mtp_bwd_s() const {
    return mtp_layers * (logits_bwd_s + bwd_unit_s(false) + mtp_input_bwd_s);
  }
};

StepCosts step_costs(const Scenario& s, const GpuSpec& gpu, const Fabric& fabric,
                     const Calibration* calibration);

// The optimizer step of a GPU holding `params` parameters, `expert_params` of them the routed
// experts' (before ZeRO partitioning: optimizer_owned_params in layer_work.hpp); `slowdown` is
// compute_slowdown(s) (StepCosts::compute_slowdown).
double optimizer_s(const Scenario& s, double params, double expert_params, const GpuSpec& gpu,
                   const Calibration* calibration, double slowdown);

}  // namespace wt
