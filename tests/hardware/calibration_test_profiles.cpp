#include "calibration_test_profiles.hpp"

#include <cmath>

namespace wt::testing {

GpuSpec synthetic_gpu() {
  GpuSpec g;
  g.id = "synthetic-gpu";
  g.name = "Synthetic GPU for tests";
  g.fp32_tflops.value = 100.0;
  g.tf32_tflops.value = 500.0;
  g.fp16_tflops.value = 1000.0;
  g.bf16_tflops.value = 1000.0;
  g.fp8_tflops.value = 0.0;
  g.memory_bw_GBps.value = 2000.0;
  return g;
}

GemmPoint gemm_at_efficiency(Precision p, int64_t m, int64_t n, int64_t k, double efficiency,
                             double peak_tflops) {
  const double flops =
      2.0 * static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k);
  return GemmPoint{p, m, n, k, make_timing({flops / (efficiency * peak_tflops * 1e12)})};
}

std::vector<CollectivePoint> alpha_beta_points(const std::string& collective, int group_size,
                                               double alpha_s, double beta_Bps, int first_log2,
                                               int last_log2) {
  std::vector<CollectivePoint> points;
  for (int e = first_log2; e <= last_log2; ++e) {
    const double bytes = std::ldexp(1.0, e);
    points.push_back(make_collective_point(collective, group_size, bytes,
                                           make_timing({alpha_s + bytes / beta_Bps})));
  }
  return points;
}

CalibrationProfile full_synthetic_profile() {
  CalibrationProfile p;
  p.provenance = Provenance{"synthetic test profile",
                            8,
                            "550.54.15",
                            "12.4",
                            "12.4.5.8",
                            "2.21.5",
                            "9.1.0",
                            1980,
                            2619,
                            "2024-06-01T12:00:00Z",
                            "sha256:0f1e2d3c",
                            "windtunnel-calibrate --out synthetic.json",
                            "0.1.0"};
  p.catalog_gpu = "h100-sxm5-80gb";
  p.gemm = {GemmPoint{Precision::bf16, 8192, 4096, 2048, make_timing({1.7e-4, 1.5e-4, 1.6e-4})},
            GemmPoint{Precision::fp8, 512, 1024, 768, make_timing({3e-6, 2e-6})}};
  p.bandwidth = {BandwidthPoint{"copy", 2.0 * 1073741824.0, make_timing({8.0e-4, 8.2e-4})},
                 BandwidthPoint{"rmw", 2.0 * 1073741824.0, make_timing({7.6e-4})},
                 BandwidthPoint{"h2d", 1073741824.0, make_timing({0.0195, 0.0197, 0.0196})},
                 BandwidthPoint{"d2h", 1073741824.0, make_timing({0.0199})}};
  p.attention = {
      AttentionPoint{"cudnn_fused", Precision::bf16, 4, 32, 4096, 128, make_timing({2.5e-3})},
      AttentionPoint{"bmm_softmax", Precision::fp16, 2, 16, 2048, 64, make_timing({4e-4, 5e-4})},
      AttentionPoint{"sdpa_flash", Precision::bf16, 4, 32, 2048, 128, make_timing({2.1e-3}), true,
                     "forward_backward"}};
  CollectiveSeries series{"all_reduce",
                          8,
                          LinkKind::nvlink,
                          alpha_beta_points("all_reduce", 8, 1e-5, 1.5e11, 3, 30),
                          {}};
  series.fit = fit_alpha_beta(series.points);
  CollectiveSeries network{"all_gather",
                           16,
                           LinkKind::network,
                           alpha_beta_points("all_gather", 16, 2e-5, 4e10, 10, 28),
                           {}};
  network.fit = fit_alpha_beta(network.points);
  CollectiveSeries pcie{
      "send_recv", 2, LinkKind::pcie, alpha_beta_points("send_recv", 2, 3e-6, 2e10, 3, 24), {}};
  pcie.fit = fit_alpha_beta(pcie.points);
  p.collectives = {series, network, pcie};
  p.unmeasured = {Unmeasured{"attention.cudnn_fused.fp16", "cuDNN has no fused kernel here"}};
  return p;
}

}  // namespace wt::testing
