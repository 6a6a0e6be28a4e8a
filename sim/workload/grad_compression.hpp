#pragma once
// A compressed data-parallel gradient reduction (parallel.grad_compression; docs/models.md,
// "Gradient compression"): the collectives it puts on the wire instead of the bucket's all-reduce
// or reduce-scatter, and the compress / decompress kernels around them. Memory-bound passes move
// their bytes at the GPU's memory bandwidth (as kernel_time_s prices a memory-bound kernel);
// PowerSGD's GEMMs run at the GEMM model's speed. Every engine times a gradient op of the DP or EDP
// dimension this way when the scenario compresses (assign_durations, the `estimate` path).
#include <array>

#include "sim/comm/collective.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// What one scenario's compression needs, priced once (no allocation per call).
struct GradCompressionModel {
  GradCompression kind = GradCompression::none;
  double grad_width = 2.0;  // bytes per value in the gradient buffer
  double wire_width = 2.0;  // fp16 / bf16 / fp8: bytes per value on the wire
  bool cast = false;        // fp16 / bf16 / fp8: the wire dtype differs from the buffer's
  double ratio = 0.01;      // topk
  // powersgd, per value of a bucket (a layer's mix of matrices and vectors): the share of values
  // in weight matrices, P's and Q's elements per matrix element (Σ m·r / Σ m·n, Σ n·r / Σ m·n),
  // and the time of the GEMMs, the orthogonalisation and the error feedback per matrix element.
  double matrix_share = 1.0, p_per_element = 0.0, q_per_element = 0.0;
  double powersgd_s_per_element = 0.0;
  double memory_s_per_byte = 0.0;  // a memory-bound pass
  double launch_s = 0.0;           // one kernel launch
  bool active() const { return kind != GradCompression::none; }
};

GradCompressionModel grad_compression_model(const Scenario& s, const GpuSpec& gpu,
                                            const Calibration* calibration, double slowdown);

// The collectives on the wire: one or two calls, each of `bytes` as nccl-tests counts them.
struct WireCall {
  Collective collective = Collective::all_reduce;
  double bytes = 0.0;
};
struct CompressedReduction {
  std::array<WireCall, 2> wire{};
  int calls = 0;
  double kernel_bytes = 0.0;  // moved by the memory-bound compress / decompress passes
  int kernels = 0;            // their launches
  double gemm_s = 0.0;        // powersgd: GEMMs, orthogonalisation and error feedback
};

// One gradient reduction of `grad_bytes` (as the uncompressed call `c` would carry them) over
// `group` ranks, compressed as the model says.
CompressedReduction compressed_reduction(const GradCompressionModel& m, Collective c,
                                         double grad_bytes, int group);

// Its time (the wire calls priced by collective_cost, plus the kernels) and bytes sent per GPU.
CollectiveCost compressed_reduction_cost(const GradCompressionModel& m, Collective c,
                                         double grad_bytes, GroupShape shape, const Fabric& fabric,
                                         CollectiveAlgorithm pin);

}  // namespace wt
