#pragma once
// What the collectives a GPU runs on its other streams cost the compute they run beside
// (docs/models.md, "Collectives beside compute"). An NCCL collective is a kernel: each of its
// channels is a thread block that holds an SM for as long as the collective runs (NCCL's NVLS
// collectives take 16 channels on SM90, framework-defaults.md §8; ring channels are a topology
// search's result, up to 32 on a DGX H100). While it runs, the layer's kernels have the other SMs:
// a compute op of time g beside a transfer of time c runs min(c, g) of itself on (1 − f) of the
// GPU and takes min(c, g) · f / (1 − f) longer, f = kOverlapSms / SMs. The same f prices the TP
// overlaps (tp_overlap.hpp).
//
// Which transfers run beside which compute, per layer pass (the layer's own op; a recompute op
// takes none):
//   ZeRO-3 / FSDP (data × context > 1): a layer's forward beside one layer's parameter
//     all-gather, its backward beside one all-gather and one gradient reduce-scatter, on every
//     micro-batch (the gathers are prefetched on their own stream; the layers are alike, so each
//     pass hides one layer's gather whether the stream runs ahead or behind);
//   without ZeRO-3, parallel.overlap_grad_reduce: a layer's backward on its chunk's final pass
//     beside its own share of the gradient buckets' reductions (dense over data × context, the
//     routed experts' over EDP), time per byte of a full bucket.
// Not priced: ZeRO-1/2's start-of-iteration gathers under overlap_param_gather (a few per cent of
// one forward), the embedding's and output layer's own ZeRO-3 units, compressed or
// parameter-server gradient reductions (not NCCL kernels), expert-parallel overlap pairs and
// pipeline sends.
#include "sim/comm/fabric.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {

// SMs a collective running beside compute takes: NCCL's NVLS collectives take 16 channels on SM90
// (framework-defaults.md §8), NeMo's userbuffers configurations give the reduce-scatter pipelines
// 16 to 24 SMs. 16 for every overlapped transfer; an assumption until measured.
inline constexpr double kOverlapSms = 16.0;

// f: the share of `gpu`'s SMs a collective takes. A GPU whose SM count is not known (or is tiny)
// gives up half its SMs: pessimistic on purpose.
double overlap_sm_share(const GpuSpec& gpu);

// What compute of `compute_s` loses beside a transfer of `transfer_s` taking `share` of the SMs.
inline double overlap_loss_s(double transfer_s, double compute_s, double share) {
  const double t = transfer_s < compute_s ? transfer_s : compute_s;
  return t > 0.0 ? t * share / (1.0 - share) : 0.0;
}

struct SideStreams {
  double share = 0.0;
  double gather_s = 0.0;  // ZeRO-3: one layer's parameter all-gather (zero without)
  double reduce_s = 0.0;  // ZeRO-3: one layer's gradient reduce-scatter
  double bucket_s = 0.0;  // overlap_grad_reduce without ZeRO-3: one layer's share of the buckets

  bool on() const { return gather_s > 0.0 || reduce_s > 0.0 || bucket_s > 0.0; }
  // What a layer's forward, backward, and (in addition) final-pass backward of `compute_s` lose.
  double forward_s(double compute_s) const { return overlap_loss_s(gather_s, compute_s, share); }
  double backward_s(double compute_s) const {
    return overlap_loss_s(gather_s, compute_s, share) + overlap_loss_s(reduce_s, compute_s, share);
  }
  double final_backward_s(double compute_s) const {
    return overlap_loss_s(bucket_s, compute_s, share);
  }
};

// For one scenario on `fabric` (its collectives priced by collective_cost).
SideStreams side_streams(const Scenario& s, const GpuSpec& gpu, const Fabric& fabric);

// The same with `z` = comm_sizes(s) and each collective's time (all its calls) from
// `time_s(const LayerCollective&)`: for a caller that prices its collectives itself (the
// estimate's memo of priced calls, estimate_costs.cpp).
template <class TimeOf>
SideStreams side_streams(const Scenario& s, const GpuSpec& gpu, const CommSizes& z, TimeOf time_s) {
  SideStreams out;
  const ParallelConfig& par = s.parallel;
  const int dp = layer_dp_group(s);
  const bool zero3 = par.zero_stage == 3 && dp > 1;
  if (s.model.is_layer_list()) return out;  // its program prices its own buckets (layer_list.hpp)
  // Not NCCL kernels: gradients to parameter servers, or compressed (grad_compression.hpp).
  const bool nccl =
      par.data_sync == DataSync::allreduce && par.grad_compression == GradCompression::none;
  if (!zero3 && !(par.overlap_grad_reduce && nccl)) return out;
  out.share = overlap_sm_share(gpu);
  if (zero3) {
    out.gather_s = time_s(layer_param_gather(s, z));
    if (nccl) out.reduce_s = time_s(layer_grad_reduce_scatter(s, z));
    return out;
  }
  // A layer's gradients at a full bucket's time per byte (the builder's flushes, builder.cpp).
  const Collective c = par.zero_stage >= 1 ? Collective::reduce_scatter : Collective::all_reduce;
  const auto share_s = [&](double bytes, CommDim dim, int group) {
    if (bytes <= 0.0 || group <= 1) return 0.0;
    const double bucket = z.bucket_bytes > 0.0 ? z.bucket_bytes : bytes;
    return time_s(LayerCollective{dim, c, bucket, 1, group}) * bytes / bucket;
  };
  out.bucket_s = share_s(layer_dense_grad_bytes(s, z), CommDim::dp, dp) +
                 share_s(layer_expert_grad_bytes(s, z), CommDim::edp, expert_dp_group(s));
  return out;
}

}  // namespace wt
