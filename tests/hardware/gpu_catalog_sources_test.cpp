// Every catalog figure names its source, and the default efficiencies are the measured ratios.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sim/hardware/gpu.hpp"

namespace wt {
namespace {

std::vector<const Sourced*> all_figures(const GpuSpec& g) {
  return {&g.fp32_tflops,        &g.tf32_tflops,      &g.fp16_tflops,         &g.bf16_tflops,
          &g.fp8_tflops,         &g.memory_GB,        &g.memory_bw_GBps,      &g.nvlink_GBps,
          &g.pcie_GBps,          &g.gemm_efficiency,  &g.memory_efficiency,   &g.nvlink_efficiency,
          &g.network_efficiency, &g.kernel_launch_us, &g.collective_launch_us};
}

TEST(GpuCatalogSources, EveryFigureHasASource) {
  for (const GpuSpec& g : gpu_catalog()) {
    EXPECT_FALSE(g.name.empty()) << g.id;
    const auto figures = all_figures(g);
    for (size_t i = 0; i < figures.size(); ++i) {
      EXPECT_FALSE(figures[i]->source.empty()) << g.id << " figure #" << i;
    }
  }
}

TEST(GpuCatalogSources, PlausibleRanges) {
  for (const GpuSpec& g : gpu_catalog()) {
    // TPUs have no FP32 or FP16 peak, V100 no BF16: one 16-bit format at least.
    EXPECT_GT(std::max(g.fp16_tflops.value, g.bf16_tflops.value), 0.0) << g.id;
    EXPECT_GT(g.memory_GB.value, 0.0) << g.id;
    EXPECT_GT(g.memory_bw_GBps.value, 0.0) << g.id;
    EXPECT_GT(g.pcie_GBps.value, 0.0) << g.id;
    for (const Sourced* eff :
         {&g.gemm_efficiency, &g.memory_efficiency, &g.nvlink_efficiency, &g.network_efficiency}) {
      EXPECT_GT(eff->value, 0.3) << g.id << " " << eff->source;
      EXPECT_LE(eff->value, 1.0) << g.id << " " << eff->source;
    }
  }
}

TEST(GpuCatalogSources, GemmEfficiencyIsMeasuredMamfOverPeak) {
  EXPECT_DOUBLE_EQ(find_gpu("a100-sxm4-80gb")->gemm_efficiency.value, 271.2 / 312.0);  // 0.8692
  EXPECT_DOUBLE_EQ(find_gpu("h100-sxm5-80gb")->gemm_efficiency.value, 794.5 / 989.4);  // 0.8030
  EXPECT_DOUBLE_EQ(find_gpu("h200-sxm-141gb")->gemm_efficiency.value, 794.5 / 989.4);
  EXPECT_DOUBLE_EQ(find_gpu("b200")->gemm_efficiency.value, 1745.0 / 2250.0);   // 0.7756
  EXPECT_DOUBLE_EQ(find_gpu("gb200")->gemm_efficiency.value, 1822.0 / 2500.0);  // 0.7288
  EXPECT_DOUBLE_EQ(find_gpu("mi300x")->gemm_efficiency.value, 668.4 / 1300.0);  // 0.5142
  EXPECT_DOUBLE_EQ(find_gpu("v100-sxm2-32gb")->gemm_efficiency.value, 116.4 / 125.3);
  EXPECT_DOUBLE_EQ(find_gpu("a100-pcie-80gb")->gemm_efficiency.value, 252.9 / 312.0);  // 0.8106
  EXPECT_DOUBLE_EQ(find_gpu("gh200-96gb")->gemm_efficiency.value, 828.6 / 989.0);      // 0.8378
  const GpuSpec& l4 = *find_gpu("l4");
  EXPECT_DOUBLE_EQ(l4.gemm_efficiency.value, 0.75);
  EXPECT_EQ(l4.gemm_efficiency.source.rfind("assumption:", 0), 0u);
}

// The reference holds one B300 figure, its measured matmul rate over a 2250 TFLOP/s dense BF16
// peak (MLENG_ACC); every other Blackwell Ultra figure is recalled and must say so.
TEST(GpuCatalogSources, BlackwellUltraFiguresOutsideTheReferenceAreAssumptions) {
  const GpuSpec& b300 = *find_gpu("b300");
  EXPECT_DOUBLE_EQ(b300.bf16_tflops.value, 2250.0);
  EXPECT_EQ(b300.bf16_tflops.source.rfind("MLENG_ACC", 0), 0u);
  EXPECT_DOUBLE_EQ(b300.gemm_efficiency.value, 1769.0 / 2250.0);  // 0.7862
  EXPECT_DOUBLE_EQ(b300.nvfp4_tflops.value, 1.5 * find_gpu("b200")->nvfp4_tflops.value);
  const GpuSpec& gb300 = *find_gpu("gb300");
  EXPECT_DOUBLE_EQ(gb300.nvfp4_tflops.value, 1.5 * find_gpu("gb200")->nvfp4_tflops.value);
  for (const GpuSpec* g : {&b300, &gb300}) {
    EXPECT_DOUBLE_EQ(g->memory_GB.value, 288.0);
    EXPECT_DOUBLE_EQ(g->sm_count.value, 160.0);
    for (const Sourced* f : {&g->fp8_tflops, &g->memory_GB, &g->memory_bw_GBps, &g->nvlink_GBps,
                             &g->nvlink_efficiency, &g->sm_count, &g->nvfp4_tflops, &g->tdp_W}) {
      EXPECT_EQ(f->source.rfind("assumption:", 0), 0u) << g->id << ": " << f->source;
    }
  }
}

TEST(GpuCatalogSources, CommunicationDefaults) {
  const GpuSpec& a100 = *find_gpu("a100-sxm4-80gb");
  EXPECT_DOUBLE_EQ(a100.nvlink_efficiency.value, 234.89 / 300.0);  // 0.7830
  const GpuSpec& h100 = *find_gpu("h100-sxm5-80gb");
  EXPECT_DOUBLE_EQ(h100.nvlink_efficiency.value, 367.61 / 450.0);  // 0.8169
  EXPECT_DOUBLE_EQ(h100.network_efficiency.value, 0.94);
  EXPECT_EQ(h100.network_efficiency.source.rfind("NCCLT_290", 0), 0u);
  EXPECT_DOUBLE_EQ(h100.memory_efficiency.value, 0.87);
  EXPECT_DOUBLE_EQ(h100.kernel_launch_us.value, 2.0);
  EXPECT_EQ(h100.kernel_launch_us.source.rfind("assumption:", 0), 0u);
  EXPECT_DOUBLE_EQ(h100.collective_launch_us.value, 8.4);
  EXPECT_EQ(h100.collective_launch_us.source.rfind("NCCL_TUNING", 0), 0u);
  EXPECT_DOUBLE_EQ(find_gpu("mi300x")->nvlink_efficiency.value, 0.80);
}

}  // namespace
}  // namespace wt
