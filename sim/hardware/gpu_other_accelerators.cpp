// AMD Instinct MI250X (per GCD), MI325X and MI355X; AWS Trainium2; Intel Gaudi 3. Figures from
// data/reference/hardware-and-prices.json; each carries its source key. MI300X is with Blackwell
// in gpu_blackwell_amd.cpp.
#include "sim/hardware/gpu_catalog_entries.hpp"

// The entries' designated initializers leave the shared figures out on purpose:
// with_shared_defaults fills them (cmake/Warnings.cmake: -Wno-missing-field-initializers). GCC 12
// reports a Sourced's string, which every initializer here sets, as maybe uninitialized where the
// entries are inlined (a false positive of its -Wmaybe-uninitialized on designated initializers);
// the diagnostic is restored at the end of the file.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

namespace wt::catalog {
namespace {

// The figures every entry here shares: no measured efficiency but MI325X's GEMM (assumptions and
// the catalog defaults) and no in-switch reduction (Infinity Fabric, NeuronLink and Gaudi's RoCE
// have none).
GpuSpec with_shared_defaults(GpuSpec g) {
  if (g.gemm_efficiency.source.empty()) g.gemm_efficiency = assumed_gemm_efficiency();
  g.memory_efficiency = default_memory_efficiency();
  g.nvlink_efficiency = assumed_nvlink_efficiency();
  g.network_efficiency = default_network_efficiency();
  g.kernel_launch_us = default_kernel_launch_us();
  g.collective_launch_us = default_collective_launch_us();
  g.nvls_busbw_GBps = {0.0, "no in-switch reduction between these chips"};
  return g;
}

// One of the package's two GCDs: the device the OS, ROCm and RCCL see (OLCF_FRONTIER: a Frontier
// node has 4 packages = 8 GCDs), so a "GPU" of a scenario is a GCD, as on Frontier.
GpuSpec mi250x_gcd() {
  return with_shared_defaults({
      .id = "mi250x-gcd",
      .name = "AMD Instinct MI250X (per GCD)",
      .aliases = {"MI250X", "AMD-MI250X", "MI250X-GCD"},
      .fp32_tflops = {23.95, "MLENG_ACC (vector, 47.9 per package / 2)"},
      .tf32_tflops = unsupported("CDNA 2 has no TF32 (reference: not applicable)"),
      .fp16_tflops = {191.5, "MLENG_ACC (383 per package / 2)"},
      .bf16_tflops = {191.5, "MLENG_ACC (383 per package / 2; a matmul runs on one GCD)"},
      .fp8_tflops = unsupported("CDNA 2 has no FP8 (reference: not applicable)"),
      .memory_GB = {64.0, "OLCF_FRONTIER: 64 GB per GCD"},
      .memory_bw_GBps = {1640.0, "MLENG_ACC (3280 per package / 2; ROCM_MI250: 1.6 TB/s per GCD)"},
      .nvlink_GBps = {50.0,
                      "ROCM_MI250: one Infinity Fabric link, 50 GB/s per direction, the narrowest "
                      "hop of a ring over a node's 8 GCDs (OLCF_FRONTIER: 50-100 GB/s between "
                      "packages, 200 GB/s inside one)"},
      .pcie_GBps = {36.0, "OLCF_FRONTIER: host-to-device 36 GB/s per direction (PCIe Gen4 x16)"},
      .sm_count = {110.0, "AMD CDNA 2 architecture white paper (2021): 110 compute units per GCD"},
      .fp8_gemm_efficiency = unsupported("CDNA 2 has no FP8"),
  });
}

GpuSpec mi325x() {
  return with_shared_defaults({
      .id = "mi325x",
      .name = "AMD Instinct MI325X",
      .aliases = {"AMD-MI325X", "Instinct-MI325X", "MI325X-256GB"},
      .fp32_tflops = {163.4, "AMD_MI325X_DS"},
      .tf32_tflops = {653.7, "AMD_MI325X_DS"},
      .fp16_tflops = {1307.4, "AMD_MI325X_DS"},
      .bf16_tflops = {1307.4, "AMD_MI325X_DS"},
      .fp8_tflops = {2614.9, "AMD_MI325X_DS"},
      .memory_GB = {256.0, "AMD_MI325X_DS"},
      .memory_bw_GBps = {6000.0, "AMD_MI325X_DS"},
      .nvlink_GBps = {448.0,
                      "AMD_MI325X_DS: 7 Infinity Fabric links x 64 GB/s per direction to the other "
                      "7 GPUs of the board, as MI300X (MLENG_NET)"},
      .pcie_GBps = {63.0, "AMD_MI325X_DS: PCIe Gen5 x16, 63 GB/s per direction (MLENG_NET)"},
      .gemm_efficiency = {668.4 / 1300.0,
                          "MLENG_ACC: MI300X MAMF BF16 668.4 of 1300 TFLOP/s; MI325X has the same "
                          "CDNA 3 compute (AMD_MI325X_DS)"},
      .sm_count = {304.0, "AMD_MI325X_DS: 304 compute units"},
      .fp8_gemm_efficiency = {0.0, "no MI325X fp8 MAMF figure; bf16's is used"},
  });
}

GpuSpec mi355x() {
  return with_shared_defaults({
      .id = "mi355x",
      .name = "AMD Instinct MI355X",
      .aliases = {"AMD-MI355X", "Instinct-MI355X", "MI355X-288GB"},
      .fp32_tflops = {157.3, "AMD_MI355X_DS (vector)"},
      .tf32_tflops = unsupported("not carried: not sure of the MI355X TF32 figure"),
      .fp16_tflops = {2516.6, "AMD_MI355X_DS"},
      .bf16_tflops = {2516.6, "AMD_MI355X_DS"},
      .fp8_tflops = {5033.2, "AMD_MI355X_DS"},
      .memory_GB = {288.0, "AMD_MI355X_DS"},
      .memory_bw_GBps = {8000.0, "AMD_MI355X_DS"},
      .nvlink_GBps = {448.0,
                      "assumption: MI355X's Infinity Fabric link rate is not in the sources read; "
                      "MI300X's 7 links x 64 GB/s per direction (MLENG_NET) taken"},
      .pcie_GBps = {63.0, "AMD_MI355X_DS: PCIe Gen5 x16, 63 GB/s per direction (MLENG_NET)"},
      .sm_count = {256.0, "AMD_MI355X_DS: 256 compute units"},
      .fp8_gemm_efficiency = {0.0, "no MI355X fp8 MAMF figure; bf16's is used"},
  });
}

GpuSpec trainium2() {
  return with_shared_defaults({
      .id = "trainium2",
      .name = "AWS Trainium2",
      .aliases = {"Trn2", "AWS-Trainium2", "Trainium-2"},
      .fp32_tflops = {181.0, "AWS_TRN2"},
      .tf32_tflops = {667.0, "AWS_TRN2"},
      .fp16_tflops = {667.0, "AWS_TRN2"},
      .bf16_tflops = {667.0, "AWS_TRN2"},
      .fp8_tflops = {1299.0, "AWS_TRN2"},
      .memory_GB = {96.0, "AWS_TRN2: 96 GiB"},
      .memory_bw_GBps = {2900.0, "AWS_TRN2"},
      .nvlink_GBps = {640.0,
                      "AWS_TRN2: NeuronLink-v3 1.28 TB/s per chip; the page does not say the "
                      "direction, read as both together (640 GB/s per direction)"},
      .pcie_GBps = {31.0,
                    "assumption: the Trainium2 host link is not in the sources read; PCIe Gen4 "
                    "x16 (31 GB/s per direction, MLENG_NET) taken"},
      .sm_count = {0.0, "not known: 8 NeuronCore-v3 (AWS_TRN2), not SMs"},
      .fp8_gemm_efficiency = {0.0, "no Trainium2 fp8 measurement; bf16's is used"},
  });
}

GpuSpec gaudi3() {
  return with_shared_defaults({
      .id = "gaudi3",
      .name = "Intel Gaudi 3 (OAM)",
      .aliases = {"Gaudi-3", "Intel-Gaudi3", "HL-325L"},
      .fp32_tflops = unsupported("not carried: not sure of the Gaudi 3 FP32 figure"),
      .tf32_tflops = unsupported("not carried: not sure of the Gaudi 3 TF32 figure"),
      .fp16_tflops = unsupported("not carried: not sure of the Gaudi 3 FP16 figure"),
      .bf16_tflops = {1835.0, "INTEL_GAUDI3_WP (MME)"},
      .fp8_tflops = {1835.0, "INTEL_GAUDI3_WP (MME)"},
      .memory_GB = {128.0, "INTEL_GAUDI3_WP"},
      .memory_bw_GBps = {3700.0, "INTEL_GAUDI3_WP"},
      .nvlink_GBps = {525.0,
                      "INTEL_GAUDI3_WP: 21 x 200 GbE scale-up ports, 3 to each of the other 7 "
                      "cards: 525 GB/s per direction (RoCE, no node switch)"},
      .pcie_GBps = {63.0, "INTEL_GAUDI3_WP: PCIe Gen5 x16, 63 GB/s per direction (MLENG_NET)"},
      .sm_count = {0.0, "not known: 8 MMEs and 64 TPCs (INTEL_GAUDI3_WP), not SMs"},
      .fp8_gemm_efficiency = {0.0, "no Gaudi 3 fp8 measurement; bf16's is used"},
  });
}

}  // namespace

std::vector<GpuSpec> other_accelerators() {
  return {mi250x_gcd(), mi325x(), mi355x(), trainium2(), gaudi3()};
}

}  // namespace wt::catalog

#pragma GCC diagnostic pop
