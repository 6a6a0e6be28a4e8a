#pragma once
// The calibration profile (docs/calibration.md): what `windtunnel-calibrate` measures on a GPU host
// and `run --profile` reads. Plain C++ (no CUDA): the calibrator fills it and calls write_profile;
// the simulator calls read_profile. docs/calibration.md shows the JSON layout.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/scenario/scenario.hpp"

namespace wt {

// One timed measurement: every repetition kept, with its median and spread.
struct Timing {
  std::vector<double> samples_s;  // each repetition, seconds
  double median_s = 0.0;
  double min_s = 0.0;
  double max_s = 0.0;
  bool operator==(const Timing&) const = default;
};
Timing make_timing(std::vector<double> samples_s);  // sorts a copy for the statistics

struct GemmPoint {
  Precision precision = Precision::bf16;
  int64_t m = 0, n = 0, k = 0;
  Timing timing;
  double tflops() const;  // 2mnk / median
  bool operator==(const GemmPoint&) const = default;
};

struct BandwidthPoint {
  std::string kernel;  // "copy" (cudaMemcpy device to device), "rmw" (read-modify-write kernel),
                       // "h2d", "d2h" (pinned host memory)
  double bytes = 0.0;  // bytes read + written (copy, rmw) or transferred (h2d, d2h)
  Timing timing;
  double GBps() const;
  bool operator==(const BandwidthPoint&) const = default;
};

struct AttentionPoint {
  // "bmm_softmax" (batched GEMM QKᵀ, softmax, batched GEMM ·V), "cudnn_fused" (cuDNN's fused
  // attention) or "sdpa_flash" (PyTorch's FlashAttention-2 kernels, calibrate/pytorch/)
  std::string kernel;
  Precision precision = Precision::bf16;
  int64_t batch = 0, heads = 0, seq = 0, head_dim = 0;
  Timing timing;
  bool causal = false;           // a causal mask (the kernel skips the masked blocks)
  std::string pass = "forward";  // "forward" or "forward_backward"
  // As the cost model counts them (sim/workload/attention_kernels.cpp), not causal-aware:
  // 4 · batch · heads · seq² · head_dim for the forward, 3.5 × that for forward + backward (the
  // backward recomputes the scores: 2.5 × the forward's FLOPs).
  double flops() const;
  double tflops() const;
  bool operator==(const AttentionPoint&) const = default;
};

enum class LinkKind { nvlink, pcie, network };

struct CollectivePoint {
  double bytes = 0.0;  // nccl-tests "size"
  Timing timing;
  double algbw_GBps = 0.0;  // size / time
  double busbw_GBps = 0.0;  // algbw × nccl-tests factor of the collective
  bool operator==(const CollectivePoint&) const = default;
};

// Fitted time(S) = alpha + S / beta over the points (least squares on both regimes).
struct AlphaBetaFit {
  double alpha_s = 0.0;
  double beta_Bps = 0.0;
  double residual_rms_s = 0.0;    // of the time
  double residual_rel_max = 0.0;  // largest |fit − measured| / measured
  bool operator==(const AlphaBetaFit&) const = default;
};

struct CollectiveSeries {
  std::string
      collective;  // all_reduce, all_gather, reduce_scatter, all_to_all, broadcast, send_recv
  int group_size = 0;
  LinkKind link = LinkKind::nvlink;
  std::vector<CollectivePoint> points;
  AlphaBetaFit fit;
  bool operator==(const CollectiveSeries&) const = default;
};

struct Provenance {
  std::string gpu_name;
  int gpu_count = 0;
  std::string driver_version, cuda_runtime_version, cublas_version, nccl_version, cudnn_version;
  int sm_clock_mhz = 0, memory_clock_mhz = 0;
  std::string date_utc;       // ISO 8601
  std::string hostname_hash;  // not the hostname itself
  std::string command_line;
  std::string windtunnel_version;
  bool operator==(const Provenance&) const = default;
};

struct Unmeasured {
  std::string what;  // e.g. "collectives.nvlink", "collectives.network", "attention.cudnn_fused"
  std::string why;
  bool operator==(const Unmeasured&) const = default;
};

struct CalibrationProfile {
  int schema = 1;
  Provenance provenance;
  std::string catalog_gpu;  // the catalog id this GPU is closest to ("" if none)
  std::vector<GemmPoint> gemm;
  std::vector<BandwidthPoint> bandwidth;
  std::vector<AttentionPoint> attention;
  std::vector<CollectiveSeries> collectives;
  std::vector<Unmeasured> unmeasured;
  bool operator==(const CalibrationProfile&) const = default;
};

// Nccl-tests bus-bandwidth factor for n ranks: all_reduce 2(n−1)/n; all_gather, reduce_scatter and
// all_to_all (n−1)/n; broadcast and send_recv 1.
double busbw_factor(const std::string& collective, int n);

// A point as nccl-tests reports it: algbw = bytes / median time, busbw = algbw × busbw_factor.
CollectivePoint make_collective_point(const std::string& collective, int group_size, double bytes,
                                      Timing timing);

// Least-squares fit of t = alpha + S/beta to (bytes, seconds) points (Eigen), with residuals.
// Throws InputError when fewer than two distinct sizes are given.
AlphaBetaFit fit_alpha_beta(const std::vector<CollectivePoint>& points);

nlohmann::json to_json(const CalibrationProfile& p);
// Reads a profile; errors are InputErrors naming `origin` (the file) and the JSON path inside.
CalibrationProfile profile_from_json(const nlohmann::json& j, const std::string& origin);
CalibrationProfile read_profile(const std::string& path);
// The same for a profile's text already in memory (syntax errors included), `origin` naming it.
CalibrationProfile profile_from_text(std::string_view text, const std::string& origin);
// Writes atomically (core/atomic_file.hpp), so an interrupted run never leaves a corrupt
// profile.
void write_profile(const CalibrationProfile& p, const std::string& path);

const char* to_string(LinkKind k);

}  // namespace wt
