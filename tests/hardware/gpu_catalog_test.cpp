// The GPU catalog: ids and aliases resolve, and spot figures equal the reference
// (data/reference/hardware-and-prices.json).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "sim/hardware/gpu.hpp"

namespace wt {
namespace {

const GpuSpec& gpu(const char* id) {
  const GpuSpec* g = find_gpu(id);
  if (g == nullptr) {
    throw std::runtime_error(std::string("no GPU ") + id);
  }
  return *g;
}

TEST(GpuCatalog, EveryRequiredIdResolvesToItself) {
  for (const char* id : {"p100-sxm2-16gb",
                         "v100-sxm2-32gb",
                         "a100-sxm4-40gb",
                         "a100-sxm4-80gb",
                         "a100-pcie-80gb",
                         "a800-sxm4-80gb",
                         "h100-sxm5-80gb",
                         "h100-sxm5-96gb-hbm2e",
                         "h100-pcie-80gb",
                         "h800-sxm5-80gb",
                         "h200-sxm-141gb",
                         "gh200-96gb",
                         "b200",
                         "gb200",
                         "b300",
                         "gb300",
                         "mi300x",
                         "l40s",
                         "l4",
                         "a10",
                         "t4",
                         "mi250x-gcd",
                         "mi325x",
                         "mi355x",
                         "trainium2",
                         "gaudi3",
                         "tpu-v4",
                         "tpu-v5e",
                         "tpu-v5p",
                         "tpu-v6e"}) {
    const GpuSpec* g = find_gpu(id);
    ASSERT_NE(g, nullptr) << id;
    EXPECT_EQ(g->id, id);
  }
  EXPECT_EQ(gpu_catalog().size(), 30u);
}

TEST(GpuCatalog, IdsAndAliasesAreUnique) {
  std::set<std::string> seen;
  for (const GpuSpec& g : gpu_catalog()) {
    EXPECT_TRUE(seen.insert(g.id).second) << g.id;
    for (const std::string& alias : g.aliases) {
      EXPECT_EQ(find_gpu(alias), &g) << alias << " resolves to another GPU";
    }
  }
}

TEST(GpuCatalog, AliasesAreCaseInsensitive) {
  EXPECT_EQ(find_gpu("A100")->id, "a100-sxm4-80gb");
  EXPECT_EQ(find_gpu("a100-80gb")->id, "a100-sxm4-80gb");
  EXPECT_EQ(find_gpu("A100-SXM4-80GB")->id, "a100-sxm4-80gb");
  EXPECT_EQ(find_gpu("A100-40GB")->id, "a100-sxm4-40gb");
  EXPECT_EQ(find_gpu("H100")->id, "h100-sxm5-80gb");
  EXPECT_EQ(find_gpu("h100-sxm")->id, "h100-sxm5-80gb");
  EXPECT_EQ(find_gpu("H100-PCIe")->id, "h100-pcie-80gb");
  EXPECT_EQ(find_gpu("A100-PCIe-80GB")->id, "a100-pcie-80gb");
  EXPECT_EQ(find_gpu("H200")->id, "h200-sxm-141gb");
  EXPECT_EQ(find_gpu("GH200")->id, "gh200-96gb");
  EXPECT_EQ(find_gpu("h800")->id, "h800-sxm5-80gb");
  EXPECT_EQ(find_gpu("B200")->id, "b200");
  EXPECT_EQ(find_gpu("GB200")->id, "gb200");
  EXPECT_EQ(find_gpu("B300")->id, "b300");
  EXPECT_EQ(find_gpu("DGX-B300")->id, "b300");
  EXPECT_EQ(find_gpu("GB300")->id, "gb300");
  EXPECT_EQ(find_gpu("gb300-nvl72")->id, "gb300");
  EXPECT_EQ(find_gpu("MI300X")->id, "mi300x");
  EXPECT_EQ(find_gpu("V100")->id, "v100-sxm2-32gb");
  EXPECT_EQ(find_gpu("L40S")->id, "l40s");
}

TEST(GpuCatalog, VendorPrefixSpacesAndUnderscoresAreTolerated) {
  EXPECT_EQ(find_gpu("NVIDIA A100 SXM")->id, "a100-sxm4-80gb");
  EXPECT_EQ(find_gpu("NVIDIA H100 80GB HBM3")->id, "h100-sxm5-80gb");
  EXPECT_EQ(find_gpu("h100_sxm5_80gb")->id, "h100-sxm5-80gb");
  EXPECT_EQ(find_gpu("AMD MI300X")->id, "mi300x");
  EXPECT_EQ(find_gpu("Google TPUv4")->id, "tpu-v4");
  EXPECT_EQ(find_gpu("trillium")->id, "tpu-v6e");
  EXPECT_EQ(find_gpu("AMD Instinct MI355X")->id, "mi355x");
  EXPECT_EQ(find_gpu("AWS Trn2")->id, "trainium2");
  EXPECT_EQ(find_gpu("Intel Gaudi-3")->id, "gaudi3");
}

TEST(GpuCatalog, UnknownNamesAreNotFound) {
  EXPECT_EQ(find_gpu("a100-sxm4-160gb"), nullptr);
  EXPECT_EQ(find_gpu(""), nullptr);
  EXPECT_EQ(find_gpu("nvidia-"), nullptr);
}

TEST(GpuCatalog, IdListNamesEveryGpu) {
  const std::string ids = gpu_ids();
  EXPECT_EQ(ids.rfind("p100-sxm2-16gb, v100-sxm2-32gb, a100-sxm4-40gb", 0), 0u) << ids;
  for (const GpuSpec& g : gpu_catalog()) {
    EXPECT_NE(ids.find(g.id), std::string::npos) << g.id;
  }
}

TEST(GpuCatalog, HopperFiguresMatchReference) {
  const GpuSpec& h100 = gpu("h100-sxm5-80gb");
  EXPECT_DOUBLE_EQ(h100.bf16_tflops.value, 989.4);  // GK_H100 dense
  EXPECT_DOUBLE_EQ(h100.fp8_tflops.value, 1978.9);
  EXPECT_DOUBLE_EQ(h100.tf32_tflops.value, 494.7);
  EXPECT_DOUBLE_EQ(h100.memory_GB.value, 80.0);
  EXPECT_DOUBLE_EQ(h100.memory_bytes(), 80.0 * 1073741824.0);  // 80 GiB of HBM3
  EXPECT_DOUBLE_EQ(h100.memory_bw_GBps.value, 3350.0);
  EXPECT_DOUBLE_EQ(h100.nvlink_GBps.value, 450.0);
  EXPECT_EQ(h100.bf16_tflops.source, "GK_H100");

  const GpuSpec& h200 = gpu("h200-sxm-141gb");
  EXPECT_DOUBLE_EQ(h200.memory_GB.value, 141.0);
  EXPECT_DOUBLE_EQ(h200.memory_bw_GBps.value, 4800.0);
  EXPECT_DOUBLE_EQ(h200.nvlink_GBps.value, 450.0);
}

TEST(GpuCatalog, AmpereFiguresMatchReference) {
  const GpuSpec& a80 = gpu("a100-sxm4-80gb");
  EXPECT_DOUBLE_EQ(a80.bf16_tflops.value, 312.0);
  EXPECT_DOUBLE_EQ(a80.tf32_tflops.value, 156.0);
  EXPECT_DOUBLE_EQ(a80.memory_bw_GBps.value, 2039.0);
  EXPECT_DOUBLE_EQ(a80.nvlink_GBps.value, 300.0);
  const GpuSpec& a40 = gpu("a100-sxm4-40gb");
  EXPECT_DOUBLE_EQ(a40.memory_GB.value, 40.0);
  EXPECT_DOUBLE_EQ(a40.memory_bw_GBps.value, 1555.0);
}

TEST(GpuCatalog, NvlinkIsPerDirection) {
  EXPECT_DOUBLE_EQ(gpu("v100-sxm2-32gb").nvlink_GBps.value, 150.0);  // 300 bidirectional
  EXPECT_DOUBLE_EQ(gpu("b200").nvlink_GBps.value, 900.0);            // 1800 bidirectional
  EXPECT_DOUBLE_EQ(gpu("gb200").nvlink_GBps.value, 900.0);
  EXPECT_DOUBLE_EQ(gpu("h800-sxm5-80gb").nvlink_GBps.value, 200.0);  // 400 bidirectional
  for (const char* pcie_only : {"h100-pcie-80gb", "l40s", "l4", "a10", "t4"}) {
    EXPECT_EQ(gpu(pcie_only).nvlink_GBps.value, 0.0) << pcie_only;
    EXPECT_GT(gpu(pcie_only).pcie_GBps.value, 0.0) << pcie_only;
  }
}

// NVIDIA's Tesla P100 datasheet (NV_DS_P100): no tensor cores, so the 16-bit rate is twice the
// FP32 one and the GEMM efficiency is the catalog's stated assumption.
TEST(GpuCatalog, PascalFiguresMatchTheDatasheet) {
  const GpuSpec& p100 = gpu("P100");
  EXPECT_EQ(p100.id, "p100-sxm2-16gb");
  EXPECT_DOUBLE_EQ(p100.fp32_tflops.value, 10.6);
  EXPECT_DOUBLE_EQ(p100.fp16_tflops.value, 21.2);
  EXPECT_DOUBLE_EQ(p100.memory_GB.value, 16.0);
  EXPECT_DOUBLE_EQ(p100.memory_bw_GBps.value, 732.0);
  EXPECT_DOUBLE_EQ(p100.nvlink_GBps.value, 80.0);  // 4 links x 20 GB/s per direction
  EXPECT_EQ(p100.bf16_tflops.value, 0.0);
  EXPECT_EQ(p100.tf32_tflops.value, 0.0);
  EXPECT_DOUBLE_EQ(p100.gemm_efficiency.value, 0.75);
  EXPECT_EQ(p100.gemm_efficiency.source.rfind("assumption:", 0), 0u);
}

TEST(GpuCatalog, H800HasH100Compute) {
  const GpuSpec& h800 = gpu("h800-sxm5-80gb");
  const GpuSpec& h100 = gpu("h100-sxm5-80gb");
  EXPECT_DOUBLE_EQ(h800.bf16_tflops.value, h100.bf16_tflops.value);
  EXPECT_DOUBLE_EQ(h800.fp8_tflops.value, h100.fp8_tflops.value);
  EXPECT_NE(h800.nvlink_GBps.source.find("assumption"), std::string::npos);
}

TEST(GpuCatalog, UnsupportedPrecisionsAreZero) {
  for (const char* id : {"a100-sxm4-40gb", "a100-sxm4-80gb", "v100-sxm2-32gb", "t4", "a10"}) {
    EXPECT_EQ(gpu(id).fp8_tflops.value, 0.0) << id;
    EXPECT_EQ(gpu(id).peak_flops(Precision::fp8), 0.0) << id;
  }
  EXPECT_EQ(gpu("v100-sxm2-32gb").tf32_tflops.value, 0.0);
  EXPECT_EQ(gpu("t4").tf32_tflops.value, 0.0);
  EXPECT_EQ(gpu("v100-sxm2-32gb").bf16_tflops.value, 0.0);
  EXPECT_EQ(gpu("t4").bf16_tflops.value, 0.0);
}

TEST(GpuCatalog, PeakFlopsConvertsTflops) {
  const GpuSpec& h100 = gpu("h100-sxm5-80gb");
  EXPECT_DOUBLE_EQ(h100.peak_flops(Precision::bf16), 989.4e12);
  EXPECT_DOUBLE_EQ(h100.peak_flops(Precision::fp16), 989.4e12);
  EXPECT_DOUBLE_EQ(h100.peak_flops(Precision::fp8), 1978.9e12);
  EXPECT_DOUBLE_EQ(h100.peak_flops(Precision::tf32), 494.7e12);
  EXPECT_DOUBLE_EQ(h100.peak_flops(Precision::fp32), 66.9e12);
  EXPECT_DOUBLE_EQ(gpu("v100-sxm2-32gb").peak_flops(Precision::fp16), 125e12);
}

}  // namespace
}  // namespace wt
