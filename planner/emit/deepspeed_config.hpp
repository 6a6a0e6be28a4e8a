#pragma once
// deepspeed_config.json for the same layout: batch sizes, gradient accumulation, ZeRO stage and
// precision. The optimizer and its learning rate stay with the training script (not set here).
#include <nlohmann/json.hpp>

#include "sim/scenario/scenario.hpp"

namespace wt {

nlohmann::ordered_json deepspeed_config(const Scenario& s);

}  // namespace wt
