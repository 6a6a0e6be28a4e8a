// Google Cloud TPU chips (v4, v5e, v5p, v6e Trillium), one catalog entry per chip. Peaks and memory
// from data/reference/hardware-and-prices.json (GCP_TPU_* pages, MLENG_ACC); ICI links per chip
// and per-link bandwidth from SCALING_BOOK_TPU. A TPU host has no NVLink-style switch: its chips
// meet their neighbours over ICI, so nvlink_GBps is the chip's ICI injection (links x per link).
#include <string>
#include <utility>
#include <vector>

#include "sim/hardware/gpu_catalog_entries.hpp"

namespace wt::catalog {
namespace {

struct TpuFigures {
  const char* id;
  const char* name;
  std::vector<std::string> aliases;
  Sourced bf16_tflops;
  Sourced memory_GB;
  Sourced memory_bw_GBps;
  double ici_links;          // SCALING_BOOK_TPU: 6 on a 3D torus, 4 on a 2D torus
  double ici_link_GBps;      // SCALING_BOOK_TPU: one-way bandwidth per link
  const char* ici_citation;  // the table row, as the reference records it
};

GpuSpec tpu(TpuFigures f) {
  const std::string ici = std::string("SCALING_BOOK_TPU: ") + f.ici_citation;
  return {
      .id = f.id,
      .name = f.name,
      .aliases = std::move(f.aliases),
      .fp32_tflops = unsupported("no FP32 matrix peak in the sources read (the MXU multiplies "
                                 "bf16 and int8; fp32 matmuls are multi-pass)"),
      .tf32_tflops = unsupported("no TF32 (reference: not applicable)"),
      .fp16_tflops = unsupported("no FP16 peak in the sources read (the MXU multiplies bf16)"),
      .bf16_tflops = std::move(f.bf16_tflops),
      .fp8_tflops = unsupported("no FP8 peak in the sources read"),
      .memory_GB = std::move(f.memory_GB),
      .memory_bw_GBps = std::move(f.memory_bw_GBps),
      .nvlink_GBps = {f.ici_links * f.ici_link_GBps,
                      ici + "; the chip's ICI links together, per direction (no node switch)"},
      .pcie_GBps = {16.0,
                    "assumption: the TPU host link is not in the sources read; PCIe Gen3 x16 "
                    "(16 GB/s per direction) taken as a floor"},
      .gemm_efficiency = assumed_gemm_efficiency(),
      .memory_efficiency = default_memory_efficiency(),
      .nvlink_efficiency = {0.80,
                            "assumption: no ICI collective measurement in the reference; 0.80 as "
                            "NCCL rings reach on NVLink (78-82%)"},
      .network_efficiency = default_network_efficiency(),
      .kernel_launch_us = {2.0,
                           "assumption: no per-op overhead of XLA on TPU in the reference; the "
                           "CUDA default of 2 us"},
      .collective_launch_us = {8.4,
                               "assumption: no ICI collective base latency in the reference; "
                               "NCCL_TUNING's Ring/Simple 8.4 us"},
      .sm_count = {0.0, "not known: TPU TensorCores have MXUs, not SMs (no wave quantisation)"},
      .fp8_gemm_efficiency = unsupported("no FP8 peak in the sources read"),
      .nvls_busbw_GBps = {0.0, "ICI has no in-switch reduction"},
      .ici_links = {f.ici_links, ici},
      .ici_link_GBps = {f.ici_link_GBps, ici},
  };
}

}  // namespace

std::vector<GpuSpec> tpu_chips() {
  return {
      tpu({"tpu-v4",
           "Google TPU v4",
           {"TPUv4", "TPU-v4-chip", "Cloud-TPU-v4"},
           {275.0, "MLENG_ACC (cites cloud.google.com/tpu/docs/v4)"},
           {32.0, "MLENG_ACC"},
           {1200.0, "MLENG_ACC"},
           6.0,
           45.0,
           "TPU v4 ICI 4.5e10 B/s one-way per link, 6 links (3D torus)"}),
      tpu({"tpu-v5e",
           "Google TPU v5e",
           {"TPUv5e", "TPU-v5-lite", "v5litepod"},
           {197.0, "GCP_TPU_V5E"},
           {16.0, "GCP_TPU_V5E"},
           {819.0, "GCP_TPU_V5E"},
           4.0,
           45.0,
           "TPU v5e ICI 4.5e10 B/s one-way per link, 4 links (2D torus); GCP_TPU_V5E: 1600 Gbps "
           "per chip"}),
      tpu({"tpu-v5p",
           "Google TPU v5p",
           {"TPUv5p", "TPU-v5p-chip"},
           {459.0, "MLENG_ACC (cites cloud.google.com/tpu/docs/v5p)"},
           {95.0, "MLENG_ACC"},
           {2760.0, "MLENG_ACC"},
           6.0,
           90.0,
           "TPU v5p ICI 9e10 B/s one-way per link, 6 links (3D torus); GCP_TPU_V5P: 4800 Gbps "
           "per chip"}),
      tpu({"tpu-v6e",
           "Google TPU v6e Trillium",
           {"TPUv6e", "Trillium"},
           {918.0, "GCP_TPU_V6E"},
           {32.0, "GCP_TPU_V6E"},
           {1640.0, "GCP_TPU_V6E"},
           4.0,
           90.0,
           "TPU v6e ICI 9e10 B/s one-way per link, 4 links (2D torus)"}),
  };
}

}  // namespace wt::catalog
