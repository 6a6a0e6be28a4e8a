#pragma once
// From what the CUDA runtime says about a GPU to what the simulator knows: the closest catalog id
// and the link class of the host's GPU-to-GPU connections.
#include <string>
#include <string_view>

#include "sim/hardware/calibration_profile.hpp"

namespace wt::calibrate {

// The catalog id closest to a device name as cudaGetDeviceProperties reports it, e.g.
// "NVIDIA H100 80GB HBM3" → "h100-sxm5-80gb", "NVIDIA H100 PCIe" → "h100-pcie-80gb",
// "NVIDIA H200" → "h200-sxm-141gb", "NVIDIA A100-SXM4-40GB" → "a100-sxm4-40gb"; "" if none.
// `memory_bytes` (the device's global memory, 0 if unknown) tells 40 GB and 80 GB A100s apart when
// the name does not.
std::string catalog_id_for_device(std::string_view device_name, double memory_bytes = 0.0);

// The link class of a single-host NCCL run. NVLink when every GPU pair has peer access and the
// product is not a PCIe card (name without "PCIe"): SXM boards connect their GPUs by NVLink /
// NVSwitch, while peer access between PCIe cards goes over the PCIe switch. Without peer access the
// traffic goes through host memory over PCIe.
LinkKind link_kind_for(std::string_view device_name, bool all_pairs_peer_accessible);

}  // namespace wt::calibrate
