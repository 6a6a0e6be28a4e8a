#pragma once
// Cloud instance types a row may name instead of its GPU and network ("p4d.24xlarge",
// "a3-megagpu-8g", "ND96isr_H100_v5"): each names both, and the network is far from the default
// for some (p4d: 400 Gb/s a node, not 8 × 200). Internal to sim/validation; docs/validation.md,
// "From a row to a scenario".
#include <cstdint>

#include <nlohmann/json.hpp>

namespace wt::validation {

struct CloudInstance {
  const char* name;    // as its provider writes it
  const char* gpu;     // the GPU in gpu_model's words ("A100 40GB SXM")
  const char* family;  // the word of `gpu` a row's gpu_model names the same part by ("a100")
  int64_t gpus = 8;    // GPUs per instance
  int nics = 0;        // NICs per instance for GPU traffic
  double nic_Gbps = 0.0;
  bool efa = false;    // AWS's Elastic Fabric Adapter
  const char* source;  // where the GPU and network come from
};

// The instance the row names, by its provider's name or family ("p5.48xlarge", "P5", "A3 Mega",
// "ND H100 v5") as words of gpu_model, the two interconnect texts, or an instance field of the
// row or its `other` object (instance_type, instance, machine_type, vm_size, node_type); the first
// field that names one. nullptr when none does.
const CloudInstance* named_instance(const nlohmann::json& row);

}  // namespace wt::validation
