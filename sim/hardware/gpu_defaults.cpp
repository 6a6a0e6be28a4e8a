// Default efficiencies shared by catalog entries, with the reference figures they come from
// (data/reference/hardware-and-prices.json).
#include <string>

#include "sim/hardware/gpu_catalog_entries.hpp"

namespace wt::catalog {

Sourced default_memory_efficiency() {
  return {0.87,
          "assumption: middle of the 0.84-0.90 achievable-HBM range measured by GPUINSP_V100, "
          "GPUINSP_A100, PTSOLVERS_7, MLI_4"};
}

Sourced default_network_efficiency() {
  return {0.94, "NCCLT_290: NCCL reaches 46-48 of 50 GB/s per NDR400 NIC (47/50)"};
}

Sourced default_kernel_launch_us() {
  return {2.0, "assumption: CUDA kernel launch plus inter-kernel gap of about 2 us"};
}

Sourced default_collective_launch_us() {
  return {8.4, "NCCL_TUNING: Ring/Simple base latency 8.4 us"};
}

Sourced assumed_gemm_efficiency() {
  return {0.75, "assumption: no MAMF measurement in the reference; conservative 0.75"};
}

Sourced assumed_nvlink_efficiency() {
  return {0.80,
          "assumption: no NCCL ring measurement in the reference; 0.80 as A100/H100 (78-82%)"};
}

Sourced assumed_pcie_efficiency() {
  return {0.80,
          "assumption: no NCCL measurement over PCIe in the reference; 0.80 as NVLink rings "
          "(78-82%)"};
}

Sourced no_nvlink(const char* why) {
  return {0.0, std::string("no NVLink: ") + why};
}

Sourced unsupported(const char* why) {
  return {0.0, std::string("not supported: ") + why};
}

}  // namespace wt::catalog
