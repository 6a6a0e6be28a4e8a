// NVIDIA Blackwell (HGX B200, GB200 NVL72; the Blackwell Ultra parts come from
// gpu_blackwell_ultra.cpp) and AMD Instinct MI300X. Figures from
// data/reference/hardware-and-prices.json; each carries its source key.
#include "sim/hardware/gpu_catalog_entries.hpp"

namespace wt::catalog {
namespace {

GpuSpec b200() {
  return {
      .id = "b200",
      .name = "NVIDIA B200 (HGX, 1000 W)",
      .aliases = {"B200-SXM", "HGX-B200", "DGX-B200", "B200-180GB"},
      .fp32_tflops = {80.0, "MLENG_ACC"},
      .tf32_tflops = {1125.0, "MLENG_ACC (GK_B200 lists 1100)"},
      .fp16_tflops = {2250.0, "MLENG_ACC"},
      .bf16_tflops = {2250.0, "MLENG_ACC"},
      .fp8_tflops = {4500.0, "MLENG_ACC"},
      .memory_GB = {180.0, "MLENG_ACC (GK_B200 says 192; 179 visible per VULTR_HGXB200)"},
      .memory_bw_GBps = {8000.0, "MLENG_ACC"},
      .nvlink_GBps = {900.0, "MLENG_NET: NVLink5, 18 links, 900 GB/s per direction"},
      .pcie_GBps = {121.0, "MLENG_NET: PCIe Gen6 x16 per direction (GK_B200: Gen6)"},
      .gemm_efficiency = {1745.0 / 2250.0, "MLENG_ACC: MAMF BF16 1745 of 2250 TFLOP/s"},
      .memory_efficiency = default_memory_efficiency(),
      .nvlink_efficiency = {682.2 / 900.0,
                            "MLENG_NET: AWS p6-b200 NCCL ring all-reduce busbw 682.2 of 900 GB/s"},
      .network_efficiency = default_network_efficiency(),
      .kernel_launch_us = default_kernel_launch_us(),
      .collective_launch_us = default_collective_launch_us(),
      .sm_count = {148.0, "NVIDIA Blackwell architecture technical brief (2024): 148 SMs"},
      .fp8_gemm_efficiency = {3432.5 / 4500.0, "MLENG_ACC: B200 MAMF FP8 3432.5 of 4500 TFLOP/s"},
      .nvls_busbw_GBps = {838.0, "MLENG_NET: AWS p6-b200 8-GPU NVLS all-reduce busbw 838 GB/s"},
      .mxfp8_tflops = {4500.0, "MLENG_ACC FP8 dense (MXFP8 runs at the FP8 tensor rate)"},
      .nvfp4_tflops = {9000.0,
                       "MLENG_ACC FP4 dense (GK_B200 also 9000; MLENG_ACC's nvfp4 column says "
                       "10000)"},
      .tdp_W = {1000.0, "GK_B200 (VULTR_HGXB200 and VERDA_TDP also 1000 W)"},
  };
}

GpuSpec gb200() {
  return {
      .id = "gb200",
      .name = "NVIDIA GB200 (per GPU, NVL72)",
      .aliases = {"GB200-NVL72", "GB200-NVL"},
      .fp32_tflops = {80.0, "MLENG_ACC (GK_B200 lists 90)"},
      .tf32_tflops = {1250.0, "MLENG_ACC"},
      .fp16_tflops = {2500.0, "MLENG_ACC"},
      .bf16_tflops = {2500.0, "MLENG_ACC"},
      .fp8_tflops = {5000.0, "MLENG_ACC"},
      .memory_GB = {186.0, "MLENG_ACC"},
      .memory_bw_GBps = {8000.0, "MLENG_ACC"},
      .nvlink_GBps = {900.0, "MLENG_NET: NVLink5, 18 links, 900 GB/s per direction"},
      .pcie_GBps = {450.0,
                    "assumption: the GPU reaches Grace over NVLink-C2C, 900 GB/s (SETLOOP_NVL72) "
                    "read as bidirectional; no PCIe figure in the reference"},
      .gemm_efficiency = {1822.0 / 2500.0, "MLENG_ACC: MAMF BF16 1822 of 2500 TFLOP/s"},
      .memory_efficiency = default_memory_efficiency(),
      .nvlink_efficiency = {680.0 / 900.0,
                            "MLENG_NET: GTC25 slide, NVL72 all-reduce busbw 680 of 900 GB/s "
                            "without SHARP"},
      .network_efficiency = default_network_efficiency(),
      .kernel_launch_us = default_kernel_launch_us(),
      .collective_launch_us = default_collective_launch_us(),
      .sm_count = {148.0, "NVIDIA Blackwell architecture technical brief (2024): 148 SMs"},
      .fp8_gemm_efficiency = {3615.6 / 5000.0, "MLENG_ACC: GB200 MAMF FP8 3615.6 of 5000 TFLOP/s"},
      .nvls_busbw_GBps = {850.0,
                          "MLENG_NET: GTC25 slide, NVL72 all-reduce 680 -> 850 GB/s with SHARP"},
      .mxfp8_tflops = {5000.0, "MLENG_ACC FP8 dense (MXFP8 runs at the FP8 tensor rate)"},
      .nvfp4_tflops = {10000.0, "MLENG_ACC FP4 dense (GK_B200 also 10000)"},
      .tdp_W = {1200.0, "GK_B200 per GPU (VERDA_TDP: GB200 1.2 kW)"},
  };
}

GpuSpec mi300x() {
  return {
      .id = "mi300x",
      .name = "AMD Instinct MI300X",
      .aliases = {"AMD-MI300X", "Instinct-MI300X", "MI300X-192GB"},
      .fp32_tflops = {163.4, "ROCM_MI300"},
      .tf32_tflops = {653.7, "ROCM_MI300"},
      .fp16_tflops = {1307.4, "ROCM_MI300"},
      .bf16_tflops = {1307.4, "ROCM_MI300"},
      .fp8_tflops = {2614.9, "ROCM_MI300"},
      .memory_GB = {192.0, "MLENG_ACC"},
      .memory_bw_GBps = {5300.0, "ROCM_MI300"},
      .nvlink_GBps = {448.0,
                      "MLENG_NET: Infinity Fabric, 7 links x 64 GB/s per direction to the other "
                      "7 GPUs of the board (ROCM_MI300)"},
      .pcie_GBps = {63.0, "MLENG_NET: PCIe Gen5 x16 per direction (ROCM_MI300: Gen5 x16)"},
      .gemm_efficiency = {668.4 / 1300.0, "MLENG_ACC: MAMF BF16 668.4 of 1300 TFLOP/s (ROCm 6.3)"},
      .memory_efficiency = default_memory_efficiency(),
      .nvlink_efficiency = assumed_nvlink_efficiency(),
      .network_efficiency = default_network_efficiency(),
      .kernel_launch_us = default_kernel_launch_us(),
      .collective_launch_us = default_collective_launch_us(),
      .sm_count = {304.0, "AMD CDNA 3 architecture white paper (2023): 304 compute units"},
      .fp8_gemm_efficiency = {0.0, "MLENG_ACC: no MI300X fp8 MAMF figure; bf16's is used"},
      .nvls_busbw_GBps = {0.0, "Infinity Fabric has no in-switch reduction"},
      .tdp_W = {750.0, "MI300X_SECONDARY (confidence medium)"},
  };
}

}  // namespace

std::vector<GpuSpec> blackwell_and_amd_gpus() {
  std::vector<GpuSpec> out = {b200(), gb200()};
  for (GpuSpec& g : blackwell_ultra_gpus())
    out.push_back(std::move(g));
  out.push_back(mi300x());
  return out;
}

}  // namespace wt::catalog
