// The GEMM shape model (sim/hardware/gemm_efficiency.hpp) against the 171 bf16 GEMMs measured on an
// H100 and on an H200 (calibrate/profiles/*-measured.json, cuBLAS 13.1): the catalog's best-shape
// efficiency × gemm_shape_factor, against the measured TFLOP/s ÷ the catalog's bf16 peak. The
// figures asserted are what the model reaches (docs/validation.md, "Fitted and chosen constants",
// kTileLoadCost).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "sim/hardware/calibration_profile.hpp"
#include "sim/hardware/gemm_efficiency.hpp"
#include "sim/hardware/gpu.hpp"

namespace wt {
namespace {

struct ErrorSummary {
  double median = 0.0;
  double max = 0.0;
  std::size_t points = 0;
};

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t h = v.size() / 2;
  return v.size() % 2 == 1 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

double model_efficiency(const GpuSpec& gpu, int64_t m, int64_t n, int64_t k) {
  return gpu.gemm_efficiency.value *
         gemm_shape_factor(m, n, k, 1, static_cast<int>(gpu.sm_count.value));
}

// |model / measured − 1| over the profile's bf16 GEMMs; only_partial_waves keeps the shapes whose
// 128 × 256 tiles leave a last wave under 0.9 full (the ones the tile set is for) with k ≥ 1024.
ErrorSummary errors(const std::string& profile, const char* gpu_id, bool only_partial_waves) {
  const CalibrationProfile p =
      read_profile(std::string(WT_SOURCE_DIR) + "/calibrate/profiles/" + profile);
  const GpuSpec* gpu = find_gpu(gpu_id);
  EXPECT_NE(gpu, nullptr);
  if (gpu == nullptr) return {};
  const int sms = static_cast<int>(gpu->sm_count.value);
  std::vector<double> e;
  for (const GemmPoint& g : p.gemm) {
    if (g.precision != Precision::bf16) continue;
    const double largest_tile = std::max(tile_wave_efficiency(g.m, g.n, 1, 128, 256, sms),
                                         tile_wave_efficiency(g.m, g.n, 1, 256, 128, sms));
    if (only_partial_waves && (largest_tile >= 0.9 || g.k < 1024)) continue;
    const double measured = g.tflops() / gpu->bf16_tflops.value;
    e.push_back(std::abs(model_efficiency(*gpu, g.m, g.n, g.k) / measured - 1.0));
  }
  return {median_of(e), *std::max_element(e.begin(), e.end()), e.size()};
}

TEST(GemmMeasured, H100AllBf16Shapes) {
  // With one 128 × 256 tile: median 0.081, max 1.249 (2048 × 2048 × 256, the short-k ramp).
  const ErrorSummary s = errors("h100-sxm5-80gb-measured.json", "h100-sxm5-80gb", false);
  EXPECT_EQ(s.points, 171u);
  EXPECT_NEAR(s.median, 0.0729, 0.0005);
  EXPECT_NEAR(s.max, 1.249, 0.001);
}

TEST(GemmMeasured, H100ShapesWithAPartialLastWave) {
  // The 14 TP-narrowed shapes; with one 128 × 256 tile: median 0.180, max 0.428 (all too slow).
  const ErrorSummary s = errors("h100-sxm5-80gb-measured.json", "h100-sxm5-80gb", true);
  EXPECT_EQ(s.points, 14u);
  EXPECT_NEAR(s.median, 0.033, 0.0005);
  EXPECT_NEAR(s.max, 0.238, 0.001);
}

TEST(GemmMeasured, H200HeldOut) {
  // Not fitted on. With one 128 × 256 tile: median 0.075 (all), 0.192 (partial waves).
  const ErrorSummary all = errors("h200-sxm-141gb-measured.json", "h200-sxm-141gb", false);
  EXPECT_EQ(all.points, 171u);
  EXPECT_NEAR(all.median, 0.0712, 0.0005);
  EXPECT_NEAR(all.max, 1.217, 0.001);
  const ErrorSummary partial = errors("h200-sxm-141gb-measured.json", "h200-sxm-141gb", true);
  EXPECT_EQ(partial.points, 14u);
  EXPECT_NEAR(partial.median, 0.0377, 0.0005);
}

TEST(GemmMeasured, TheIssuesThreeShapesOnTheH100) {
  // Issue 21: measured 0.776, 0.775, 0.755 of peak; one 128 × 256 tile gave 0.584 for each.
  const GpuSpec* h100 = find_gpu("h100-sxm5-80gb");
  ASSERT_NE(h100, nullptr);
  const double best = h100->gemm_efficiency.value;  // 794.5 / 989.4
  const double ramp_4096 = 1.0;                     // k ≥ 4096
  // 2048 × 3072 and 4096 × 1536: 384 tiles of 128 × 128 in 3 waves at 41/44.
  EXPECT_NEAR(model_efficiency(*h100, 2048, 3072, 8192), best * (384.0 / 396.0) * (41.0 / 44.0),
              1e-12);
  EXPECT_NEAR(model_efficiency(*h100, 4096, 1536, 4096),
              best * (384.0 / 396.0) * (41.0 / 44.0) * ramp_4096, 1e-12);
  // 2048 × 4608: 576 tiles of 128 × 128 in 5 waves (576/660) at 41/44 = 0.813; the largest tile
  // 288 in 3 waves (0.727); still 16 % under the measured 0.775 (cuBLAS's stream-K, not modelled).
  EXPECT_NEAR(model_efficiency(*h100, 2048, 4608, 12288), best * (576.0 / 660.0) * (41.0 / 44.0),
              1e-12);
}

}  // namespace
}  // namespace wt
