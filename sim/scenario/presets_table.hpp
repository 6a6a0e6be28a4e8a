#pragma once
// The preset table's parts, one file per family (presets_gpt.cpp, presets_llama.cpp,
// presets_moe.cpp), and the helper that turns a published shape into a preset.
#include <initializer_list>
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

// A preset of a model trained without dropout (its config: dropout 0).
ModelPreset without_dropout(ModelPreset p);

// The presets of `parts`, in order (each family file lists its families this way).
std::vector<ModelPreset> joined(std::initializer_list<std::vector<ModelPreset> (*)()> parts);

std::vector<ModelPreset> gpt_presets();         // GPT-2, GPT-3, NeoX, BLOOM, OPT, MT-NLG, PaLM, ...
std::vector<ModelPreset> llama_presets();       // Llama, Mistral, Qwen dense, Gemma
std::vector<ModelPreset> moe_presets();         // Mixtral, Qwen MoE, DeepSeek, GPT-OSS, DBRX, OLMoE
std::vector<ModelPreset> open_gpt_presets();    // OPT 1.3B-66B, Pythia, MPT, Falcon-40B
std::vector<ModelPreset> open_dense_presets();  // LLaMA, TinyLlama, small Qwen, Gemma 1, Phi-3, ...

}  // namespace wt::presets
