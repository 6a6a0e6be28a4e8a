// NVIDIA Blackwell Ultra: HGX/DGX B300 and GB300 NVL72 (per GPU). The reference
// (data/reference/hardware-and-prices.json) holds only B300's measured matmul rate (MLENG_ACC,
// which gives its dense BF16 peak as 2250) and the DGX B300's NICs (MLENG_NET); every other figure
// is recalled from NVIDIA's HGX B300 and GB300 NVL72 product pages and its "Inside NVIDIA
// Blackwell Ultra" technical blog (2025), not excerpted into the reference, and says so.
#include "sim/hardware/gpu_catalog_entries.hpp"

namespace wt::catalog {
namespace {

// NVIDIA's pages give the 8-GPU HGX B300 and the 72-GPU GB300 NVL72 totals with 2:4 sparsity
// (FP8 72 PF sparse for HGX B300; BF16 360, FP8 720 PF sparse for GB300 NVL72): a GPU's dense peak
// is the total over the GPUs, halved.
constexpr const char* kHgxB300 =
    "assumption: recalled from NVIDIA's HGX B300 page (8-GPU totals with sparsity, per GPU "
    "halved to dense); not in data/reference";
constexpr const char* kGb300Nvl72 =
    "assumption: recalled from NVIDIA's GB300 NVL72 page (72-GPU totals with sparsity, per GPU "
    "halved to dense); not in data/reference";
constexpr const char* kUltraMemory =
    "assumption: recalled, Blackwell Ultra's 288 GB of HBM3e (12-high stacks) at 8 TB/s (NVIDIA's "
    "Blackwell Ultra technical blog, 2025); not in data/reference";
constexpr const char* kUltraSms =
    "assumption: recalled, 160 SMs (NVIDIA's Blackwell Ultra technical blog, 2025)";

GpuSpec b300() {
  return {
      .id = "b300",
      .name = "NVIDIA B300 (HGX, 1100 W)",
      .aliases = {"B300-SXM", "HGX-B300", "DGX-B300", "B300-288GB"},
      .fp32_tflops = {75.0, kHgxB300},
      .tf32_tflops = {1125.0, kHgxB300},
      .fp16_tflops = {2250.0, "MLENG_ACC: B300 MAMF BF16 1769 is 78.6 % of 2250 (dense)"},
      .bf16_tflops = {2250.0, "MLENG_ACC: B300 MAMF BF16 1769 is 78.6 % of 2250 (dense)"},
      .fp8_tflops = {4500.0, kHgxB300},
      .memory_GB = {288.0, kUltraMemory},
      .memory_bw_GBps = {8000.0, kUltraMemory},
      .nvlink_GBps = {900.0,
                      "assumption: NVLink5 as B200's (MLENG_NET: 18 links, 900 GB/s per "
                      "direction)"},
      .pcie_GBps = {121.0,
                    "assumption: PCIe Gen6 x16 as B200's (MLENG_NET: 121 GB/s per direction)"},
      .gemm_efficiency = {1769.0 / 2250.0, "MLENG_ACC: MAMF BF16 1769 of 2250 TFLOP/s"},
      .memory_efficiency = default_memory_efficiency(),
      .nvlink_efficiency = {682.2 / 900.0,
                            "assumption: B200's (MLENG_NET: AWS p6-b200 NCCL ring all-reduce "
                            "busbw 682.2 of 900 GB/s)"},
      .network_efficiency = default_network_efficiency(),
      .kernel_launch_us = default_kernel_launch_us(),
      .collective_launch_us = default_collective_launch_us(),
      .sm_count = {160.0, kUltraSms},
      .fp8_gemm_efficiency = {3432.5 / 4500.0,
                              "assumption: B200's (MLENG_ACC: MAMF FP8 3432.5 of 4500 TFLOP/s); no "
                              "B300 fp8 figure"},
      .nvls_busbw_GBps = {838.0,
                          "assumption: B200's (MLENG_NET: AWS p6-b200 8-GPU NVLS all-reduce busbw "
                          "838 GB/s)"},
      .mxfp8_tflops = {4500.0, "assumption: MXFP8 at the FP8 tensor rate, as on B200"},
      .nvfp4_tflops = {13500.0,
                       "assumption: recalled from NVIDIA's HGX B300 page (FP4 dense 108 PF over 8 "
                       "GPUs; 1.5x B200's); not in data/reference"},
      .tdp_W = {1100.0, "assumption: recalled, HGX B300 1100 W per GPU; not in data/reference"},
  };
}

GpuSpec gb300() {
  return {
      .id = "gb300",
      .name = "NVIDIA GB300 (per GPU, NVL72)",
      .aliases = {"GB300-NVL72", "GB300-NVL"},
      .fp32_tflops = {80.0, "assumption: GB200's (MLENG_ACC); not in data/reference"},
      .tf32_tflops = {1250.0, kGb300Nvl72},
      .fp16_tflops = {2500.0, kGb300Nvl72},
      .bf16_tflops = {2500.0, kGb300Nvl72},
      .fp8_tflops = {5000.0, kGb300Nvl72},
      .memory_GB = {288.0, kUltraMemory},
      .memory_bw_GBps = {8000.0, kUltraMemory},
      .nvlink_GBps = {900.0,
                      "assumption: NVLink5 as GB200's (MLENG_NET: 18 links, 900 GB/s per "
                      "direction)"},
      .pcie_GBps = {450.0,
                    "assumption: as GB200's, the GPU reaches Grace over NVLink-C2C, 900 GB/s "
                    "(SETLOOP_NVL72) read as bidirectional"},
      .gemm_efficiency = {1822.0 / 2500.0,
                          "assumption: GB200's (MLENG_ACC: MAMF BF16 1822 of 2500 TFLOP/s); no "
                          "GB300 figure"},
      .memory_efficiency = default_memory_efficiency(),
      .nvlink_efficiency = {680.0 / 900.0,
                            "assumption: GB200's (MLENG_NET: GTC25 slide, NVL72 all-reduce busbw "
                            "680 of 900 GB/s without SHARP)"},
      .network_efficiency = default_network_efficiency(),
      .kernel_launch_us = default_kernel_launch_us(),
      .collective_launch_us = default_collective_launch_us(),
      .sm_count = {160.0, kUltraSms},
      .fp8_gemm_efficiency = {3615.6 / 5000.0,
                              "assumption: GB200's (MLENG_ACC: MAMF FP8 3615.6 of 5000 TFLOP/s); "
                              "no GB300 fp8 figure"},
      .nvls_busbw_GBps = {850.0,
                          "assumption: GB200's (MLENG_NET: GTC25 slide, NVL72 all-reduce 680 -> "
                          "850 GB/s with SHARP)"},
      .mxfp8_tflops = {5000.0, "assumption: MXFP8 at the FP8 tensor rate, as on GB200"},
      .nvfp4_tflops = {15000.0,
                       "assumption: recalled from NVIDIA's Blackwell Ultra technical blog (15 PF "
                       "dense NVFP4, 1.5x GB200's 10); not in data/reference"},
      .tdp_W = {1400.0, "assumption: recalled, GB300 1400 W per GPU; not in data/reference"},
  };
}

}  // namespace

std::vector<GpuSpec> blackwell_ultra_gpus() {
  return {b300(), gb300()};
}

}  // namespace wt::catalog
