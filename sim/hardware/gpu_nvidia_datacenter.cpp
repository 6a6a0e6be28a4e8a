// NVIDIA Volta, Ampere and Hopper data-centre GPUs. Figures from
// data/reference/hardware-and-prices.json; each carries its source key.
#include "sim/hardware/gpu_catalog_entries.hpp"

namespace wt::catalog {
namespace {

// Pascal has no tensor cores: its FP32 GEMMs and convolutions run on the CUDA cores (FP16 as
// paired half2 FMA at twice the rate), and the reference holds no measurement of them.
GpuSpec p100_sxm2_16gb() {
  return {
      .id = "p100-sxm2-16gb",
      .name = "NVIDIA Tesla P100 SXM2 16GB",
      .aliases = {"P100", "P100-SXM2", "P100-16GB", "P100-SXM2-16GB", "Tesla-P100"},
      .fp32_tflops = {10.6, "NV_DS_P100"},
      .tf32_tflops = unsupported("Pascal has no TF32 (reference: not applicable)"),
      .fp16_tflops = {21.2, "NV_DS_P100: half2 FMA on the CUDA cores, no tensor cores"},
      .bf16_tflops = unsupported("Pascal has no BF16 (reference: not applicable)"),
      .fp8_tflops = unsupported("Pascal has no FP8 (reference: not applicable)"),
      .memory_GB = {16.0, "NV_DS_P100"},
      .memory_bw_GBps = {732.0, "NV_DS_P100"},
      .nvlink_GBps = {80.0, "NV_DS_P100: NVLink 1.0, 4 links, 80 GB/s per direction"},
      .pcie_GBps = {16.0, "NV_DS_P100: PCIe Gen3 x16, 32 GB/s bidirectional"},
      .gemm_efficiency = {assumed_gemm_efficiency().value,
                          "assumption: no tensor cores and no cuBLAS SGEMM/HGEMM measurement of "
                          "the P100 in the reference; the catalog's conservative 0.75 of the CUDA-"
                          "core peak"},
      .memory_efficiency = default_memory_efficiency(),
      .nvlink_efficiency = assumed_nvlink_efficiency(),
      .network_efficiency = default_network_efficiency(),
      .kernel_launch_us = default_kernel_launch_us(),
      .collective_launch_us = default_collective_launch_us(),
      .sm_count = {56.0, "NVIDIA Tesla P100 whitepaper (2016): 56 SMs of GP100's 60"},
      .fp8_gemm_efficiency = unsupported("Pascal has no FP8"),
      .nvls_busbw_GBps = {0.0, "NVLink 1.0 has no switch, no in-switch reduction"},
      .tdp_W = {300.0, "NV_DS_P100"},
  };
}

GpuSpec v100_sxm2_32gb() {
  return {
      .id = "v100-sxm2-32gb",
      .name = "NVIDIA V100 SXM2 32GB",
      .aliases = {"V100", "V100-SXM2", "V100-32GB", "V100-SXM2-32GB", "Tesla-V100"},
      .fp32_tflops = {15.7, "GPUINSP_V100"},
      .tf32_tflops = unsupported("Volta has no TF32 (reference: not applicable)"),
      .fp16_tflops = {125.0, "NV_DEV_V100"},
      .bf16_tflops = unsupported("Volta has no BF16 tensor mode (reference: not applicable)"),
      .fp8_tflops = unsupported("Volta has no FP8 (reference: not applicable)"),
      .memory_GB = {32.0, "GPUINSP_V100"},
      .memory_bw_GBps = {900.0, "GPUINSP_V100"},
      .nvlink_GBps = {150.0, "MLENG_NET: NVLink2, 6 links, 150 GB/s per direction"},
      .pcie_GBps = {16.0, "GUTS: PCIe Gen3 x16, 32 GB/s bidirectional"},
      .gemm_efficiency = {116.4 / 125.3, "GPUINSP_V100: FP16 tensor 116.4 of 125.3 TFLOP/s"},
      .memory_efficiency = default_memory_efficiency(),
      .nvlink_efficiency = assumed_nvlink_efficiency(),
      .network_efficiency = default_network_efficiency(),
      .kernel_launch_us = default_kernel_launch_us(),
      .collective_launch_us = default_collective_launch_us(),
      .sm_count = {80.0, "NVIDIA Tesla V100 GPU Architecture whitepaper (2017): 80 SMs"},
      .fp8_gemm_efficiency = unsupported("Volta has no FP8"),
      .nvls_busbw_GBps = {0.0, "NVLink2 has no in-switch reduction"},
      .tdp_W = {300.0, "GUTS"},
  };
}

GpuSpec a100_sxm4(const char* id, const char* name, std::vector<std::string> aliases,
                  double memory_GB, double memory_bw_GBps) {
  return {
      .id = id,
      .name = name,
      .aliases = std::move(aliases),
      .fp32_tflops = {19.5, "GK_A100"},
      .tf32_tflops = {156.0, "GK_A100"},
      .fp16_tflops = {312.0, "GK_A100"},
      .bf16_tflops = {312.0, "GK_A100"},
      .fp8_tflops = unsupported("Ampere has no FP8 (GK_A100, MLENG_ACC)"),
      .memory_GB = {memory_GB, "GK_A100"},
      .memory_bw_GBps = {memory_bw_GBps, "GK_A100"},
      .nvlink_GBps = {300.0, "MLENG_NET: NVLink3, 12 links, 300 GB/s per direction"},
      .pcie_GBps = {31.0, "MLENG_NET: PCIe Gen4 x16 per direction (GK_A100: Gen4 x16)"},
      .gemm_efficiency = {271.2 / 312.0, "MLENG_ACC: MAMF BF16 271.2 of 312 TFLOP/s"},
      .memory_efficiency = default_memory_efficiency(),
      .nvlink_efficiency = {234.89 / 300.0,
                            "MLENG_NET: DGX A100 NCCL all-reduce busbw 234.89 of 300 GB/s"},
      .network_efficiency = default_network_efficiency(),
      .kernel_launch_us = default_kernel_launch_us(),
      .collective_launch_us = default_collective_launch_us(),
      .sm_count = {108.0, "NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020): 108 SMs"},
      .fp8_gemm_efficiency = unsupported("Ampere has no FP8"),
      .nvls_busbw_GBps = {0.0,
                          "NVSwitch of NVLink3 has no in-switch reduction (SHARP came "
                          "with NVLink4)"},
      .tdp_W = {400.0, "GK_A100 (SXM4)"},
  };
}

// H100 SXM5, H800 SXM5 and H200 share the Hopper SXM compute and NVLink4 ring efficiency.
GpuSpec hopper_sxm(const char* compute_source) {
  GpuSpec g;
  g.fp32_tflops = {66.9, compute_source};
  g.tf32_tflops = {494.7, compute_source};
  g.fp16_tflops = {989.4, compute_source};
  g.bf16_tflops = {989.4, compute_source};
  g.fp8_tflops = {1978.9, compute_source};
  g.memory_GB = {80.0, compute_source};
  g.memory_bw_GBps = {3350.0, compute_source};
  g.nvlink_GBps = {450.0, "MLENG_NET: NVLink4, 18 links, 450 GB/s per direction"};
  g.pcie_GBps = {63.0, "MLENG_NET: PCIe Gen5 x16 per direction"};
  g.gemm_efficiency = {794.5 / 989.4, "MLENG_ACC: H100 SXM MAMF BF16 794.5 of 989.4 TFLOP/s"};
  g.memory_efficiency = default_memory_efficiency();
  g.nvlink_efficiency = {367.61 / 450.0,
                         "MLENG_NET: 8xH200 NCCL ring all-reduce busbw 367.61 of 450 GB/s "
                         "(NVLink4; NCCLT_212 expects ~370 on H100)"};
  g.network_efficiency = default_network_efficiency();
  g.kernel_launch_us = default_kernel_launch_us();
  g.collective_launch_us = default_collective_launch_us();
  g.sm_count = {132.0, "reference gpus.H100_SXM_80GB.form_factor: 132 SMs"};
  g.fp8_gemm_efficiency = {1402.6 / 1978.9, "MLENG_ACC: H100 SXM MAMF FP8 1402.6 of 1979 TFLOP/s"};
  g.nvls_busbw_GBps = {480.0, "NCCLT_212: 8xH100 NVLS all-reduce busbw ~480 GB/s expected"};
  g.tdp_W = {700.0, "GK_H100"};
  return g;
}

GpuSpec h100_sxm5_80gb() {
  GpuSpec g = hopper_sxm("GK_H100");
  g.id = "h100-sxm5-80gb";
  g.name = "NVIDIA H100 SXM5 80GB";
  g.aliases = {"H100",          "H100-SXM",       "H100-SXM5",      "H100-80GB",
               "H100-SXM-80GB", "H100-SXM5-80GB", "H100-80GB-HBM3", "H100-SXM-80GB-HBM3"};
  return g;
}

// The H100 SXM5 of Meta's Grand Teton servers, on which torchtitan's published H100 figures were
// measured: six stacks of HBM2e instead of five of HBM3, run at a 500 W power limit
// (pytorch/torchtitan benchmarks/llama3_h100_202412_torchtitan.md: "H100 (HBM2e, 96GB, 500W
// power limit)"; docs/performance.md: lower-TDP HBM2e H100s). Compute and NVLink are the SXM5's;
// the power limit lowers the clock of compute-bound kernels (sim/hardware/power_limit.hpp).
GpuSpec h100_sxm5_96gb_hbm2e() {
  GpuSpec g = hopper_sxm("GK_H100 (the same GH100 SXM5 module)");
  g.id = "h100-sxm5-96gb-hbm2e";
  g.name = "NVIDIA H100 96GB HBM2e 500W";
  g.aliases = {"H100-96GB", "H100-HBM2e", "H100-SXM5-96GB", "H100-SXM5-96GB-HBM2e",
               "H100-Grand-Teton"};
  g.memory_GB = {96.0, "torchtitan llama3_h100_202412_torchtitan.md: HBM2e, 96GB"};
  g.memory_bw_GBps = {2400.0,
                      "assumption: six HBM2e stacks (6,144 pins) at the H100 PCIe's HBM2e pin "
                      "rate (HPCTECH_H100: 2,000 GB/s over five stacks, 3.1 Gb/s per pin)"};
  g.tdp_W.source = "assumption: the SXM5 module's (GK_H100: 700 W), run at the limit below";
  g.power_limit_W = {500.0, "torchtitan llama3_h100_202412_torchtitan.md: 500W power limit"};
  return g;
}

GpuSpec h800_sxm5_80gb() {
  GpuSpec g = hopper_sxm(
      "GK_H100 (assumption: H800 SXM5 keeps H100 SXM5 compute and memory; "
      "the reference has no H800 entry)");
  g.id = "h800-sxm5-80gb";
  g.name = "NVIDIA H800 SXM5 80GB";
  g.aliases = {"H800", "H800-SXM", "H800-SXM5", "H800-80GB"};
  g.nvlink_GBps = {200.0,
                   "assumption: H800 NVLink cut to 400 GB/s bidirectional (200 per direction), "
                   "as A800's (NCCL_412); the reference has no H800 entry"};
  g.gemm_efficiency.source += " (assumption: H800 = H100 compute)";
  g.tdp_W.source = "assumption: the H100 SXM5's (GK_H100: 700 W); the reference has no H800 entry";
  g.nvls_busbw_GBps = {0.0, "assumption: no NVLS figure for the cut-down H800 NVLink"};
  g.nvlink_efficiency = {160.0 / 200.0,
                         "NCCL_412: A800 with 400 GB/s NVLink reaches 160 GB/s busbw "
                         "(assumption: H800 alike)"};
  return g;
}

// The A100 SXM4 80GB sold in China with its NVLink cut (NCCL_412: "A800 has reduced NVLink
// (400 GB/s)"); compute and memory are the A100's (assumption: the reference has only the A800
// PCIe's measured HBM, MLI_4).
GpuSpec a800_sxm4_80gb() {
  GpuSpec g =
      a100_sxm4("a800-sxm4-80gb", "NVIDIA A800 SXM4 80GB",
                {"A800", "A800-SXM", "A800-SXM4", "A800-80GB", "A800-SXM4-80GB"}, 80.0, 2039.0);
  g.memory_bw_GBps.source = "assumption: the A100 SXM4 80GB's (GK_A100)";
  g.nvlink_GBps = {200.0,
                   "NCCL_412: A800 NVLink cut to 400 GB/s bidirectional (200 per direction)"};
  g.nvlink_efficiency = {160.0 / 200.0, "NCCL_412: 8 A800 reach 160 GB/s all-reduce busbw"};
  return g;
}

// The A100 80GB PCIe card: the SXM4 module's GA100 compute, its own HBM2e rate and matmul
// measurement, no NVSwitch (an NVLink bridge joins pairs only, as on the H100 PCIe).
GpuSpec a100_pcie_80gb() {
  GpuSpec g = a100_sxm4("a100-pcie-80gb", "NVIDIA A100 PCIe 80GB",
                        {"A100-PCIe-80GB", "A100-80GB-PCIe"}, 80.0, 1935.0);
  g.memory_bw_GBps.source =
      "MLENG_ACC (reference gpus.A100_SXM_80GB.memory_bw notes: A100 80GB PCIe is 1.94 TB/s; "
      "MLI_4 measures 1727 of 1935 GB/s on the A800 80GB PCIe)";
  g.nvlink_GBps = no_nvlink(
      "the NVLink bridge joins GPU pairs only; a node-wide ring crosses PCIe Gen4 (assumption: "
      "as the H100 PCIe's, HPCTECH_H100)");
  g.gemm_efficiency = {252.9 / 312.0, "MLENG_ACC: A100 PCIe MAMF BF16 252.9 of 312 TFLOP/s"};
  g.nvlink_efficiency = assumed_pcie_efficiency();
  g.tdp_W = {300.0, "assumption: recalled, the A100 80GB PCIe's 300 W; not in data/reference"};
  return g;
}

GpuSpec h100_pcie_80gb() {
  return {
      .id = "h100-pcie-80gb",
      .name = "NVIDIA H100 PCIe 80GB",
      .aliases = {"H100-PCIe", "H100-PCIe-80GB", "H100-NVL-PCIe"},
      .fp32_tflops = {51.0, "MLENG_ACC"},
      .tf32_tflops = {378.0, "MLENG_ACC"},
      .fp16_tflops = {756.0, "MLENG_ACC"},
      .bf16_tflops = {756.0, "MLENG_ACC"},
      .fp8_tflops = {1513.0, "MLENG_ACC"},
      .memory_GB = {80.0, "MLENG_ACC"},
      .memory_bw_GBps = {2000.0, "HPCTECH_H100"},
      .nvlink_GBps = no_nvlink(
          "the NVLink bridge joins GPU pairs only (HPCTECH_H100: 600 GB/s bidirectional per "
          "pair); a node-wide ring crosses PCIe Gen5"),
      .pcie_GBps = {63.0, "MLENG_NET: PCIe Gen5 x16 per direction (HPCTECH_H100: Gen5 x16)"},
      .gemm_efficiency = assumed_gemm_efficiency(),
      .memory_efficiency = default_memory_efficiency(),
      .nvlink_efficiency = assumed_pcie_efficiency(),
      .network_efficiency = default_network_efficiency(),
      .kernel_launch_us = default_kernel_launch_us(),
      .collective_launch_us = default_collective_launch_us(),
      .sm_count = {114.0,
                   "NVIDIA H100 Tensor Core GPU Architecture whitepaper (2022): 114 SMs "
                   "(PCIe)"},
      .fp8_gemm_efficiency = {0.0, "no H100 PCIe fp8 MAMF figure; the bf16 assumption is used"},
      .nvls_busbw_GBps = {0.0, "no NVSwitch"},
      .tdp_W = {350.0, "HPCTECH_H100: 300-350 W configurable; the upper end"},
  };
}

// The Hopper GPU of the GH200 Grace Hopper Superchip with 96 GB of HBM3, as the HPC systems built
// of quad-GH200 nodes carry it (CSCS Alps, JSC JUPITER; recalled). The GH100 compute is the H100
// SXM5's; its matmul rate is MLENG_ACC's measurement of a GH200 (the 141 GiB HBM3e version, at
// 900 W: the same silicon at a higher power limit than the H100 SXM5's 700 W).
GpuSpec gh200_96gb() {
  GpuSpec g = hopper_sxm("GK_H100 (assumption: the GH200's GPU is the GH100 of the H100 SXM5)");
  g.id = "gh200-96gb";
  g.name = "NVIDIA GH200 96GB (per GPU)";
  g.aliases = {"GH200", "GH200-96GB", "GH200-96GB-HBM3", "GH200-480GB", "Grace-Hopper"};
  g.memory_GB = {96.0, "assumption: recalled, the GH200's 96 GB of HBM3; not in data/reference"};
  g.memory_bw_GBps = {4000.0,
                      "assumption: recalled, 4 TB/s of HBM3 (NVIDIA GH200 datasheet); "
                      "not in data/reference"};
  g.pcie_GBps = {450.0,
                 "assumption: the GPU reaches its Grace over NVLink-C2C, 900 GB/s (SETLOOP_NVL72's "
                 "figure for the same link) read as bidirectional"};
  g.gemm_efficiency = {828.6 / 989.0,
                       "MLENG_ACC: GH200 MAMF BF16 828.6 of 989 TFLOP/s (the 141 GiB HBM3e "
                       "version at 900 W)"};
  g.fp8_gemm_efficiency = {1535.0 / 1979.0, "MLENG_ACC: GH200 MAMF FP8 1535 of 1979 TFLOP/s"};
  g.nvls_busbw_GBps = {0.0, "no NVSwitch: a quad-GH200 node joins its GPUs pairwise"};
  g.tdp_W = {0.0, "not in the catalog: the superchip's 450-1000 W budget is shared with Grace"};
  return g;
}

GpuSpec h200_sxm_141gb() {
  GpuSpec g = hopper_sxm("MLENG_ACC");
  g.id = "h200-sxm-141gb";
  g.name = "NVIDIA H200 SXM 141GB";
  g.aliases = {"H200", "H200-SXM", "H200-141GB", "H200-SXM-141GB", "H200-SXM5"};
  g.fp32_tflops.value = 67.0;
  g.tf32_tflops.value = 494.5;
  g.fp16_tflops.value = 989.0;
  g.bf16_tflops.value = 989.0;
  g.fp8_tflops.value = 1979.0;
  g.memory_GB.value = 141.0;
  g.memory_bw_GBps.value = 4800.0;
  g.pcie_GBps.source += " (MLPERF_H200: Gen5 x16)";
  g.gemm_efficiency.source += "; 'H200 is the same'";
  g.fp8_gemm_efficiency = {1453.4 / 1979.0, "MLENG_ACC: H200 SXM MAMF FP8 1453.4 of 1979 TFLOP/s"};
  g.tdp_W = {700.0, "MLPERF_H200: 'H200 TGP 700W' (LZW_H200 also 700 W)"};
  g.nvls_busbw_GBps = {482.26, "MLENG_NET: 8xH200 NVLS all-reduce busbw 482.26 GB/s at 16 GiB"};
  return g;
}

}  // namespace

std::vector<GpuSpec> nvidia_datacenter_gpus() {
  return {
      p100_sxm2_16gb(),
      v100_sxm2_32gb(),
      a100_sxm4("a100-sxm4-40gb", "NVIDIA A100 SXM4 40GB",
                {"A100-40GB", "A100-SXM4-40GB", "A100-SXM-40GB"}, 40.0, 1555.0),
      a100_sxm4("a100-sxm4-80gb", "NVIDIA A100 SXM4 80GB",
                {"A100", "A100-SXM", "A100-SXM4", "A100-80GB", "A100-SXM4-80GB", "A100-SXM-80GB"},
                80.0, 2039.0),
      a800_sxm4_80gb(),
      a100_pcie_80gb(),
      h100_sxm5_80gb(),
      h100_sxm5_96gb_hbm2e(),
      h100_pcie_80gb(),
      h800_sxm5_80gb(),
      h200_sxm_141gb(),
      gh200_96gb(),
  };
}

}  // namespace wt::catalog
