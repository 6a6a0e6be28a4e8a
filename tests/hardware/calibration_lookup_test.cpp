// Calibration: efficiencies against the catalog peaks, GEMM interpolation, the choice of memory and
// attention kernels, collective lookup with its fallback, and the notes on what is missing.
#include <gtest/gtest.h>

#include <cmath>

#include "calibration_test_profiles.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/hardware/calibration_gemm_table.hpp"

namespace wt {
namespace {

using testing::gemm_at_efficiency;
using testing::synthetic_gpu;

constexpr double kPeak = 1000.0;  // bf16 and fp16 TFLOP/s of synthetic_gpu()

CalibrationProfile gemm_profile(std::vector<GemmPoint> points) {
  CalibrationProfile p;
  p.provenance.gpu_name = "synthetic test profile";
  p.provenance.gpu_count = 1;
  p.gemm = std::move(points);
  return p;
}

TEST(CalibrationGemm, ExactAtMeasuredShapes) {
  const Calibration c(
      gemm_profile({gemm_at_efficiency(Precision::bf16, 1024, 1024, 1024, 0.5, kPeak),
                    gemm_at_efficiency(Precision::bf16, 4096, 4096, 4096, 0.8, kPeak),
                    gemm_at_efficiency(Precision::bf16, 8192, 1024, 2048, 0.65, kPeak)}),
      synthetic_gpu());
  EXPECT_NEAR(*c.gemm_efficiency(Precision::bf16, 1024, 1024, 1024), 0.5, 1e-12);
  EXPECT_NEAR(*c.gemm_efficiency(Precision::bf16, 4096, 4096, 4096), 0.8, 1e-12);
  EXPECT_NEAR(*c.gemm_efficiency(Precision::bf16, 8192, 1024, 2048), 0.65, 1e-12);
}

TEST(CalibrationGemm, MidpointInLogSpaceIsTheMeanOfTheNeighbours) {
  // log2 m = 10 and 12; m = 2048 is at distance 1 from both, so the weights are equal.
  const Calibration c(
      gemm_profile({gemm_at_efficiency(Precision::bf16, 1024, 1024, 1024, 0.5, kPeak),
                    gemm_at_efficiency(Precision::bf16, 4096, 1024, 1024, 0.7, kPeak)}),
      synthetic_gpu());
  EXPECT_NEAR(*c.gemm_efficiency(Precision::bf16, 2048, 1024, 1024), 0.6, 1e-12);
}

TEST(CalibrationGemm, OffCentreUsesInverseSquaredDistanceWeights) {
  const Calibration c(
      gemm_profile({gemm_at_efficiency(Precision::bf16, 1024, 1024, 1024, 0.5, kPeak),
                    gemm_at_efficiency(Precision::bf16, 4096, 1024, 1024, 0.7, kPeak)}),
      synthetic_gpu());
  const double d1 = std::log2(1536.0) - 10.0;  // 0.585
  const double d2 = 12.0 - std::log2(1536.0);  // 1.415
  const double w1 = 1.0 / (d1 * d1);
  const double w2 = 1.0 / (d2 * d2);
  const double expected = (w1 * 0.5 + w2 * 0.7) / (w1 + w2);  // ≈ 0.5255
  const double got = *c.gemm_efficiency(Precision::bf16, 1536, 1024, 1024);
  EXPECT_NEAR(got, expected, 1e-12);
  EXPECT_GT(got, 0.5);
  EXPECT_LT(got, 0.6);  // nearer the 1024 neighbour
}

TEST(CalibrationGemm, OnlyTheEightNearestShapesCount) {
  // Eight shapes at 0.5 around (2048, 2048, 2048) and a ninth, far away, at 0.9.
  std::vector<GemmPoint> points;
  for (int64_t m : {1024, 4096}) {
    for (int64_t n : {1024, 4096}) {
      for (int64_t k : {1024, 4096}) {
        points.push_back(gemm_at_efficiency(Precision::bf16, m, n, k, 0.5, kPeak));
      }
    }
  }
  points.push_back(gemm_at_efficiency(Precision::bf16, 65536, 65536, 65536, 0.9, kPeak));
  const Calibration c(gemm_profile(points), synthetic_gpu());
  EXPECT_NEAR(*c.gemm_efficiency(Precision::bf16, 2048, 2048, 2048), 0.5, 1e-12);
}

TEST(CalibrationGemm, MonotoneTableGivesMonotoneEfficiencyAlongM) {
  // Efficiency rises with m only: 0.3, 0.4, …, 0.7 for m = 512 … 8192, on a grid of n and k.
  std::vector<GemmPoint> points;
  for (int e = 9; e <= 13; ++e) {
    for (int64_t n : {1024, 8192}) {
      for (int64_t k : {1024, 8192}) {
        points.push_back(
            gemm_at_efficiency(Precision::bf16, int64_t{1} << e, n, k, 0.3 + 0.1 * (e - 9), kPeak));
      }
    }
  }
  const Calibration c(gemm_profile(points), synthetic_gpu());
  double previous = 0.0;
  for (int step = 0; step <= 32; ++step) {  // m = 512 … 8192 in steps of a factor 2^(1/8)
    const auto m = static_cast<int64_t>(std::llround(512.0 * std::exp2(step / 8.0)));
    const double eff = *c.gemm_efficiency(Precision::bf16, m, 1024, 1024);
    EXPECT_GE(eff, previous - 1e-12) << "m = " << m;
    EXPECT_GE(eff, 0.3 - 1e-12);
    EXPECT_LE(eff, 0.7 + 1e-12);
    previous = eff;
  }
  EXPECT_NEAR(*c.gemm_efficiency(Precision::bf16, 512, 1024, 1024), 0.3, 1e-12);
  EXPECT_NEAR(previous, 0.7, 1e-12);  // m = 8192, the last measured row
}

TEST(CalibrationGemm, PrecisionWithoutMeasurementsIsNullopt) {
  const Calibration c(
      gemm_profile({gemm_at_efficiency(Precision::bf16, 1024, 1024, 1024, 0.5, kPeak)}),
      synthetic_gpu());
  EXPECT_FALSE(c.gemm_efficiency(Precision::fp16, 1024, 1024, 1024).has_value());
  EXPECT_FALSE(c.gemm_efficiency(Precision::fp8, 1024, 1024, 1024).has_value());
}

TEST(CalibrationGemm, PrecisionTheCatalogLacksIsSetAsideWithANote) {
  // synthetic_gpu() has no fp8 peak, so an fp8 measurement has nothing to be divided by.
  const GemmPoint fp8{Precision::fp8, 1024, 1024, 1024, make_timing({1e-5})};
  const Calibration c(gemm_profile({fp8}), synthetic_gpu());
  EXPECT_FALSE(c.gemm_efficiency(Precision::fp8, 1024, 1024, 1024).has_value());
  ASSERT_EQ(c.notes().size(), 1u);
  EXPECT_NE(c.notes()[0].find("gemm.fp8"), std::string::npos) << c.notes()[0];
}

CalibrationProfile bandwidth_profile() {
  CalibrationProfile p = gemm_profile({});
  p.bandwidth = {
      BandwidthPoint{"copy", 1e9, make_timing({1e9 / 1.9e12})},  // 1900 GB/s at 1 GB (cache)
      BandwidthPoint{"copy", 4e9, make_timing({4e9 / 1.5e12})},  // 1500 GB/s at 4 GB
      BandwidthPoint{"rmw", 4e9, make_timing({4e9 / 1.7e12})},   // 1700 GB/s at 4 GB
      BandwidthPoint{"rmw", 2e9, make_timing({2e9 / 1.8e12})},   // 1800 GB/s at 2 GB
      BandwidthPoint{"h2d", 1e9, make_timing({1e9 / 25e9})},     // 25 GB/s
      BandwidthPoint{"d2h", 1e9, make_timing({1e9 / 26e9})},     // 26 GB/s
      BandwidthPoint{"h2d", 1e8, make_timing({1e8 / 30e9})}};    // smaller size: ignored
  return p;
}

TEST(CalibrationMemory, BestKernelAtItsLargestSizeOverDatasheet) {
  const Calibration c(bandwidth_profile(), synthetic_gpu());
  EXPECT_NEAR(*c.memory_efficiency(), 1700.0 / 2000.0, 1e-12);  // rmw at 4 GB beats copy at 4 GB
  EXPECT_NEAR(*c.host_link_GBps(), 26.0, 1e-9);
}

TEST(CalibrationMemory, CopyAloneIsUsedWhenNoRmw) {
  CalibrationProfile p = bandwidth_profile();
  std::erase_if(p.bandwidth, [](const BandwidthPoint& b) { return b.kernel == "rmw"; });
  const Calibration c(p, synthetic_gpu());
  EXPECT_NEAR(*c.memory_efficiency(), 1500.0 / 2000.0, 1e-12);
}

TEST(CalibrationMemory, NoDeviceKernelsIsNullopt) {
  CalibrationProfile p = bandwidth_profile();
  std::erase_if(p.bandwidth,
                [](const BandwidthPoint& b) { return b.kernel == "rmw" || b.kernel == "copy"; });
  const Calibration c(p, synthetic_gpu());
  EXPECT_FALSE(c.memory_efficiency().has_value());
  EXPECT_TRUE(c.host_link_GBps().has_value());
  EXPECT_FALSE(Calibration(gemm_profile({}), synthetic_gpu()).host_link_GBps().has_value());
}

AttentionPoint attention_at(const char* kernel, Precision p, double tflops, int64_t seq = 1024,
                            bool causal = false, const char* pass = "forward") {
  AttentionPoint a{kernel, p, 2, 8, seq, 64, {}, causal, pass};
  a.timing = make_timing({a.flops() / (tflops * 1e12)});
  return a;
}

TEST(CalibrationAttention, FlopsAsTheModelCountsThem) {
  // 4 · 2 · 8 · 1024² · 64 = 4,294,967,296 for the forward; 3.5 × that with the backward.
  EXPECT_DOUBLE_EQ(attention_at("sdpa_flash", Precision::bf16, 1.0).flops(), 4294967296.0);
  EXPECT_DOUBLE_EQ(
      attention_at("sdpa_flash", Precision::bf16, 1.0, 1024, true, "forward_backward").flops(),
      3.5 * 4294967296.0);
}

TEST(CalibrationAttention, FusedFromCudnnNeverFromTheUnfusedCore) {
  CalibrationProfile p = gemm_profile({});
  p.attention = {attention_at("cudnn_fused", Precision::bf16, 400.0),
                 attention_at("bmm_softmax", Precision::bf16, 200.0),
                 attention_at("bmm_softmax", Precision::fp16, 300.0)};
  const Calibration c(p, synthetic_gpu());
  // Synthetic peak 1000 TFLOP/s; the one cuDNN point at (16, 1024, 64) answers everywhere.
  EXPECT_NEAR(*c.attention_efficiency(Precision::bf16, 16, 1024, 64), 0.4, 1e-12);
  EXPECT_NEAR(*c.attention_efficiency(Precision::bf16, 512, 8192, 128), 0.4, 1e-12);
  EXPECT_TRUE(c.has_fused_attention(Precision::bf16));
  // bmm_softmax describes the unfused core, which runs as batched GEMMs: not fused attention.
  EXPECT_FALSE(c.attention_efficiency(Precision::fp16, 16, 1024, 64).has_value());
  EXPECT_FALSE(c.has_fused_attention(Precision::fp16));
  EXPECT_FALSE(c.attention_efficiency(Precision::tf32, 16, 1024, 64).has_value());
}

TEST(CalibrationAttention, CausalTrainingFlashPointsWinAndInterpolateOverSeq) {
  CalibrationProfile p = gemm_profile({});
  p.attention = {
      attention_at("cudnn_fused", Precision::bf16, 900.0),
      attention_at("sdpa_flash", Precision::bf16, 800.0, 1024, false, "forward"),
      attention_at("sdpa_flash", Precision::bf16, 700.0, 1024, true, "forward"),
      attention_at("sdpa_flash", Precision::bf16, 300.0, 1024, true, "forward_backward"),
      attention_at("sdpa_flash", Precision::bf16, 500.0, 4096, true, "forward_backward")};
  const Calibration c(p, synthetic_gpu());
  // Only the causal forward + backward points count: exact at the measured shapes ...
  EXPECT_NEAR(*c.attention_efficiency(Precision::bf16, 16, 1024, 64), 0.3, 1e-12);
  EXPECT_NEAR(*c.attention_efficiency(Precision::bf16, 16, 4096, 64), 0.5, 1e-12);
  // ... and halfway between them in log2(seq), 2048, their mean.
  EXPECT_NEAR(*c.attention_efficiency(Precision::bf16, 16, 2048, 64), 0.4, 1e-12);
}

CollectiveSeries series(const char* name, int group, LinkKind link, double beta_Bps) {
  CollectiveSeries s{
      name, group, link, testing::alpha_beta_points(name, group, 5e-6, beta_Bps, 10, 20), {}};
  s.fit = fit_alpha_beta(s.points);
  return s;
}

TEST(CalibrationCollectives, ExactGroupThenLargestGroupOnTheLink) {
  CalibrationProfile p = gemm_profile({});
  p.collectives = {series("all_reduce", 2, LinkKind::nvlink, 1e11),
                   series("all_reduce", 8, LinkKind::nvlink, 2e11),
                   series("all_reduce", 4, LinkKind::nvlink, 1.5e11),
                   series("all_reduce", 16, LinkKind::network, 4e10),
                   series("all_gather", 8, LinkKind::nvlink, 3e11)};
  const Calibration c(p, synthetic_gpu());
  EXPECT_EQ(c.collective("all_reduce", 4, LinkKind::nvlink)->group_size, 4);
  EXPECT_NEAR(c.collective("all_reduce", 4, LinkKind::nvlink)->fit.beta_Bps, 1.5e11, 1.5e11 * 1e-9);
  EXPECT_EQ(c.collective("all_reduce", 6, LinkKind::nvlink)->group_size, 8);
  EXPECT_EQ(c.collective("all_reduce", 64, LinkKind::network)->group_size, 16);
  EXPECT_EQ(c.collective("all_gather", 2, LinkKind::nvlink)->group_size, 8);
  EXPECT_FALSE(c.collective("all_reduce", 8, LinkKind::pcie).has_value());
  EXPECT_FALSE(c.collective("reduce_scatter", 8, LinkKind::nvlink).has_value());
}

TEST(CalibrationNotes, UnmeasuredEntriesAndAnotherGpuAreNoted) {
  CalibrationProfile p = gemm_profile({});
  p.catalog_gpu = "a100-sxm4-80gb";
  p.unmeasured = {{"collectives.network", "one node: no inter-node link"},
                  {"attention.cudnn_fused", "cuDNN not found"}};
  const Calibration c(p, synthetic_gpu());
  ASSERT_EQ(c.notes().size(), 3u);
  EXPECT_NE(c.notes()[0].find("a100-sxm4-80gb"), std::string::npos);
  EXPECT_NE(c.notes()[0].find("synthetic-gpu"), std::string::npos);
  EXPECT_EQ(c.notes()[1], "collectives.network: one node: no inter-node link");
  EXPECT_EQ(c.notes()[2], "attention.cudnn_fused: cuDNN not found");
}

TEST(CalibrationNotes, MatchingGpuAndCompleteProfileHaveNoNotes) {
  CalibrationProfile p = gemm_profile({});
  p.catalog_gpu = "synthetic-gpu";
  EXPECT_TRUE(Calibration(p, synthetic_gpu()).notes().empty());
}

TEST(GemmEfficiencyTable, RepeatedShapeAveragesItsMeasurements) {
  GemmEfficiencyTable t;
  t.add(256, 256, 256, 0.4);
  t.add(256, 256, 256, 0.6);
  t.add(4096, 4096, 4096, 0.9);
  EXPECT_NEAR(t.at(256, 256, 256), 0.5, 1e-15);
  EXPECT_EQ(t.size(), 3u);
}

}  // namespace
}  // namespace wt
