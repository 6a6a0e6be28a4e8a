#pragma once
// Model presets (GPT-2/3, Llama 2/3, Qwen, Gemma, Mistral, Mixtral, DeepSeek, GPT-OSS, ...;
// the table is in presets_*.cpp) and Hugging Face config.json import.
#include <string>
#include <string_view>
#include <vector>

#include "sim/scenario/scenario.hpp"

namespace wt {

struct ModelPreset {
  std::string name;
  std::string description;  // with the source of the architecture figures
  ModelConfig model;
  double num_parameters = 0.0;     // published total (without MTP layers)
  double active_parameters = 0.0;  // published parameters per token, MoE only
  // Other names of the same architecture, among them NeMo's and Megatron-Bridge's recipe names,
  // which drop the version's dot ("llama31_405b", "qwen25_72b") or name Llama 4 by its experts
  // ("llama4_e16", "llama4_e128").
  std::vector<std::string> aliases = {};
};

const std::vector<ModelPreset>& model_presets();
// Finds a preset by its name or an alias as tables and users spell them: case, "-", "_" and
// spaces do not matter, nor an organisation prefix ("meta-llama/"), "Meta-", a "-hf", "-Instruct",
// "-Base", "-chat", "-it", "-pt" or "-v0.1" suffix, or a parenthesised remark. nullptr if unknown.
const ModelPreset* find_model_preset(std::string_view name);
std::string preset_lookup_key(std::string_view name);  // the normalised spelling compared
// The `count` presets whose names are closest to `name`, nearest first (for "unknown" messages).
std::vector<std::string> closest_model_presets(std::string_view name, size_t count);
std::string model_preset_names();  // comma-separated, for messages

// Reads a Hugging Face config.json: the Llama/Mistral/Qwen/Gemma keys, GPT-2's (n_layer, n_embd,
// ...), the MoE keys of Mixtral, Qwen-MoE, DeepSeek and GPT-OSS and DeepSeek's MLA keys
// (docs/scenario.md lists them). Errors name `json_path` ("model.hf_config") and the key inside
// the file. `warnings` receives what the import assumed or ignored, each naming its keys.
ModelConfig load_hf_config(const std::string& file, const std::string& json_path,
                           std::vector<std::string>* warnings = nullptr);

}  // namespace wt
