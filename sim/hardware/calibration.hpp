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

  // Median over the attention points of that precision of TFLOP/s ÷ catalog peak, from the
  // "cudnn_fused" kernel when measured, else from "bmm_softmax".
  std::optional<double> attention_efficiency(Precision p) const;

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
  void note_gpu_mismatch();

  CalibrationProfile profile_;
  GpuSpec gpu_;
  std::array<GemmEfficiencyTable, 5> gemm_;  // indexed by Precision
  std::vector<std::string> notes_;
};

}  // namespace wt
