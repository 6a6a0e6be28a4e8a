#pragma once
// The "plan" block of a plan file: constraints, objective, prices and failure assumptions.
#include <nlohmann/json.hpp>

#include "planner/search/plan_spec.hpp"

namespace wt {

// Reads `block` (the value of the top-level "plan" key, may be null) into `spec`. `template_spot`
// is the scenario's cost.spot, the default of plan.spot.
void read_plan_block(const nlohmann::json& block, bool template_spot, PlanSpec& spec);

// Per-GPU MTBF of Llama 3's pre-training: 419 unexpected interruptions in 54 days on 16,384 H100
// (reference file, reliability.llama3_405b_16k_H100), 16,384 · 54 · 24 / 419 ≈ 50,677 GPU-hours.
inline constexpr double kLlama3GpuMtbfHours = 16384.0 * 54.0 * 24.0 / 419.0;

}  // namespace wt
