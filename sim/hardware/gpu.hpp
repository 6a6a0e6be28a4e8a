#pragma once
// The built-in GPU catalog: datasheet peaks, memory, bandwidths and default achievable
// efficiencies, each figure with the source it was taken from (see gpu_catalog.cpp and
// data/reference/hardware-and-prices.json).
#include <string>
#include <string_view>
#include <vector>

#include "sim/scenario/scenario.hpp"

namespace wt {

// A number and where it came from ("GK_H100", "MLENG_ACC", or "assumption: <why>").
struct Sourced {
  double value = 0.0;
  std::string source;
};

struct GpuSpec {
  std::string id;                    // catalog id, e.g. "h100-sxm5-80gb"
  std::string name;                  // e.g. "NVIDIA H100 SXM5 80GB"
  std::vector<std::string> aliases;  // matched case-insensitively, e.g. "H100", "H100-80GB"
  // Dense peak throughput per precision in TFLOP/s; value 0 = not supported by the hardware.
  Sourced fp32_tflops, tf32_tflops, fp16_tflops, bf16_tflops, fp8_tflops;
  Sourced memory_GB;       // HBM capacity as the datasheet prints it ("80 GB"): binary gigabytes
  Sourced memory_bw_GBps;  // HBM bandwidth
  Sourced nvlink_GBps;     // per direction per GPU; 0 = no NVLink
  Sourced pcie_GBps;       // host link per direction
  // Default achievable fractions (used until a calibration profile says otherwise).
  Sourced gemm_efficiency;       // large dense GEMM throughput / peak
  Sourced memory_efficiency;     // achieved HBM bandwidth / datasheet
  Sourced nvlink_efficiency;     // NCCL ring bus bandwidth / NVLink per-direction bandwidth
  Sourced network_efficiency;    // NCCL inter-node bus bandwidth / NIC line rate
  Sourced kernel_launch_us;      // per-kernel fixed overhead
  Sourced collective_launch_us;  // per-collective fixed overhead (NCCL base latency)
  Sourced sm_count;              // streaming multiprocessors (CUs on AMD); 0 = not known
  Sourced fp8_gemm_efficiency;   // large fp8 GEMM throughput / fp8 peak; 0 = gemm_efficiency
  // nccl-tests all-reduce bus bandwidth of 8 GPUs on one NVSwitch node with NVLink SHARP (NVLS),
  // large messages; 0 = the node has no in-switch reduction.
  Sourced nvls_busbw_GBps;
  // Dense peaks of the block-scaled formats (MXFP8 at the FP8 rate, NVFP4 at the FP4 rate); only
  // Blackwell's tensor cores have them, so they are 0 unless a catalog entry sets them.
  Sourced mxfp8_tflops{0.0, "not supported: no MXFP8 tensor cores (Blackwell has them)"};
  Sourced nvfp4_tflops{0.0, "not supported: no NVFP4 tensor cores (Blackwell has them)"};
  // Google TPU inter-chip interconnect (ICI): links per chip and bandwidth per link and direction;
  // 0 on the other accelerators. Slices of v4/v5p chips are 3D tori (6 links), of v5e/v6e 2D tori
  // (4 links); see docs/topology.md, "TPU ICI torus".
  Sourced ici_links{0.0, "no ICI: not a TPU"};
  Sourced ici_link_GBps{0.0, "no ICI: not a TPU"};
  // Board power: the TDP the datasheet gives, and the power limit the part runs at when it ships
  // capped below it (0 = at its TDP). sim/hardware/power_limit.hpp turns a limit into a clock.
  Sourced tdp_W{0.0, "not in the catalog"};
  Sourced power_limit_W{0.0, "runs at its TDP"};

  // Peak dense TFLOP/s at a training precision with its source (value 0 when unsupported).
  const Sourced& peak_tflops(Precision p) const;
  // Peak dense FLOP/s at a training precision (0 when unsupported).
  double peak_flops(Precision p) const;
  // Whether FP8 GEMMs read their operands in either layout, so that per-tensor fp8 keeps one copy
  // of each cast tensor: Blackwell's tensor cores (the catalog's GPUs with MXFP8 ones) do, Hopper
  // and Ada need a physical FP8 transpose for backward (framework-defaults.md §9,
  // Float8CurrentScaling).
  bool fp8_gemm_any_layout() const { return mxfp8_tflops.value > 0.0; }
  // DRAM capacities are binary: an "80 GB" HBM2e/HBM3 GPU holds five stacks of 16 GiB (dies of
  // 16 Gbit = 2^34 bits), 80 GiB, of which nvidia-smi shows 80 GiB (A100) or 79.6 GiB (H100).
  // Reading the datasheet's "GB" as 1e9 bytes would lose 7 % of every GPU's memory.
  double memory_bytes() const { return memory_GB.value * 1024.0 * 1024.0 * 1024.0; }
};

const std::vector<GpuSpec>& gpu_catalog();
// Finds a GPU by id or alias, case-insensitively; nullptr when unknown.
const GpuSpec* find_gpu(std::string_view id_or_alias);
// Comma-separated list of the catalog ids, for error messages.
std::string gpu_ids();

}  // namespace wt
