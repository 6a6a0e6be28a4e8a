#pragma once
// How a layer pass's tensor-parallel collectives share time with its GEMMs (docs/models.md, "TP
// communication overlap"). Two mechanisms:
//
// Asynchronous backward (parallel.tp_backward_overlap; Megatron-Core's
// LinearWithGradAccumulationAndAsyncCommunication and Transformer Engine's Linear without
// userbuffers): a column-parallel linear (QKV, FC1) keeps its input shard under sequence
// parallelism, and its backward all-gathers it again under the dgrad GEMM, then reduce-scatters
// the input gradient under the wgrad GEMM; without sequence parallelism the input gradient's
// all-reduce runs under the wgrad GEMM. The forward's collectives and the output gradient's
// all-gathers (row-parallel projection and FC2) block.
//
// Userbuffers (parallel.tp_comm_overlap, Megatron-LM's --tp-comm-overlap; with sequence
// parallelism) overlaps the rest as Transformer Engine's initialize_ub defaults pair them
// (framework-defaults.md §9: ring exchange, pipeline, bulk):
//
//   forward   all-gather ↔ QKV, FC1            reduce-scatter ↔ attention projection, FC2
//   backward  all-gather ↔ projection, FC2 dgrad; the input's all-gather ↔ QKV, FC1 dgrad;
//             reduce-scatter ↔ QKV, FC1 wgrad
//
// A parallel block (ModelConfig::fused_parallel_block) has one all-gather and one reduce-scatter
// (or all-reduce) per pass: forward the all-gather ↔ the fused QKV + fc1 GEMM and the
// reduce-scatter ↔ attention projection + FC2 (it sums both outputs); backward the all-gather ↔
// projection + FC2 dgrad, the input's all-gather ↔ the fused GEMM's dgrad and the reduce-scatter
// ↔ its wgrad.
//
// For each pair with transfer time c and GEMM time g the pass exposes max(0, c − g) of the
// transfer, and the GEMM, which shares the GPU with the transfer's kernels for min(c, g), runs
// that long on (1 − f) of its SMs: it takes min(c, g) · f / (1 − f) longer. f is the share of the
// SMs the transfers take, kOverlapSms / SMs (side_streams.hpp, as for every collective that runs
// beside compute). A transfer without a GEMM is exposed whole.
#include "sim/comm/fabric.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

struct TpOverlapPass {
  double all_gather_s = 0.0;      // exposed, the all-gathers of the pass
  double reduce_scatter_s = 0.0;  // exposed, its reduce-scatters (all-reduces without SP)
  double gemm_stretch_s = 0.0;    // what the overlapped GEMMs lose to the transfers' SMs
};

struct TpOverlap {
  // TP > 1 with tp_backward_overlap, or tp_comm_overlap with sequence parallelism: the TP ops
  // take the exposed times below instead of their collectives' (costs.cpp, assign_durations).
  bool on = false;
  TpOverlapPass forward, backward;
};

// For one scenario, with its GEMM times (`compute_slowdown` as the cost model applies it) and its
// TP collectives on `fabric`. `on` is false, and the rest zero, when the overlap does not apply.
TpOverlap tp_overlap(const Scenario& s, const GpuSpec& gpu, const Fabric& fabric,
                     const Calibration* calibration, double compute_slowdown);

// One GEMM and one transfer, for an SM share f: the transfer's exposed part, max(0, c − g), and
// what the GEMM loses, min(c, g) · f / (1 − f).
struct OverlapPair {
  double exposed_s = 0.0;
  double stretch_s = 0.0;
};
OverlapPair overlap_pair(double transfer_s, double gemm_s, double sm_share);

}  // namespace wt
