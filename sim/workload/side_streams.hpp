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

SideStreams side_streams(const Scenario& s, const GpuSpec& gpu, const Fabric& fabric);

}  // namespace wt
