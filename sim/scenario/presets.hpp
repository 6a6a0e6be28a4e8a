#pragma once
// Model presets (gpt3-*, llama2-*, llama3-*, bert-large, mixtral-8x7b) and Hugging Face
// config.json import.
#include <string>
#include <string_view>
#include <vector>

#include "sim/scenario/scenario.hpp"

namespace wt {

struct ModelPreset {
  std::string name;
  std::string description;  // with the source of the architecture figures
  ModelConfig model;
  double num_parameters = 0.0;  // published total, for the catalog table
};

const std::vector<ModelPreset>& model_presets();
const ModelPreset* find_model_preset(
    std::string_view name);        // case-insensitive; nullptr if unknown
std::string model_preset_names();  // comma-separated, for messages

// Reads a Hugging Face config.json (hidden_size, num_hidden_layers, num_attention_heads,
// num_key_value_heads, intermediate_size, vocab_size, max_position_embeddings, num_local_experts,
// num_experts_per_tok, tie_word_embeddings, hidden_act). Errors name `json_path`
// ("model.hf_config") and the key inside the file.
ModelConfig load_hf_config(const std::string& file, const std::string& json_path);

}  // namespace wt
