#pragma once
// The preset table's parts, one file per family (presets_gpt.cpp, presets_llama.cpp,
// presets_moe.cpp), and the helper that turns a published shape into a preset.
#include <string>
#include <vector>

#include "sim/scenario/presets.hpp"

namespace wt::presets {

// The dense shape of a decoder as config.json and the papers' tables give it.
struct Shape {
  int layers;
  int64_t hidden;
  int heads;
  int kv_heads;
  int64_t ffn;
  int64_t seq;  // the pre-training sequence length
  int64_t vocab;
  bool gated;
  bool tied;
  int64_t head_dim = 0;  // 0 = hidden / heads
};

struct Published {
  double total = 0.0;
  double active = 0.0;  // MoE only
  std::vector<std::string> aliases = {};
};

ModelPreset preset(std::string name, std::string description, const Shape& shape,
                   Published published, MoeConfig moe = {});

std::vector<ModelPreset> gpt_presets();    // GPT-2, GPT-3, NeoX, BLOOM, OPT, MT-NLG, PaLM, ...
std::vector<ModelPreset> llama_presets();  // Llama, Mistral, Qwen dense, Gemma
std::vector<ModelPreset> moe_presets();    // Mixtral, Qwen MoE, DeepSeek, GPT-OSS

}  // namespace wt::presets
