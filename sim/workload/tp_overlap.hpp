#pragma once
// Megatron-LM's tensor-parallel communication overlap (--tp-comm-overlap, Transformer Engine's
// userbuffers; scenario field parallel.tp_comm_overlap). With sequence parallelism a layer pass has
// two all-gathers and two reduce-scatters of b·s·h activations. Overlapped, each all-gather is
// split into chunks that stream in while the GEMM that consumes its output runs on the chunks
// already there, and each reduce-scatter streams out the GEMM's output as it is produced:
//
//   forward   all-gather ↔ QKV, FC1            reduce-scatter ↔ attention projection, FC2
//   backward  all-gather ↔ projection, FC2 dgrad   reduce-scatter ↔ QKV, FC1 dgrad
//
// A parallel block (ModelConfig::fused_parallel_block) has one all-gather and one reduce-scatter
// per pass: forward the all-gather ↔ the fused QKV + fc1 GEMM and the reduce-scatter ↔ attention
// projection + FC2 (it sums both outputs); backward the all-gather ↔ projection + FC2 dgrad and
// the reduce-scatter ↔ the fused GEMM's dgrad.
//
// For each pair with transfer time c and GEMM time g the pass exposes max(0, c − g) of the
// transfer, and the GEMM, which shares the GPU with the transfer's kernels for min(c, g), runs
// that long on (1 − f) of its SMs: it takes min(c, g) · f / (1 − f) longer. f is the share of the
// SMs the transfers take, kTpOverlapSms / SMs (docs/models.md, "TP communication overlap").
#include "sim/comm/fabric.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// SMs the overlapped transfers take: NeMo's userbuffers configurations give the reduce-scatter
// pipelines 16 to 24 SMs and run the all-gathers on the copy engines; 16 for both stands for the
// SMs and for what chunking costs the GEMMs. An assumption until measured.
inline constexpr double kTpOverlapSms = 16.0;

struct TpOverlapPass {
  double all_gather_s = 0.0;      // exposed, the all-gathers of the pass (both, or a block's one)
  double reduce_scatter_s = 0.0;  // exposed, the reduce-scatters of the pass
  double gemm_stretch_s = 0.0;    // what the overlapped GEMMs lose to the transfers' SMs
};

struct TpOverlap {
  bool on = false;  // tp_comm_overlap with sequence parallelism and TP > 1
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
