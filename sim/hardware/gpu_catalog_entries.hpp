#pragma once
// Internal to sim/hardware: the catalog's entries, grouped by family, and the default efficiencies
// they share. Only gpu_catalog.cpp assembles them; everyone else uses gpu.hpp.
#include <vector>

#include "sim/hardware/gpu.hpp"

namespace wt::catalog {

// NVIDIA Volta, Ampere and Hopper data-centre parts (SXM and PCIe).
std::vector<GpuSpec> nvidia_datacenter_gpus();
// NVIDIA Blackwell (B200, GB200, then the Blackwell Ultra parts) and AMD Instinct MI300X.
std::vector<GpuSpec> blackwell_and_amd_gpus();
// NVIDIA Blackwell Ultra (B300, GB300); part of blackwell_and_amd_gpus().
std::vector<GpuSpec> blackwell_ultra_gpus();
// PCIe inference cards: L40S, L4, A10, T4.
std::vector<GpuSpec> inference_gpus();
// Google Cloud TPU v4, v5e, v5p, v6e (per chip).
std::vector<GpuSpec> tpu_chips();
// AMD Instinct MI250X (per GCD), MI325X, MI355X; AWS Trainium2; Intel Gaudi 3.
std::vector<GpuSpec> other_accelerators();

// Figures every entry shares unless a measurement for that GPU exists (see docs/hardware.md).
Sourced default_memory_efficiency();
Sourced default_network_efficiency();
Sourced default_kernel_launch_us();
Sourced default_collective_launch_us();
Sourced assumed_gemm_efficiency();     // 0.75 where no MAMF measurement exists
Sourced assumed_nvlink_efficiency();   // 0.80 where no NCCL ring measurement exists
Sourced assumed_pcie_efficiency();     // 0.80 for rings over PCIe (cards without NVLink)
Sourced no_nvlink(const char* why);    // nvlink_GBps = 0: intra-node traffic uses PCIe
Sourced unsupported(const char* why);  // a precision the hardware lacks

}  // namespace wt::catalog
