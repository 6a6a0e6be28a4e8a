#pragma once
// Readers of the string fields whose values mean more than text: the model preset and the Hugging
// Face config (which fill the whole model), the GPU id, and file paths.
#include <string>

#include <nlohmann/json.hpp>

#include "sim/scenario/field_binding.hpp"

namespace wt {

void read_name(const nlohmann::json& value, Scenario& s, const ReadContext& ctx);
void read_model_preset(const nlohmann::json& value, Scenario& s, const ReadContext& ctx);
// model.layers: a layer-list model (sim/scenario/net_layer.hpp).
void read_model_layers(const nlohmann::json& value, Scenario& s, const ReadContext& ctx);
void read_model_hf_config(const nlohmann::json& value, Scenario& s, const ReadContext& ctx);
// serving.speculative.draft_model: a preset, its architecture kept for the draft's cost.
void read_draft_model(const nlohmann::json& value, Scenario& s, const ReadContext& ctx);
void read_framework(const nlohmann::json& value, Scenario& s, const ReadContext& ctx);
// training.finetune.target_modules: "q,v", "q,k,v,o,gate,up,down" or "all-linear".
void read_lora_targets(const nlohmann::json& value, Scenario& s, const ReadContext& ctx);
std::string lora_target_allowed_text();
void read_gpu(const nlohmann::json& value, Scenario& s, const ReadContext& ctx);
void read_calibration(const nlohmann::json& value, Scenario& s, const ReadContext& ctx);

// `file` as written in the scenario, made relative to the scenario's folder unless absolute.
std::string resolve_relative(const std::string& base_dir, const std::string& file);

}  // namespace wt
