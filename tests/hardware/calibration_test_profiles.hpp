#pragma once
// Synthetic calibration profiles and a synthetic GPU with round peaks, for the calibration tests.
#include <cstdint>

#include "sim/hardware/calibration_profile.hpp"
#include "sim/hardware/gpu.hpp"

namespace wt::testing {

// Peaks: fp32 100, tf32 500, fp16 and bf16 1000 TFLOP/s, no fp8; HBM 2000 GB/s.
GpuSpec synthetic_gpu();

// A GEMM whose single repetition takes exactly the time of `efficiency` × peak.
GemmPoint gemm_at_efficiency(Precision p, int64_t m, int64_t n, int64_t k, double efficiency,
                             double peak_tflops);

// t = alpha + S / beta at the sizes 2^first … 2^last bytes, one repetition each.
std::vector<CollectivePoint> alpha_beta_points(const std::string& collective, int group_size,
                                               double alpha_s, double beta_Bps, int first_log2,
                                               int last_log2);

// Every field of every struct set to a non-default value.
CalibrationProfile full_synthetic_profile();

}  // namespace wt::testing
