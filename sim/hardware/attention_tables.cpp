// The measured attention tables: the causal forward + backward points of
// calibrate/profiles/h200-sxm-141gb-sdpa-flash.json (FlashAttention-2, --backend flash) and
// h200-sxm-141gb-sdpa-cudnn.json (cuDNN's fused attention, --backend cudnn), written by
// calibrate/pytorch/flash_attention.py --batches 1,4,8 on one NVIDIA H200 with PyTorch
// 2.11.0+cu130 and cuDNN 9.19 (2026-11-26); median seconds per call. The bf16 points beyond 8,192
// tokens (batch 1 × 32 heads, s 16,384–65,536) are h100-sxm5-80gb-sdpa-{flash,cudnn}-long.json,
// measured on an H100 SXM the same way (--seqs 16384,32768,65536 --batches 1 --precisions bf16
// --causal-forward-backward-only): the H100 runs these kernels within 2 % of the H200
// (docs/calibration.md, "Measured on an H100").
// tests/hardware/attention_tables_test.cpp checks every entry against those files.
#include "sim/hardware/attention_tables.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "sim/hardware/calibration_gemm_table.hpp"
#include "sim/hardware/calibration_profile.hpp"

namespace wt {
namespace {

// The catalog GPUs with the H200's SMs (132) and boost clock (1,980 MHz; the GH200's GPU is the
// same GH100); attention is compute-bound, so its fraction of peak carries over (a power limit
// lowers the clock apart: power_limit.hpp). H100 PCIe (114 SMs, lower clocks) is not among them:
// unmeasured.
constexpr std::array<std::string_view, 5> kSameSms{
    "h100-sxm5-80gb", "h100-sxm5-96gb-hbm2e", "h800-sxm5-80gb", "h200-sxm-141gb", "gh200-96gb"};
constexpr double kMeasuredPeakTflops = 989.4;  // the H200's bf16 and fp16 dense peak (catalog)

// The longest sequence of the H200 grid. A query within it reads the grid alone; a longer one
// reads the grid and the long-context points, so that those points, measured at one batch × heads
// only, do not pull the interpolation inside the grid.
constexpr int64_t kGridLongestSeq = 8192;

struct Tables {
  GemmEfficiencyTable bf16, fp16, bf16_grid;
};

// Each point as the profile would hold it, so its TFLOP/s are counted as a profile's are
// (AttentionPoint::flops: 3.5 × 4·b·h·s²·d for a causal forward + backward).
Tables build(const std::vector<AttentionTablePoint>& points) {
  Tables out;
  for (const AttentionTablePoint& p : points) {
    const AttentionPoint measured{"sdpa_flash",
                                  p.precision,
                                  p.batch_heads,
                                  1,
                                  p.seq,
                                  p.head_dim,
                                  make_timing({p.median_s}),
                                  true,
                                  "forward_backward"};
    const double efficiency = measured.tflops() / kMeasuredPeakTflops;
    (p.precision == Precision::bf16 ? out.bf16 : out.fp16)
        .add(p.batch_heads, p.seq, p.head_dim, efficiency);
    if (p.precision == Precision::bf16 && p.seq <= kGridLongestSeq) {
      out.bf16_grid.add(p.batch_heads, p.seq, p.head_dim, efficiency);
    }
  }
  return out;
}

const std::vector<AttentionTablePoint>& flash2_points() {
  static const std::vector<AttentionTablePoint> points{
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
      // Long context, batch 1 × 32 heads, measured on an H100 SXM
      // (h100-sxm5-80gb-sdpa-flash-long.json).
      {Precision::bf16, 32, 16384, 64, 1.406083e-02},
      {Precision::bf16, 32, 32768, 64, 5.267043e-02},
      {Precision::bf16, 32, 65536, 64, 2.166397e-01},
      {Precision::bf16, 32, 16384, 128, 2.399818e-02},
      {Precision::bf16, 32, 32768, 128, 1.005089e-01},
      {Precision::bf16, 32, 65536, 128, 3.836040e-01},
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

const std::vector<AttentionTablePoint>& cudnn_points() {
  static const std::vector<AttentionTablePoint> points{
      {Precision::bf16, 32, 1024, 64, 1.579340e-04},
      {Precision::bf16, 32, 1024, 128, 1.452544e-04},
      {Precision::bf16, 32, 2048, 64, 2.390528e-04},
      {Precision::bf16, 32, 2048, 128, 3.725880e-04},
      {Precision::bf16, 32, 4096, 64, 6.910934e-04},
      {Precision::bf16, 32, 4096, 128, 1.063880e-03},
      {Precision::bf16, 32, 8192, 64, 2.332128e-03},
      {Precision::bf16, 32, 8192, 128, 3.533312e-03},
      {Precision::bf16, 128, 1024, 64, 2.637920e-04},
      {Precision::bf16, 128, 1024, 128, 3.868960e-04},
      {Precision::bf16, 128, 2048, 64, 7.527947e-04},
      {Precision::bf16, 128, 2048, 128, 1.102840e-03},
      {Precision::bf16, 128, 4096, 64, 2.472992e-03},
      {Precision::bf16, 128, 4096, 128, 3.821952e-03},
      {Precision::bf16, 128, 8192, 64, 9.155744e-03},
      {Precision::bf16, 128, 8192, 128, 1.494358e-02},
      {Precision::bf16, 256, 1024, 64, 4.996840e-04},
      {Precision::bf16, 256, 1024, 128, 7.440213e-04},
      {Precision::bf16, 256, 2048, 64, 1.421744e-03},
      {Precision::bf16, 256, 2048, 128, 2.146800e-03},
      {Precision::bf16, 256, 4096, 64, 4.837360e-03},
      {Precision::bf16, 256, 4096, 128, 7.857168e-03},
      {Precision::bf16, 256, 8192, 64, 1.829050e-02},
      {Precision::bf16, 256, 8192, 128, 2.951928e-02},
      // Long context, batch 1 × 32 heads, measured on an H100 SXM
      // (h100-sxm5-80gb-sdpa-cudnn-long.json).
      {Precision::bf16, 32, 16384, 64, 8.602560e-03},
      {Precision::bf16, 32, 32768, 64, 3.542790e-02},
      {Precision::bf16, 32, 65536, 64, 1.385345e-01},
      {Precision::bf16, 32, 16384, 128, 1.350384e-02},
      {Precision::bf16, 32, 32768, 128, 5.579357e-02},
      {Precision::bf16, 32, 65536, 128, 2.290488e-01},
      {Precision::fp16, 32, 1024, 64, 1.360880e-04},
      {Precision::fp16, 32, 1024, 128, 1.865573e-04},
      {Precision::fp16, 32, 2048, 64, 3.718360e-04},
      {Precision::fp16, 32, 2048, 128, 3.600224e-04},
      {Precision::fp16, 32, 4096, 64, 7.221973e-04},
      {Precision::fp16, 32, 4096, 128, 1.064000e-03},
      {Precision::fp16, 32, 8192, 64, 2.388416e-03},
      {Precision::fp16, 32, 8192, 128, 3.623456e-03},
      {Precision::fp16, 128, 1024, 64, 2.709787e-04},
      {Precision::fp16, 128, 1024, 128, 3.885600e-04},
      {Precision::fp16, 128, 2048, 64, 7.457120e-04},
      {Precision::fp16, 128, 2048, 128, 1.135400e-03},
      {Precision::fp16, 128, 4096, 64, 2.516320e-03},
      {Precision::fp16, 128, 4096, 128, 3.792320e-03},
      {Precision::fp16, 128, 8192, 64, 9.001616e-03},
      {Precision::fp16, 128, 8192, 128, 1.534962e-02},
      {Precision::fp16, 256, 1024, 64, 4.887280e-04},
      {Precision::fp16, 256, 1024, 128, 7.483573e-04},
      {Precision::fp16, 256, 2048, 64, 1.419696e-03},
      {Precision::fp16, 256, 2048, 128, 2.230000e-03},
      {Precision::fp16, 256, 4096, 64, 4.834672e-03},
      {Precision::fp16, 256, 4096, 128, 8.165728e-03},
      {Precision::fp16, 256, 8192, 64, 1.884979e-02},
      {Precision::fp16, 256, 8192, 128, 3.061274e-02},
  };
  return points;
}

}  // namespace

const std::vector<AttentionTablePoint>& attention_table_points(AttentionKernel kind) {
  static const std::vector<AttentionTablePoint> none;
  switch (kind) {
    case AttentionKernel::flash2:
      return flash2_points();
    case AttentionKernel::cudnn:
      return cudnn_points();
    case AttentionKernel::fused:
    case AttentionKernel::unfused:
      break;
  }
  return none;
}

std::optional<double> measured_attention_efficiency(AttentionKernel kind, const GpuSpec& gpu,
                                                    Precision p, int64_t batch_heads, int64_t seq,
                                                    int64_t head_dim) {
  if (kind != AttentionKernel::flash2 && kind != AttentionKernel::cudnn) return std::nullopt;
  if (std::find(kSameSms.begin(), kSameSms.end(), gpu.id) == kSameSms.end()) return std::nullopt;
  if (p != Precision::bf16 && p != Precision::fp16) return std::nullopt;
  static const Tables flash2 = build(flash2_points());
  static const Tables cudnn = build(cudnn_points());
  const Tables& t = kind == AttentionKernel::flash2 ? flash2 : cudnn;
  const GemmEfficiencyTable& table = p == Precision::fp16     ? t.fp16
                                     : seq <= kGridLongestSeq ? t.bf16_grid
                                                              : t.bf16;
  return table.at(std::max<int64_t>(batch_heads, 1), std::max<int64_t>(seq, 1),
                  std::max<int64_t>(head_dim, 1));
}

}  // namespace wt
