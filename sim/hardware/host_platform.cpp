#include "sim/hardware/host_platform.hpp"

#include <string>

namespace wt {
namespace {

// channels per socket × MT/s × 8 bytes × sockets / GPUs per node, in GB/s.
Sourced share(int sockets, int channels, double mega_transfers, int gpus, const std::string& what) {
  const double node_GBps = sockets * channels * mega_transfers * 8.0 / 1000.0;
  return {node_GBps / gpus, what + ": " + std::to_string(sockets) + " sockets × " +
                                std::to_string(channels) + " channels, " + std::to_string(gpus) +
                                " GPUs per node (CPU vendor datasheets)"};
}

}  // namespace

Sourced host_memory_share_GBps(const GpuSpec& gpu) {
  const std::string& id = gpu.id;
  if (id.rfind("gb200", 0) == 0 || id.rfind("gb300", 0) == 0) {
    // One Grace (LPDDR5X, 512 GB/s) per two Blackwell GPUs (GB200 and GB300 superchips).
    return {256.0,
            "GB200/GB300 superchip: one Grace CPU with 512 GB/s LPDDR5X per 2 GPUs (NVIDIA "
            "Grace datasheet)"};
  }
  if (id.rfind("gh200", 0) == 0) {
    // One Grace per GPU (GH200 superchip), its LPDDR5X at 512 GB/s as in GB200's Grace.
    return {512.0,
            "GH200 superchip: one Grace CPU with 512 GB/s LPDDR5X per GPU (NVIDIA Grace "
            "datasheet)"};
  }
  if (id.rfind("v100", 0) == 0) {
    return share(2, 6, 2666.0, 16, "DGX-2: 2x Xeon Platinum 8168, DDR4-2666");
  }
  if (id.rfind("a100", 0) == 0) {
    return share(2, 8, 3200.0, 8, "DGX A100: 2x AMD EPYC 7742 (MICROWAY_DGXA100), DDR4-3200");
  }
  if (id.rfind("b200", 0) == 0) {
    return share(2, 8, 5600.0, 8, "DGX B200: 2x Xeon Platinum 8570, DDR5-5600");
  }
  if (id.rfind("b300", 0) == 0) {
    return share(2, 8, 6400.0, 8, "DGX B300 (assumption: recalled): 2x Xeon 6776P, DDR5-6400");
  }
  if (id.rfind("mi300", 0) == 0) {
    return share(2, 12, 4800.0, 8, "MI300X platform: 2x AMD EPYC 9004, DDR5-4800");
  }
  if (id.rfind("h", 0) == 0) {
    return share(2, 8, 4800.0, 8, "DGX H100/H200: 2x Xeon Platinum 8480C, DDR5-4800");
  }
  // Single-GPU inference cards: one socket of 8 DDR5-4800 channels shared by 8 cards.
  return share(1, 8, 4800.0, 8, "assumption: one Xeon socket of DDR5-4800 per 8 PCIe cards");
}

}  // namespace wt
