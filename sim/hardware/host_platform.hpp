#pragma once
// The host side of a GPU's node, for work offloaded to it (parallel.offload; docs/models.md,
// "Offload"): the host memory bandwidth a GPU's share of the CPUs streams at, and the host link's
// achievable fraction.
#include "sim/hardware/gpu.hpp"

namespace wt {

// Host DRAM bandwidth per GPU (GB/s): the reference server of the GPU's generation, its CPUs'
// memory channels × transfer rate × 8 bytes, divided over its GPUs (the per-GPU processes of a
// node share the sockets). The value's source names the server and CPU.
Sourced host_memory_share_GBps(const GpuSpec& gpu);

// Fraction of the host link's per-direction rate a large pinned copy reaches: 55.5 GB/s of
// PCIe Gen5 x16's 63 GB/s for 1 GiB host-to-device copies, measured on the H200
// (calibrate/profiles/h200-sxm-141gb-measured.json, "h2d").
inline constexpr double kHostLinkEfficiency = 0.88;

// Fraction of the DRAM bandwidth a multi-threaded, vectorised optimizer step streams at
// (DeepSpeed's CPU Adam is bandwidth-bound: Ren et al., "ZeRO-Offload", USENIX ATC 2021, §4.2);
// an assumption of the order STREAM reaches on two-socket servers, not a measurement.
inline constexpr double kHostMemoryEfficiency = 0.7;

}  // namespace wt
