// Key figures of the accelerators beyond NVIDIA against their sourced values
// (data/reference/hardware-and-prices.json: GCP_TPU_*, SCALING_BOOK_TPU, AMD_MI3*_DS, AWS_TRN2,
// INTEL_GAUDI3_WP, MLENG_ACC, ROCM_MI250, OLCF_FRONTIER).
#include <gtest/gtest.h>

#include <string>

#include "sim/hardware/gpu.hpp"

namespace wt {
namespace {

const GpuSpec& accel(const char* id) {
  const GpuSpec* g = find_gpu(id);
  EXPECT_NE(g, nullptr) << id;
  return *g;
}

bool starts_with(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

TEST(Accelerators, TpuPeaksMemoryAndIci) {
  struct Row {
    const char* id;
    double bf16, memory_GB, hbm_GBps, links, link_GBps;
  };
  for (const Row& r : {Row{"tpu-v4", 275.0, 32.0, 1200.0, 6.0, 45.0},
                       Row{"tpu-v5e", 197.0, 16.0, 819.0, 4.0, 45.0},
                       Row{"tpu-v5p", 459.0, 95.0, 2760.0, 6.0, 90.0},
                       Row{"tpu-v6e", 918.0, 32.0, 1640.0, 4.0, 90.0}}) {
    const GpuSpec& g = accel(r.id);
    EXPECT_DOUBLE_EQ(g.bf16_tflops.value, r.bf16) << r.id;
    EXPECT_DOUBLE_EQ(g.memory_GB.value, r.memory_GB) << r.id;
    EXPECT_DOUBLE_EQ(g.memory_bw_GBps.value, r.hbm_GBps) << r.id;
    EXPECT_DOUBLE_EQ(g.ici_links.value, r.links) << r.id;
    EXPECT_DOUBLE_EQ(g.ici_link_GBps.value, r.link_GBps) << r.id;
    EXPECT_TRUE(starts_with(g.ici_link_GBps.source, "SCALING_BOOK_TPU")) << r.id;
    // No node switch: the chip's "NVLink" figure is its ICI links together (6 x 45 = 270 on v4).
    EXPECT_DOUBLE_EQ(g.nvlink_GBps.value, r.links * r.link_GBps) << r.id;
    EXPECT_EQ(g.fp16_tflops.value, 0.0) << r.id;
    EXPECT_EQ(g.fp32_tflops.value, 0.0) << r.id;
    EXPECT_EQ(g.nvls_busbw_GBps.value, 0.0) << r.id;
  }
}

TEST(Accelerators, GpusHaveNoIci) {
  EXPECT_EQ(accel("h100-sxm5-80gb").ici_links.value, 0.0);
  EXPECT_EQ(accel("mi300x").ici_link_GBps.value, 0.0);
}

TEST(Accelerators, Mi250xIsOneGcd) {
  const GpuSpec& g = accel("MI250X");
  EXPECT_EQ(g.id, "mi250x-gcd");
  EXPECT_DOUBLE_EQ(g.bf16_tflops.value, 383.0 / 2.0);
  EXPECT_DOUBLE_EQ(g.memory_GB.value, 64.0);
  EXPECT_DOUBLE_EQ(g.memory_bw_GBps.value, 3280.0 / 2.0);
  EXPECT_DOUBLE_EQ(g.nvlink_GBps.value, 50.0);
  EXPECT_DOUBLE_EQ(g.sm_count.value, 110.0);
  EXPECT_EQ(g.fp8_tflops.value, 0.0);
}

TEST(Accelerators, InstinctMi325xAndMi355x) {
  const GpuSpec& a = accel("mi325x");
  EXPECT_DOUBLE_EQ(a.bf16_tflops.value, accel("mi300x").bf16_tflops.value);  // same CDNA 3 compute
  EXPECT_DOUBLE_EQ(a.memory_GB.value, 256.0);
  EXPECT_DOUBLE_EQ(a.memory_bw_GBps.value, 6000.0);
  EXPECT_DOUBLE_EQ(a.nvlink_GBps.value, 7 * 64.0);
  const GpuSpec& b = accel("mi355x");
  EXPECT_DOUBLE_EQ(b.bf16_tflops.value, 2516.6);
  EXPECT_DOUBLE_EQ(b.fp8_tflops.value, 2.0 * 2516.6);
  EXPECT_DOUBLE_EQ(b.memory_GB.value, 288.0);
  EXPECT_DOUBLE_EQ(b.memory_bw_GBps.value, 8000.0);
  EXPECT_TRUE(starts_with(b.nvlink_GBps.source, "assumption:"));
  EXPECT_EQ(b.tf32_tflops.value, 0.0);
}

TEST(Accelerators, Trainium2AndGaudi3) {
  const GpuSpec& t = accel("trainium2");
  EXPECT_DOUBLE_EQ(t.bf16_tflops.value, 667.0);
  EXPECT_DOUBLE_EQ(t.fp8_tflops.value, 1299.0);
  EXPECT_DOUBLE_EQ(t.memory_GB.value, 96.0);
  EXPECT_DOUBLE_EQ(t.memory_bw_GBps.value, 2900.0);
  EXPECT_DOUBLE_EQ(t.nvlink_GBps.value, 1280.0 / 2.0);
  const GpuSpec& g = accel("gaudi3");
  EXPECT_DOUBLE_EQ(g.bf16_tflops.value, 1835.0);
  EXPECT_DOUBLE_EQ(g.fp8_tflops.value, 1835.0);
  EXPECT_DOUBLE_EQ(g.memory_GB.value, 128.0);
  EXPECT_DOUBLE_EQ(g.memory_bw_GBps.value, 3700.0);
  EXPECT_DOUBLE_EQ(g.nvlink_GBps.value, 21 * 200.0 / 8.0);  // 21 x 200 GbE = 525 GB/s
}

}  // namespace
}  // namespace wt
