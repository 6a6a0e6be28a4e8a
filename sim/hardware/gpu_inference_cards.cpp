// PCIe inference cards without NVLink (intra-node traffic crosses PCIe). Figures from
// data/reference/hardware-and-prices.json; each carries its source key.
#include "sim/hardware/gpu_catalog_entries.hpp"

namespace wt::catalog {
namespace {

// The efficiency defaults every PCIe card here shares (no measurements in the reference).
GpuSpec pcie_card_defaults() {
  GpuSpec g;
  g.gemm_efficiency = assumed_gemm_efficiency();
  g.memory_efficiency = default_memory_efficiency();
  g.nvlink_efficiency = assumed_pcie_efficiency();
  g.network_efficiency = default_network_efficiency();
  g.kernel_launch_us = default_kernel_launch_us();
  g.collective_launch_us = default_collective_launch_us();
  return g;
}

GpuSpec l40s() {
  GpuSpec g = pcie_card_defaults();
  g.id = "l40s";
  g.sm_count = {142.0, "NVIDIA Ada Lovelace architecture whitepaper (2022): L40S 142 SMs"};
  g.name = "NVIDIA L40S";
  g.aliases = {"L40S-48GB"};
  g.fp32_tflops = {91.6, "MULLET_L40S"};
  g.tf32_tflops = {183.0, "MULLET_L40S"};
  g.fp16_tflops = {362.05, "MULLET_L40S"};
  g.bf16_tflops = {362.05, "MULLET_L40S (accumulate precision not stated, DS436_RENT)"};
  g.fp8_tflops = {733.0, "MULLET_L40S"};
  g.memory_GB = {48.0, "MULLET_L40S"};
  g.memory_bw_GBps = {864.0, "MULLET_L40S"};
  g.nvlink_GBps = no_nvlink("MULLET_L40S: datasheet says NVLink not supported");
  g.pcie_GBps = {31.0, "MLENG_NET: PCIe Gen4 x16 per direction (MULLET_L40S: Gen4 x16)"};
  g.tdp_W = {350.0, "MULLET_L40S"};
  return g;
}

GpuSpec l4() {
  GpuSpec g = pcie_card_defaults();
  g.id = "l4";
  g.sm_count = {58.0, "NVIDIA Ada Lovelace architecture whitepaper (2022): L4 58 SMs"};
  g.name = "NVIDIA L4";
  g.aliases = {"L4-24GB"};
  g.fp32_tflops = {30.3, "GROK_L4"};
  g.tf32_tflops = {60.0, "GROK_L4"};
  g.fp16_tflops = {121.0, "GROK_L4"};
  g.bf16_tflops = {121.0, "GROK_L4 (accumulate precision not stated, DS436_RENT)"};
  g.fp8_tflops = {242.5, "GROK_L4"};
  g.memory_GB = {24.0, "GROK_L4"};
  g.memory_bw_GBps = {300.0, "GROK_L4"};
  g.nvlink_GBps = no_nvlink("PCIe-only card, none stated in the reference");
  g.pcie_GBps = {31.0, "MLENG_NET: PCIe Gen4 x16 per direction (SOURCECODE_L4: Gen4 x16)"};
  g.tdp_W = {72.0, "GROK_L4"};
  return g;
}

GpuSpec a10() {
  GpuSpec g = pcie_card_defaults();
  g.id = "a10";
  g.sm_count = {72.0, "NVIDIA Ampere GA102 whitepaper (2021): A10 72 SMs"};
  g.name = "NVIDIA A10";
  g.aliases = {"A10-24GB", "A10-PCIe"};
  g.fp32_tflops = {31.2, "SYSRQMTS"};
  g.tf32_tflops = {62.5, "HF_GPUCAT (A10G entry; low confidence)"};
  g.fp16_tflops = {125.0, "GIST_KIMBOCHEN"};
  g.bf16_tflops = {125.0, "DS436_RENT (A10 datasheet)"};
  g.fp8_tflops = unsupported("Ampere has no FP8 (reference: not applicable)");
  g.memory_GB = {24.0, "BASETEN_A10"};
  g.memory_bw_GBps = {600.0, "BASETEN_A10"};
  g.nvlink_GBps = no_nvlink("PCIe-only card, none stated in the reference");
  g.pcie_GBps = {31.0, "MLENG_NET: PCIe Gen4 x16 per direction (SYSRQMTS: Gen4 x16)"};
  g.tdp_W = {150.0, "BASETEN_A10"};
  return g;
}

GpuSpec t4() {
  GpuSpec g = pcie_card_defaults();
  g.id = "t4";
  g.sm_count = {40.0, "NVIDIA Turing architecture whitepaper (2018): T4 40 SMs"};
  g.name = "NVIDIA T4";
  g.aliases = {"Tesla-T4", "T4-16GB"};
  g.fp32_tflops = {8.1, "T4_PAGES"};
  g.tf32_tflops = unsupported("Turing has no TF32 (reference: not applicable)");
  g.fp16_tflops = {65.0, "T4_PAGES"};
  g.bf16_tflops = unsupported("Turing has no BF16 (reference: not applicable)");
  g.fp8_tflops = unsupported("Turing has no FP8 (reference: not applicable)");
  g.memory_GB = {16.0, "T4_PAGES"};
  g.memory_bw_GBps = {320.0, "T4_PAGES"};
  g.nvlink_GBps = no_nvlink("PCIe-only card, none stated in the reference");
  g.pcie_GBps = {16.0,
                 "T4_PAGES: PCIe Gen3 x16; 16 GB/s per direction as GUTS's Gen3 x16 "
                 "(32 GB/s bidirectional)"};
  g.tdp_W = {70.0, "T4_PAGES"};
  return g;
}

}  // namespace

std::vector<GpuSpec> inference_gpus() {
  return {l40s(), l4(), a10(), t4()};
}

}  // namespace wt::catalog
