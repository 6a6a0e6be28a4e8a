// The FlashAttention-2 table: the causal forward + backward points of
// calibrate/profiles/h200-sxm-141gb-sdpa-flash.json (calibrate/pytorch/flash_attention.py
// --batches 1,4,8 on one NVIDIA H200, PyTorch 2.11.0+cu130, 2026-11-26), median seconds per call.
// tests/hardware/flash2_efficiency_test.cpp checks every entry against that file.
#include "sim/hardware/flash2_efficiency.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "sim/hardware/calibration_gemm_table.hpp"

namespace wt {
namespace {

// The catalog GPUs with the H200's SMs (132) and boost clock (1,980 MHz); FlashAttention-2 is
// compute-bound, so its fraction of peak carries over. H100 PCIe (114 SMs, lower clocks) is not
// among them: unmeasured.
constexpr std::array<std::string_view, 3> kSameSms{"h100-sxm5-80gb", "h800-sxm5-80gb",
                                                   "h200-sxm-141gb"};
constexpr double kMeasuredPeakTflops = 989.4;  // the H200's bf16 and fp16 dense peak (catalog)

struct Tables {
  GemmEfficiencyTable bf16, fp16;
};

const Tables& tables() {
  static const Tables t = [] {
    Tables out;
    for (const Flash2Point& p : flash2_points()) {
      const double s = static_cast<double>(p.seq);
      const double flops =
          3.5 * 4.0 * static_cast<double>(p.batch_heads) * s * s * static_cast<double>(p.head_dim);
      const double efficiency = flops / p.median_s / (kMeasuredPeakTflops * 1e12);
      (p.precision == Precision::bf16 ? out.bf16 : out.fp16)
          .add(p.batch_heads, p.seq, p.head_dim, efficiency);
    }
    return out;
  }();
  return t;
}

}  // namespace

const std::vector<Flash2Point>& flash2_points() {
  static const std::vector<Flash2Point> points{
      {Precision::bf16, 32, 1024, 64, 1.419733e-04},
      {Precision::bf16, 32, 1024, 128, 2.396827e-04},
      {Precision::bf16, 32, 2048, 64, 3.698920e-04},
      {Precision::bf16, 32, 2048, 128, 6.337080e-04},
      {Precision::bf16, 32, 4096, 64, 1.127552e-03},
      {Precision::bf16, 32, 4096, 128, 1.938152e-03},
      {Precision::bf16, 32, 8192, 64, 3.852352e-03},
      {Precision::bf16, 32, 8192, 128, 6.663968e-03},
      {Precision::bf16, 128, 1024, 64, 4.123093e-04},
      {Precision::bf16, 128, 1024, 128, 7.006133e-04},
      {Precision::bf16, 128, 2048, 64, 1.200152e-03},
      {Precision::bf16, 128, 2048, 128, 2.087136e-03},
      {Precision::bf16, 128, 4096, 64, 3.959776e-03},
      {Precision::bf16, 128, 4096, 128, 7.018688e-03},
      {Precision::bf16, 128, 8192, 64, 1.438603e-02},
      {Precision::bf16, 128, 8192, 128, 2.551672e-02},
      {Precision::bf16, 256, 1024, 64, 7.552800e-04},
      {Precision::bf16, 256, 1024, 128, 1.331440e-03},
      {Precision::bf16, 256, 2048, 64, 2.299728e-03},
      {Precision::bf16, 256, 2048, 128, 4.093344e-03},
      {Precision::bf16, 256, 4096, 64, 7.747936e-03},
      {Precision::bf16, 256, 4096, 128, 1.358418e-02},
      {Precision::bf16, 256, 8192, 64, 2.844432e-02},
      {Precision::bf16, 256, 8192, 128, 5.073331e-02},
      {Precision::fp16, 32, 1024, 64, 1.841973e-04},
      {Precision::fp16, 32, 1024, 128, 2.390629e-04},
      {Precision::fp16, 32, 2048, 64, 3.771968e-04},
      {Precision::fp16, 32, 2048, 128, 6.428240e-04},
      {Precision::fp16, 32, 4096, 64, 1.127576e-03},
      {Precision::fp16, 32, 4096, 128, 1.940656e-03},
      {Precision::fp16, 32, 8192, 64, 3.815760e-03},
      {Precision::fp16, 32, 8192, 128, 6.643552e-03},
      {Precision::fp16, 128, 1024, 64, 4.177120e-04},
      {Precision::fp16, 128, 1024, 128, 7.138080e-04},
      {Precision::fp16, 128, 2048, 64, 1.193752e-03},
      {Precision::fp16, 128, 2048, 128, 2.174768e-03},
      {Precision::fp16, 128, 4096, 64, 3.982432e-03},
      {Precision::fp16, 128, 4096, 128, 7.179472e-03},
      {Precision::fp16, 128, 8192, 64, 1.441664e-02},
      {Precision::fp16, 128, 8192, 128, 2.593653e-02},
      {Precision::fp16, 256, 1024, 64, 7.710080e-04},
      {Precision::fp16, 256, 1024, 128, 1.361912e-03},
      {Precision::fp16, 256, 2048, 64, 2.311840e-03},
      {Precision::fp16, 256, 2048, 128, 4.146640e-03},
      {Precision::fp16, 256, 4096, 64, 7.994128e-03},
      {Precision::fp16, 256, 4096, 128, 1.404150e-02},
      {Precision::fp16, 256, 8192, 64, 2.872006e-02},
      {Precision::fp16, 256, 8192, 128, 5.151155e-02},
  };
  return points;
}

std::optional<double> flash2_efficiency(const GpuSpec& gpu, Precision p, int64_t batch_heads,
                                        int64_t seq, int64_t head_dim) {
  if (std::find(kSameSms.begin(), kSameSms.end(), gpu.id) == kSameSms.end()) return std::nullopt;
  if (p != Precision::bf16 && p != Precision::fp16) return std::nullopt;
  const GemmEfficiencyTable& t = p == Precision::bf16 ? tables().bf16 : tables().fp16;
  return t.at(std::max<int64_t>(batch_heads, 1), std::max<int64_t>(seq, 1),
              std::max<int64_t>(head_dim, 1));
}

}  // namespace wt
