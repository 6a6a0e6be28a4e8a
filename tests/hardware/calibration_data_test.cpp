// The synthetic profile in tests/hardware/data/ reads, is self-consistent (its fit is the fit of
// its points, its bus bandwidths follow nccl-tests) and gives the efficiencies computed by hand.
#include <gtest/gtest.h>

#include "sim/hardware/calibration.hpp"
#include "sim/hardware/calibration_profile.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/json_text.hpp"

namespace wt {
namespace {

const std::string kProfile =
    std::string(WT_SOURCE_DIR) + "/tests/hardware/data/synthetic-profile.json";

TEST(SyntheticProfileFile, ReadsAndIsLabelledSynthetic) {
  const CalibrationProfile p = read_profile(kProfile);
  EXPECT_NE(p.provenance.gpu_name.find("synthetic"), std::string::npos);
  EXPECT_EQ(p.provenance.gpu_count, 8);
  EXPECT_EQ(p.catalog_gpu, "h100-sxm5-80gb");
  ASSERT_EQ(p.gemm.size(), 2u);
  EXPECT_DOUBLE_EQ(p.gemm[0].timing.median_s, 0.0016);  // middle of 1.55, 1.6, 1.65 ms
  EXPECT_DOUBLE_EQ(p.gemm[1].timing.median_s, 9e-6);    // mean of 8 and 10 µs
  EXPECT_EQ(p.bandwidth.size(), 3u);
  EXPECT_EQ(p.attention.size(), 1u);
  ASSERT_EQ(p.collectives.size(), 1u);
  EXPECT_EQ(p.collectives[0].points.size(), 5u);
}

TEST(SyntheticProfileFile, StoredFitIsTheFitOfItsPoints) {
  const CollectiveSeries s = read_profile(kProfile).collectives.at(0);
  const AlphaBetaFit refit = fit_alpha_beta(s.points);
  EXPECT_NEAR(refit.alpha_s, s.fit.alpha_s, 1e-9 * 1e-5);
  EXPECT_NEAR(refit.beta_Bps, s.fit.beta_Bps, 1e-9 * 1e11);
  EXPECT_LT(refit.residual_rel_max, 1e-9);
  for (const CollectivePoint& c : s.points) {
    EXPECT_NEAR(c.algbw_GBps, c.bytes / c.timing.median_s / 1e9, 1e-12 * c.algbw_GBps);
    EXPECT_NEAR(c.busbw_GBps, 1.75 * c.algbw_GBps, 1e-12 * c.busbw_GBps);  // all_reduce, 8 ranks
  }
}

TEST(SyntheticProfileFile, EfficienciesAgainstTheH100Catalog) {
  const GpuSpec* h100 = find_gpu("h100-sxm5-80gb");
  ASSERT_NE(h100, nullptr);
  const Calibration c(read_profile(kProfile), *h100);
  // 2 · 8192³ = 2^40 FLOPs in 1.6 ms = 687.19476736 TFLOP/s.
  EXPECT_NEAR(*c.gemm_efficiency(Precision::bf16, 8192, 8192, 8192),
              687.19476736 / h100->bf16_tflops.value, 1e-12);
  // rmw: 2 GiB in 0.77 ms (median of 0.76, 0.78) = 2788.94 GB/s beats copy's 2684.35 GB/s.
  EXPECT_NEAR(*c.memory_efficiency(), 2147483648.0 / 0.00077 / 1e9 / h100->memory_bw_GBps.value,
              1e-12);
  EXPECT_NEAR(*c.host_link_GBps(), 1073741824.0 / 0.02 / 1e9, 1e-9);
  // 4 · 4 · 32 · 4096² · 128 = 2^40 FLOPs in 2.5 ms = 439.8046511 TFLOP/s.
  EXPECT_NEAR(*c.attention_efficiency(Precision::bf16, 128, 4096, 128),
              439.8046511104 / h100->bf16_tflops.value, 1e-12);
  EXPECT_FALSE(c.gemm_efficiency(Precision::fp8, 8192, 8192, 8192).has_value());
  EXPECT_EQ(c.collective("all_reduce", 4, LinkKind::nvlink)->group_size, 8);
  EXPECT_FALSE(c.collective("all_reduce", 16, LinkKind::network).has_value());
  ASSERT_EQ(c.notes().size(), 1u);
  EXPECT_EQ(c.notes()[0], "collectives.network: one node: no inter-node link to measure");
}

// The abbreviated example in docs/calibration.md is a valid profile.
TEST(SyntheticProfileFile, DocumentedExampleReads) {
  const std::optional<std::string> doc =
      read_text_file(std::string(WT_SOURCE_DIR) + "/docs/calibration.md");
  ASSERT_TRUE(doc.has_value());
  const std::size_t start = doc->find("```json\n");
  ASSERT_NE(start, std::string::npos);
  const std::size_t end = doc->find("```", start + 8);
  const nlohmann::json example = nlohmann::json::parse(doc->substr(start + 8, end - start - 8));
  const CalibrationProfile p = profile_from_json(example, "docs/calibration.md");
  EXPECT_EQ(p.collectives.at(0).fit.beta_Bps, 1e11);
  EXPECT_DOUBLE_EQ(p.gemm.at(0).timing.median_s, 1.6e-3);
}

// The profile measured on an H200 (calibrate/profiles/, docs/calibration.md "Measured profiles"):
// it reads, says what it could not measure, and its efficiencies are the measurements ÷ the
// catalog's H200 peaks. The hand figures are the TFLOP/s the calibrator and flash_attention.py
// printed on the GPU.
const std::string kMeasuredProfile =
    std::string(WT_SOURCE_DIR) + "/calibrate/profiles/h200-sxm-141gb-measured.json";

TEST(MeasuredProfileFile, H200ReadsAndGivesItsMeasuredEfficiencies) {
  const CalibrationProfile p = read_profile(kMeasuredProfile);
  EXPECT_EQ(p.provenance.gpu_name, "NVIDIA H200");
  EXPECT_EQ(p.catalog_gpu, "h200-sxm-141gb");
  EXPECT_EQ(p.gemm.size(), 5u * 171u);  // bf16, fp16, fp8, tf32, fp32 × the 171 sweep shapes
  const GpuSpec* h200 = find_gpu("h200-sxm-141gb");
  ASSERT_NE(h200, nullptr);
  const Calibration c(p, *h200);
  const double peak = h200->bf16_tflops.value;
  // The best bf16 GEMM the sweep printed: 821.8 TFLOP/s at 4096 × 2048 × 8192.
  EXPECT_NEAR(*c.gemm_efficiency(Precision::bf16, 4096, 2048, 8192), 821.8 / peak, 0.05 / peak);
  // Causal FlashAttention-2 forward + backward, batch 4 × 32 heads, s 2048, d 128: 461.0 TFLOP/s
  // (FLOPs as the model counts them: 3.5 × 4·b·h·s²·d).
  EXPECT_NEAR(*c.attention_efficiency(Precision::bf16, 128, 2048, 128), 461.0 / peak, 0.05 / peak);
  EXPECT_FALSE(c.collective("all_reduce", 8, LinkKind::nvlink).has_value());  // one GPU
  bool cudnn_said = false;
  for (const std::string& note : c.notes()) {
    cudnn_said = cudnn_said || note.rfind("attention.cudnn_fused:", 0) == 0;
  }
  EXPECT_TRUE(cudnn_said);
}

// The profile measured on an H100 the same way (docs/calibration.md "Measured on an H100"), read
// against the catalog's H100 SXM5 peaks.
TEST(MeasuredProfileFile, H100ReadsAndGivesItsMeasuredEfficiencies) {
  const CalibrationProfile p =
      read_profile(std::string(WT_SOURCE_DIR) + "/calibrate/profiles/h100-sxm5-80gb-measured.json");
  EXPECT_EQ(p.provenance.gpu_name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(p.catalog_gpu, "h100-sxm5-80gb");
  EXPECT_EQ(p.gemm.size(), 5u * 171u);
  const GpuSpec* h100 = find_gpu("h100-sxm5-80gb");
  ASSERT_NE(h100, nullptr);
  const Calibration c(p, *h100);
  const double peak = h100->bf16_tflops.value;
  // The best bf16 GEMM the sweep printed: 801.7 TFLOP/s at 4096 × 2048 × 8192.
  EXPECT_NEAR(*c.gemm_efficiency(Precision::bf16, 4096, 2048, 8192), 801.7 / peak, 0.05 / peak);
  // Causal FlashAttention-2 forward + backward, batch 4 × 32 heads, s 2048, d 128: 429.5 TFLOP/s.
  EXPECT_NEAR(*c.attention_efficiency(Precision::bf16, 128, 2048, 128), 429.5 / peak, 0.05 / peak);
  EXPECT_FALSE(c.collective("all_reduce", 8, LinkKind::nvlink).has_value());  // one GPU
}

}  // namespace
}  // namespace wt
