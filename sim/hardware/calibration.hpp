#pragma once
// What the cost model asks of a calibration profile: efficiencies relative to the catalog GPU's
// datasheet peaks, and the fitted collectives. Every query answers nullopt when the profile did not
// measure it; the caller then uses the catalog default and says so in warnings. notes() tells what
// is missing and why. The rules are in docs/calibration.md ("How the simulator uses a profile").
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/hardware/calibration_gemm_table.hpp"
#include "sim/hardware/calibration_profile.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/enum_names.hpp"

namespace wt {

class Calibration {
 public:
  // `gpu` is the catalog entry whose datasheet peaks the measurements are divided by.
  Calibration(CalibrationProfile profile, const GpuSpec& gpu);

  // Measured TFLOP/s ÷ catalog peak at that precision, at shape (m, n, k), interpolated between
  // the measured shapes of that precision (GemmEfficiencyTable); exact at a measured shape.
  // nullopt when no GEMM of that precision was measured or the catalog has no peak for it.
  std::optional<double> gemm_efficiency(Precision p, int64_t m, int64_t n, int64_t k) const;

  // Best of the "rmw" and "copy" kernels, each at its largest measured size, in GB/s ÷ the
  // datasheet HBM bandwidth.
  std::optional<double> memory_efficiency() const;

  // Host↔device bandwidth in GB/s: the better of "h2d" and "d2h", each at its largest size.
  std::optional<double> host_link_GBps() const;

  // Fused attention (what every framework's FlashAttention-style kernel is) of that precision:
  // measured TFLOP/s ÷ catalog peak, FLOPs as the model counts them (AttentionPoint::flops),
  // interpolated like the GEMMs over (batch × heads, sequence length, head dim). From the causal
  // forward + backward "sdpa_flash" points when there are any (a training step's attention), else
  // from "cudnn_fused". Never from "bmm_softmax": the unfused core runs as batched GEMMs, which the
  // GEMM table answers. nullopt when no fused attention of that precision was measured.
  std::optional<double> attention_efficiency(Precision p, int64_t batch_heads, int64_t seq,
                                             int64_t head_dim) const;
  bool has_fused_attention(Precision p) const;

  // The series of `name` measured on `link` with exactly `group_size` ranks, else the one with the
  // largest group measured on that link; nullopt when that collective was not measured there.
  std::optional<CollectiveSeries> collective(const std::string& name, int group_size,
                                             LinkKind link) const;

  const CalibrationProfile& profile() const { return profile_; }
  const GpuSpec& gpu() const { return gpu_; }
  // One line per thing missing or set aside, with the reason ("collectives.network: one node").
  const std::vector<std::string>& notes() const { return notes_; }

 private:
  void build_gemm_tables();
  void build_attention_tables();
  void note_gpu_mismatch();

  CalibrationProfile profile_;
  GpuSpec gpu_;
  static constexpr std::size_t kPrecisions = EnumValues<Precision>::values.size();
  std::array<GemmEfficiencyTable, kPrecisions> gemm_;       // indexed by Precision
  std::array<GemmEfficiencyTable, kPrecisions> attention_;  // fused attention, (b·heads, seq, d)
  std::vector<std::string> notes_;
};

}  // namespace wt
