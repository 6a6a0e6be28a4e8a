// Published model architectures. GPT-3 sizes follow Brown et al. 2020 (Table 2.1) with
// Megatron-LM's conventions (vocabulary padded to 51200, 128-wide heads), as in Narayanan et al.
// 2021.
#include "sim/scenario/presets.hpp"

#include "sim/scenario/text_util.hpp"

namespace wt {
namespace {

struct Shape {
  int layers;
  int64_t hidden;
  int heads;
  int kv_heads;
  int64_t ffn;
  int64_t seq;
  int64_t vocab;
  bool gated;
  bool tied;
};

ModelConfig model_of(const std::string& name, const Shape& x, MoeConfig moe = {}) {
  ModelConfig m;
  m.preset = name;
  m.num_layers = x.layers;
  m.hidden_size = x.hidden;
  m.num_attention_heads = x.heads;
  m.num_kv_heads = x.kv_heads;
  m.ffn_hidden_size = x.ffn;
  m.seq_length = x.seq;
  m.vocab_size = x.vocab;
  m.gated_mlp = x.gated;
  m.tied_embeddings = x.tied;
  m.moe = moe;
  return m;
}

ModelPreset preset(std::string name, std::string description, const Shape& shape,
                   double num_parameters, MoeConfig moe = {}) {
  ModelConfig model = model_of(name, shape, moe);
  return ModelPreset{std::move(name), std::move(description), std::move(model), num_parameters};
}

std::vector<ModelPreset> gpt3_presets() {
  return {
      preset("gpt3-1.3b",
             "GPT-3 XL (Brown et al. 2020, Table 2.1: 24 layers, d_model 2048, context 2048); "
             "Megatron-LM heads of 128 (16), vocabulary padded to 51200, tied embeddings",
             {24, 2048, 16, 16, 8192, 2048, 51200, false, true}, 1.3e9),
      preset("gpt3-13b",
             "GPT-3 13B (Brown et al. 2020, Table 2.1: 40 layers, 40 heads of 128, context "
             "2048); d_model 5120 (= 40 x 128) as Megatron-LM uses it (the paper lists 5140), "
             "vocabulary padded to 51200, tied embeddings",
             {40, 5120, 40, 40, 20480, 2048, 51200, false, true}, 13.0e9),
      preset("gpt3-175b",
             "GPT-3 175B (Brown et al. 2020, Table 2.1: 96 layers, d_model 12288, 96 heads of "
             "128, context 2048); vocabulary padded to 51200 as in Megatron-LM, tied embeddings",
             {96, 12288, 96, 96, 49152, 2048, 51200, false, true}, 175.0e9),
  };
}

std::vector<ModelPreset> llama_presets() {
  const std::string llama2 = "Llama 2 (Touvron et al. 2023, Table 1; HF meta-llama/Llama-2-";
  const std::string llama3 =
      "Llama 3 (Llama Team 2024, \"The Llama 3 Herd of Models\", Table 3; "
      "HF meta-llama/Meta-Llama-3";
  return {
      preset("llama2-7b", llama2 + "7b-hf config.json): SwiGLU, context 4096, vocab 32000",
             {32, 4096, 32, 32, 11008, 4096, 32000, true, false}, 6.74e9),
      preset("llama2-13b", llama2 + "13b-hf config.json): SwiGLU, context 4096, vocab 32000",
             {40, 5120, 40, 40, 13824, 4096, 32000, true, false}, 13.0e9),
      preset("llama2-70b",
             llama2 + "70b-hf config.json): 8 KV heads (GQA), SwiGLU, context 4096, vocab 32000",
             {80, 8192, 64, 8, 28672, 4096, 32000, true, false}, 69.0e9),
      preset("llama3-8b",
             llama3 + "-8B config.json): 8 KV heads, SwiGLU, context 8192, vocab 128256",
             {32, 4096, 32, 8, 14336, 8192, 128256, true, false}, 8.03e9),
      preset("llama3-70b",
             llama3 + "-70B config.json): 8 KV heads, SwiGLU, context 8192, vocab 128256",
             {80, 8192, 64, 8, 28672, 8192, 128256, true, false}, 70.6e9),
      preset("llama3-405b",
             llama3 + ".1-405B config.json): 8 KV heads, SwiGLU, pre-training context 8192, "
                      "vocab 128256",
             {126, 16384, 128, 8, 53248, 8192, 128256, true, false}, 405.0e9),
  };
}

std::vector<ModelPreset> other_presets() {
  return {
      preset("bert-large",
             "BERT-Large (Devlin et al. 2019: 24 layers, hidden 1024, 16 heads, FFN 4096, 512 "
             "positions); WordPiece vocab 30522 (HF bert-large-uncased), tied output embedding",
             {24, 1024, 16, 16, 4096, 512, 30522, false, true}, 340e6),
      preset("mixtral-8x7b",
             "Mixtral 8x7B (Jiang et al. 2024, \"Mixtral of Experts\", Table 1: 32 layers, dim "
             "4096, 32 heads, 8 KV heads, expert FFN 14336, 8 experts, top-2, context 32768, "
             "vocab 32000)",
             {32, 4096, 32, 8, 14336, 32768, 32000, true, false}, 46.7e9, {8, 2, 14336}),
  };
}

std::vector<ModelPreset> all_presets() {
  std::vector<ModelPreset> out;
  for (auto part : {gpt3_presets, llama_presets, other_presets}) {
    for (ModelPreset& p : part()) {
      out.push_back(std::move(p));
    }
  }
  return out;
}

}  // namespace

const std::vector<ModelPreset>& model_presets() {
  static const std::vector<ModelPreset> presets = all_presets();
  return presets;
}

const ModelPreset* find_model_preset(std::string_view name) {
  for (const ModelPreset& p : model_presets()) {
    if (iequals(p.name, name)) return &p;
  }
  return nullptr;
}

std::string model_preset_names() {
  std::vector<std::string> names;
  for (const ModelPreset& p : model_presets()) {
    names.push_back(p.name);
  }
  return join(names);
}

}  // namespace wt
