#pragma once
// Shared by the serving step-cost tests: a step of decodes, and the HBM roofline's terms.
#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "sim/scenario/parse.hpp"

#include "sim/hardware/gpu.hpp"
#include "sim/workload/serving_cost.hpp"

namespace wt {

// `seqs` sequences decoding one token each at `context` cached tokens.
inline StepWork decode_step(int64_t seqs, int64_t context) {
  StepWork w;
  w.decode_seqs = seqs;
  w.decode_kv_tokens = seqs * context;
  w.sampled = seqs;
  return w;
}

// A memory-bound kernel takes bytes / bw + launch (sim/workload/costs.cpp).
struct HbmRoofline {
  double bw = 0.0;      // bytes/s: the catalog's bandwidth × its efficiency
  double launch = 0.0;  // s per kernel
  explicit HbmRoofline(const GpuSpec& gpu)
      : bw(gpu.memory_bw_GBps.value * 1e9 * gpu.memory_efficiency.value),
        launch(gpu.kernel_launch_us.value * 1e-6) {}
};

// The path of the InputError that reading this scenario text raises, or "none".
inline std::string error_path(const std::string& text) {
  try {
    parse_scenario_text(text);
  } catch (const InputError& e) {
    return e.path();
  }
  return "none";
}

}  // namespace wt
