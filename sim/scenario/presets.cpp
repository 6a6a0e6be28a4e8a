// The preset table (its families in presets_*.cpp) and the lookup that finds a preset by the
// spellings tables and users write.
#include "sim/scenario/presets.hpp"

#include <algorithm>
#include <cctype>

#include "sim/scenario/presets_table.hpp"
#include "sim/scenario/text_util.hpp"

namespace wt {
namespace presets {

ModelPreset preset(std::string name, std::string description, const Shape& x, Published published,
                   MoeConfig moe) {
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
  // Llama-era models train without dropout (their HF configs: hidden/attention dropout 0.0).
  m.hidden_dropout = x.gated ? 0.0 : 0.1;
  m.tied_embeddings = x.tied;
  // Every gated (SwiGLU) preset has rotary positions (Llama, Mistral, Qwen, Gemma, Mixtral,
  // DeepSeek, GPT-OSS, PaLM); the others learned ones but where presets_gpt.cpp says otherwise.
  m.position_embedding = x.gated ? PositionEmbedding::rope : PositionEmbedding::learned;
  m.head_dim = x.head_dim;
  m.moe = moe;
  return ModelPreset{std::move(name), std::move(description), std::move(m),
                     published.total, published.active,       std::move(published.aliases)};
}

ModelPreset without_dropout(ModelPreset p) {
  p.model.hidden_dropout = 0.0;
  return p;
}

std::vector<ModelPreset> joined(std::initializer_list<std::vector<ModelPreset> (*)()> parts) {
  std::vector<ModelPreset> out;
  for (auto part : parts) {
    for (ModelPreset& p : part())
      out.push_back(std::move(p));
  }
  return out;
}

}  // namespace presets

namespace {

std::vector<ModelPreset> all_presets() {
  std::vector<ModelPreset> out;
  for (auto part : {presets::gpt_presets, presets::open_gpt_presets, presets::llama_presets,
                    presets::open_dense_presets, presets::moe_presets}) {
    for (ModelPreset& p : part()) {
      out.push_back(std::move(p));
    }
  }
  return out;
}

bool ends_with(const std::string& text, std::string_view tail) {
  return text.size() > tail.size() &&
         text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

// A "-v0.1"-style release suffix (Mistral, Mixtral); not "-v3", which names DeepSeek-V3.
size_t release_suffix(const std::string& text) {
  const size_t at = text.rfind("-v0.");
  if (at == std::string::npos || at + 4 == text.size()) return std::string::npos;
  const bool digits =
      std::all_of(text.begin() + static_cast<std::ptrdiff_t>(at + 4), text.end(),
                  [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  return digits ? at : std::string::npos;
}

}  // namespace

std::string preset_lookup_key(std::string_view name) {
  std::string s = to_lower(name);
  // A parenthesised remark ("GPT-3 175B (NeMo Megatron)") is not part of the name.
  if (const size_t paren = s.find('('); paren != std::string::npos) s.erase(paren);
  if (const size_t slash = s.rfind('/'); slash != std::string::npos) s.erase(0, slash + 1);
  for (char& c : s) {
    if (c == '_' || c == ' ') c = '-';
  }
  while (!s.empty() && s.back() == '-')
    s.pop_back();
  if (s.rfind("meta-", 0) == 0) s.erase(0, 5);
  for (bool stripped = true; stripped;) {
    stripped = false;
    for (std::string_view tail : {"-hf", "-instruct", "-base", "-chat", "-it", "-pt"}) {
      if (ends_with(s, tail)) {
        s.erase(s.size() - tail.size());
        stripped = true;
      }
    }
    if (const size_t at = release_suffix(s); at != std::string::npos) {
      s.erase(at);
      stripped = true;
    }
  }
  std::erase(s, '-');
  return s;
}

const std::vector<ModelPreset>& model_presets() {
  static const std::vector<ModelPreset> presets = all_presets();
  return presets;
}

const ModelPreset* find_model_preset(std::string_view name) {
  const std::string key = preset_lookup_key(name);
  if (key.empty()) return nullptr;
  for (const ModelPreset& p : model_presets()) {
    if (preset_lookup_key(p.name) == key) return &p;
    for (const std::string& alias : p.aliases) {
      if (preset_lookup_key(alias) == key) return &p;
    }
  }
  return nullptr;
}

std::vector<std::string> closest_model_presets(std::string_view name, size_t count) {
  const std::string key = preset_lookup_key(name);
  std::vector<std::pair<size_t, std::string>> ranked;
  for (const ModelPreset& p : model_presets()) {
    // A name that starts with what was written ("qwen3-30b" for qwen3-30b-a3b) comes first.
    auto distance = [&key](const std::string& candidate) {
      const std::string other = preset_lookup_key(candidate);
      return other.rfind(key, 0) == 0 ? size_t{0} : edit_distance(key, other);
    };
    size_t best = distance(p.name);
    for (const std::string& alias : p.aliases) {
      best = std::min(best, distance(alias));
    }
    ranked.emplace_back(best, p.name);
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (size_t i = 0; i < ranked.size() && i < count; ++i) {
    out.push_back(ranked[i].second);
  }
  return out;
}

std::string model_preset_names() {
  std::vector<std::string> names;
  for (const ModelPreset& p : model_presets()) {
    names.push_back(p.name);
  }
  return join(names);
}

}  // namespace wt
