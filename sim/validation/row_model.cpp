// doc["model"] from a row: architecture fields, the defaults the row leaves open, and MoE.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <regex>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "sim/scenario/net_layer.hpp"
#include "sim/scenario/presets.hpp"
#include "sim/scenario/text_util.hpp"
#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_sections.hpp"
#include "sim/workload/model_math.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

// What the model's name says of its MLP: true for families whose MLP is gated (SwiGLU, GeGLU:
// three h×f matrices), false for families with two; nullopt for a name in neither list.
std::optional<bool> gated_by_name(const std::string& model_name) {
  const std::string n = lower(model_name);
  for (const char* family : {"llama", "mistral", "mixtral", "qwen", "gemma", "deepseek", "grok",
                             "dbrx", "olmo", "phi-3", "internlm", "baichuan"}) {
    if (contains(n, family)) return true;
  }
  for (const char* family :
       {"gpt", "mpt", "nemotron", "falcon", "bloom", "opt-", "bert", "mt-nlg", "turing"}) {
    if (contains(n, family)) return false;
  }
  return std::nullopt;
}

// Positions by the family named: ALiBi (BLOOM, MPT), rotary (the Llama-era families and
// GPT-NeoX, GPT-J, PaLM, Falcon, Nemotron), learned (GPT-2/3, OPT, BERT, MT-NLG); nullopt when the
// name tells nothing.
std::optional<PositionEmbedding> positions_by_name(const std::string& model_name) {
  const std::string n = lower(model_name);
  for (const char* family : {"bloom", "mpt"}) {
    if (contains(n, family)) return PositionEmbedding::alibi;
  }
  for (const char* family :
       {"llama", "mistral", "mixtral", "qwen", "gemma", "deepseek", "grok", "dbrx", "olmo", "phi-3",
        "internlm", "baichuan", "neox", "gpt-j", "gpt-oss", "palm", "falcon", "nemotron"}) {
    if (contains(n, family)) return PositionEmbedding::rope;
  }
  for (const char* family : {"gpt", "opt-", "bert", "mt-nlg", "turing"}) {
    if (contains(n, family)) return PositionEmbedding::learned;
  }
  return std::nullopt;
}

// GPT-style families that train without dropout, as the presets of presets_gpt_open.cpp record
// from their Hugging Face configs (MPT, Pythia, Falcon: dropout 0).
bool trains_without_dropout(const std::string& model_name) {
  const std::string n = lower(model_name);
  for (const char* family : {"mpt", "pythia", "falcon"}) {
    if (contains(n, family)) return true;
  }
  return false;
}

// What says that a row's model is a state-space or hybrid model, whose layers include Mamba-2 (or
// other recurrent) mixers beside or instead of attention: its name (Nemotron-H, Nemotron 3 Nano /
// Super / Ultra, Jamba, Zamba, Falcon-H1, Hymba, RWKV, RecurrentGemma, any Mamba) or a config key
// that only such models have (Megatron's hybrid_override_pattern, mamba_* and ssm_* fields, HF's
// layers_block_type), at the row's top level or in its `other`. Empty when nothing does. The model
// has no such layer (docs/validation.md, "From a row to a scenario").
std::string state_space_evidence(const json& row) {
  std::string name;  // letters and digits only: "Nemotron-H 56B" → "nemotronh56b"
  for (const std::string& w : words(row_text(row, "model_name")))
    name += w;
  for (const char* family :
       {"mamba", "jamba", "zamba", "nemotronh", "nemotron3nano", "nemotron3super", "nemotron3ultra",
        "falconh1", "hymba", "rwkv", "recurrentgemma"}) {
    if (contains(name, family)) return std::string("its name is of the ") + family + " family";
  }
  const auto keys_of = [](const json& obj) -> std::string {
    if (!obj.is_object()) return "";
    for (const auto& [key, value] : obj.items()) {
      const std::string k = lower(key);
      if (value.is_null()) continue;
      if (contains(k, "mamba") || k.rfind("ssm_", 0) == 0 || k == "hybrid_override_pattern" ||
          k == "layers_block_type") {
        return key;
      }
    }
    return "";
  };
  if (std::string key = keys_of(row); !key.empty()) return "the row gives " + key;
  if (const auto other = row.find("other"); other != row.end()) {
    if (std::string key = keys_of(*other); !key.empty()) return "the row gives other." + key;
  }
  return "";
}

// A row that states its dropout (`other.hidden_dropout`, a number in [0, 1)) overrides the
// convention or the preset; the model's validation refuses anything else with the field named.
void stated_dropout(const json& row, json& m, RowBuild& b) {
  const json& other = row_other(row);
  const auto it = other.find("hidden_dropout");
  if (it == other.end() || !it->is_number()) return;
  m["hidden_dropout"] = it->get<double>();
  b.assume("hidden_dropout as the row states it: " + it->dump());
}

// The parameter count of the mapped model section with the MLP gated or not (tied embeddings
// following the same convention as map_model); nullopt when a size is not positive.
std::optional<double> params_if(const json& m, bool gated) {
  ModelConfig c;
  c.num_layers = m.at("num_layers").get<int>();
  c.hidden_size = m.at("hidden_size").get<int64_t>();
  c.num_attention_heads = m.at("num_attention_heads").get<int>();
  c.num_kv_heads = m.at("num_kv_heads").get<int>();
  c.ffn_hidden_size = m.at("ffn_hidden_size").get<int64_t>();
  c.vocab_size = m.at("vocab_size").get<int64_t>();
  if (c.num_layers <= 0 || c.hidden_size <= 0 || c.num_attention_heads <= 0 ||
      c.num_kv_heads <= 0 || c.ffn_hidden_size <= 0 || c.vocab_size < 0) {
    return std::nullopt;
  }
  c.gated_mlp = gated;
  c.tied_embeddings = !gated;
  if (const auto moe = m.find("moe"); moe != m.end()) {
    c.moe.num_experts = moe->at("num_experts").get<int>();
    c.moe.top_k = moe->at("top_k").get<int>();
    c.moe.moe_ffn_hidden_size = moe->at("moe_ffn_hidden_size").get<int64_t>();
    if (c.moe.num_experts <= 0 || c.moe.top_k <= 0 || c.moe.moe_ffn_hidden_size <= 0) {
      return std::nullopt;
    }
  }
  return total_params(c);
}

// Whether the MLP is gated, which no row states. The row's parameter count decides when it tells
// the two apart (one reading within 10 % of it, the other 15 % or more away: a gated MLP has half
// as many MLP weights again); else the family named; else two matrices.
bool gated_mlp(const json& row, const json& m, RowBuild& b) {
  const std::optional<bool> named = gated_by_name(row_text(row, "model_name"));
  const std::optional<double> stated = stated_params(row);
  const std::optional<double> plain = params_if(m, false);
  const std::optional<double> gated = params_if(m, true);
  if (stated && *stated > 0 && plain && gated) {
    const double off_plain = std::abs(std::log(*plain / *stated));
    const double off_gated = std::abs(std::log(*gated / *stated));
    const bool by_count = off_gated < off_plain;
    const double near = std::min(off_plain, off_gated);
    const double far = std::max(off_plain, off_gated);
    if (near <= std::log(1.10) && far >= std::log(1.15)) {
      std::string reading =
          by_count ? "gated MLP (SwiGLU): the row's parameter count matches it, not two "
                     "matrices"
                   : "MLP of two matrices: the row's parameter count matches it, not a "
                     "gated MLP";
      if (named && *named != by_count) reading += ", though the model's family suggests otherwise";
      b.assume(reading);
      return by_count;
    }
  }
  if (named) {
    b.assume(*named ? "gated MLP (SwiGLU), as in the model's family: the row does not say"
                    : "MLP of two matrices, as in the model's family: the row does not say");
    return *named;
  }
  b.assume("MLP of two matrices: neither the model's name nor its parameter count tells");
  return false;
}

// The first of `keys` that the object gives, as an integer.
std::optional<int64_t> first_int(const json& obj, std::initializer_list<const char*> keys,
                                 const std::string& path) {
  for (const char* key : keys) {
    if (const std::optional<int64_t> v = integer_field(obj, key, path)) return v;
  }
  return std::nullopt;
}

// Which layers are MoE layers, where the row's moe object says (model.moe.first_dense_layers and
// layer_freq; either unset when it does not).
struct MoeLayers {
  std::optional<int64_t> dense_first;
  std::optional<int64_t> freq;
};

// A layer pattern written as Megatron-Core's --moe-layer-freq expression: "([0]*3+[1]*58)",
// "[0,1]*24", "[1]+[0,1]*3"; nullopt when the text is not such a sum of repeated lists of 0 and 1.
std::optional<std::vector<int>> pattern_from_text(std::string text) {
  std::erase_if(text, [](char c) { return c == ' ' || c == '(' || c == ')'; });
  std::vector<int> out;
  static const std::regex kTerm(R"(^\[([01](?:,[01])*)\](?:\*(\d{1,5}))?$)");
  size_t start = 0;
  while (start <= text.size()) {
    const size_t plus = text.find('+', start);
    const std::string term = text.substr(start, plus == std::string::npos ? plus : plus - start);
    std::smatch m;
    if (!std::regex_match(term, m, kTerm)) return std::nullopt;
    std::vector<int> items;
    for (const char c : m[1].str())
      if (c == '0' || c == '1') items.push_back(c - '0');
    const int times = m[2].matched ? std::stoi(m[2].str()) : 1;
    for (int r = 0; r < times && out.size() < 100000; ++r)
      out.insert(out.end(), items.begin(), items.end());
    if (plus == std::string::npos) break;
    start = plus + 1;
  }
  return out;
}

// The first dense layers d and the frequency k a 0/1 pattern of `n` layers follows: after d dense
// layers, one MoE layer in every k, the last of each group (Llama 4, Qwen2-MoE) or the first
// (Megatron-Core's moe_layer_freq, placed as the last: the counts are the same when k divides the
// layers after d).
std::optional<MoeLayers> layers_of_pattern(const std::vector<int>& pattern) {
  const int n = static_cast<int>(pattern.size());
  const int z = static_cast<int>(std::find(pattern.begin(), pattern.end(), 1) - pattern.begin());
  if (z == n) return std::nullopt;                  // no MoE layer
  const auto follows = [&](int d, int k, int at) {  // MoE at d + at, d + at + k, …
    for (int i = 0; i < n; ++i) {
      const bool moe = i >= d && (i - d) % k == at;
      if ((pattern[static_cast<size_t>(i)] == 1) != moe) return false;
    }
    return true;
  };
  // The first MoE layer is the z-th: the last of its group (d = z − k + 1) or the first (d = z).
  for (int k = 1; k <= std::min(n, 16); ++k) {
    if (z - k + 1 >= 0 && follows(z - k + 1, k, k - 1)) return MoeLayers{z - k + 1, k};
    if ((n - z) % k == 0 && follows(z, k, 0)) return MoeLayers{z, k};
  }
  return std::nullopt;
}

// The moe-object keys that state the MoE layer frequency: Megatron-Core's, Llama 4's, Qwen2-MoE's.
constexpr std::initializer_list<const char*> kMoeFreqKeys = {
    "moe_layer_freq", "interleave_moe_layer_step", "decoder_sparse_step"};

// The row's MoE layers: first_dense_layers or first_k_dense_replace (DeepSeek's config), an MoE
// layer every k layers (moe_layer_freq, interleave_moe_layer_step, decoder_sparse_step as an
// integer), or a layer pattern (Megatron-Core's --moe-layer-freq expression, a list of 0s and 1s)
// of leading dense layers and one MoE layer in every k after them. Other patterns are refused.
MoeLayers moe_layers(const json& moe, int64_t num_layers, const std::string& path, RowBuild& b) {
  MoeLayers out;
  if (const auto n = first_int(moe, {"first_dense_layers", "first_k_dense_replace"}, path)) {
    b.assume("moe.first_dense_layers " + std::to_string(*n) + ": the row's moe object");
    out.dense_first = *n;
  }
  const char* allowed =
      "an integer k (one MoE layer in every k), or leading dense layers then one MoE layer in "
      "every k";
  for (const char* key : kMoeFreqKeys) {
    const auto it = moe.find(key);
    if (it == moe.end() || it->is_null()) continue;
    const std::string at = path + "." + key;
    std::optional<std::vector<int>> pattern;
    json value = *it;
    if (value.is_string()) {  // a text that is only a number is that number
      const std::string text = value.get<std::string>();
      if (!text.empty() && text.size() < 6 &&
          std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        value = std::stoll(text);
      }
    }
    const json* it_value = &value;
    if (it_value->is_number_integer()) {
      if (it_value->get<int64_t>() < 1)
        throw InputError(at, "is not a layer frequency", it->dump(), allowed);
      if (it_value->get<int64_t>() > 1) {
        out.freq = it_value->get<int64_t>();
        b.assume("moe.layer_freq " + std::to_string(*out.freq) + ": the row's moe." + key);
      }
      return out;
    }
    if (it_value->is_array()) {
      pattern.emplace();
      for (const json& v : *it_value) {
        if (!v.is_number_integer() || (v.get<int>() != 0 && v.get<int>() != 1)) {
          pattern.reset();
          break;
        }
        pattern->push_back(v.get<int>());
      }
    } else if (it_value->is_string()) {
      pattern = pattern_from_text(it_value->get<std::string>());
    }
    const std::optional<MoeLayers> found =
        pattern ? layers_of_pattern(*pattern) : std::optional<MoeLayers>();
    if (!found) {
      throw InputError(at,
                       "is not a layer pattern the model has (dense first layers, then one "
                       "MoE layer in every k)",
                       it->dump(), allowed);
    }
    if (static_cast<int64_t>(pattern->size()) != num_layers) {
      throw InputError(at,
                       "lists " + std::to_string(pattern->size()) + " layers, the model has " +
                           std::to_string(num_layers),
                       it->dump(), "a pattern of num_layers entries");
    }
    if (*found->dense_first > 0) out.dense_first = found->dense_first;
    if (*found->freq > 1) out.freq = found->freq;
    b.assume("moe.first_dense_layers " + std::to_string(*found->dense_first) + ", moe.layer_freq " +
             std::to_string(*found->freq) + ": the row's moe." + key + " pattern");
    return out;
  }
  return out;
}

json map_moe(const json& moe, const json& model, const std::string& path, RowBuild& b) {
  if (!moe.is_object()) {
    throw InputError(path, "is not understood", moe.dump(), "null or an object with num_experts");
  }
  const auto experts = first_int(
      moe, {"num_experts", "experts", "num_local_experts", "n_routed_experts", "moe_num_experts"},
      path);
  if (!experts) throw InputError(path + ".num_experts", "is not given", "null", "an integer");
  auto top_k = first_int(
      moe,
      {"top_k", "topk", "experts_per_token", "num_experts_per_tok", "moe_router_topk", "moe_top_k"},
      path);
  if (!top_k) {
    top_k = 2;
    b.assume("MoE top_k not given: 2");
  }
  auto ffn = first_int(
      moe,
      {"moe_ffn_hidden_size", "expert_ffn_hidden_size", "moe_intermediate_size", "ffn_hidden_size"},
      path);
  if (!ffn) {
    ffn = model.at("ffn_hidden_size").get<int64_t>();
    b.assume("MoE expert FFN size not given: the model's ffn_hidden_size");
  }
  json out = {{"num_experts", *experts}, {"top_k", *top_k}, {"moe_ffn_hidden_size", *ffn}};
  // Shared experts: a count (DeepSeek's n_shared_experts) with each one's width, or a width alone,
  // read as one expert of it (Qwen2-MoE's shared_expert_intermediate_size; Megatron-Core's
  // moe_shared_expert_intermediate_size, the shared experts' total width, split over a count).
  const auto count =
      first_int(moe, {"num_shared_experts", "shared_experts", "n_shared_experts"}, path);
  const auto each =
      first_int(moe, {"shared_expert_ffn_hidden_size", "shared_expert_intermediate_size"}, path);
  const auto total = first_int(moe, {"moe_shared_expert_intermediate_size"}, path);
  if (count && *count > 0) {
    out["num_shared_experts"] = *count;
    if (each) {
      out["shared_expert_ffn_hidden_size"] = *each;
    } else if (total) {
      out["shared_expert_ffn_hidden_size"] = *total / *count;
    }
  } else if (!count && (each || total)) {
    const int64_t width = each ? *each : *total;
    out["num_shared_experts"] = 1;
    out["shared_expert_ffn_hidden_size"] = width;
    b.assume("moe: one shared expert of " + std::to_string(width) +
             " (the row gives the shared experts' width, not their count)");
  }
  const MoeLayers layers = moe_layers(moe, model.value("num_layers", int64_t{0}), path, b);
  if (layers.dense_first) out["first_dense_layers"] = *layers.dense_first;
  if (layers.freq) out["layer_freq"] = *layers.freq;
  std::optional<double> capacity;
  for (const char* key :
       {"capacity_factor", "expert_capacity_factor", "moe_expert_capacity_factor"}) {
    if (!capacity) capacity = row_number(moe, key, path);
  }
  if (capacity) {
    out["capacity_factor"] = *capacity;
  } else {
    b.assume("MoE capacity factor not given: dropless, experts evenly loaded");
  }
  return out;
}

// Whether the row's params text is the size its model_name carries as words ("1B" of "Llama 3.2
// 1B", "0.5B" of "Qwen2.5 0.5B"): a rounded label, not a count.
bool params_is_name_size(const json& row) {
  const auto it = row.find("params");
  if (it == row.end() || !it->is_string()) return false;
  return names(words(row_text(row, "model_name")), words(it->get<std::string>()));
}

// The preset the row's model_name names ("LLAMA3_70B", "Llama 3.1 405B", "DeepSeekV3 (w/o
// MTP)"), when the row's own layer count, width and heads agree with it; else nullptr, with the
// reason in `why_not` when a preset was named.
const ModelPreset* named_preset(const json& row, RowBuild& b, std::string& why_not) {
  const std::string name = row_text(row, "model_name");
  const ModelPreset* p = find_model_preset(name);
  if (p == nullptr) return nullptr;
  const ModelConfig& m = p->model;
  const std::pair<const char*, int64_t> shape[] = {{"num_layers", m.num_layers},
                                                   {"hidden_size", m.hidden_size},
                                                   {"num_attention_heads", m.num_attention_heads}};
  for (const auto& [key, value] : shape) {
    if (const auto given = row_int(row, key); given && *given != value) {
      why_not = "model_name names preset " + p->name + " but the row's " + key + " differs (" +
                std::to_string(*given) + " vs " + std::to_string(value) + ")";
      b.assume(why_not + ": the row's figures alone");
      return nullptr;
    }
  }
  // A stated parameter count more than 10% from the preset's says the row is another model; a
  // size the name carries is rounded ("Llama 3.2 1B" counts 1.24B, "Gemma 7B" 8.5B): 35%.
  const std::optional<double> stated = stated_params(row);
  const double counted = total_params(m);
  const bool rounded = params_is_name_size(row);
  const double tolerance = rounded ? 1.35 : 1.10;
  if (stated && *stated > 0 && std::abs(std::log(counted / *stated)) > std::log(tolerance)) {
    why_not = "model_name names preset " + p->name + " but the row's parameter count differs " +
              "by more than " + (rounded ? "35% (the size its name carries)" : "10%");
    b.assume(why_not + ": the row's figures alone");
    return nullptr;
  }
  return p;
}

// Fields a row names nothing about and a preset fills, recorded for one assumption line.
struct PresetFill {
  const ModelPreset* preset = nullptr;
  std::string not_used;  // why the preset model_name names was not used, or empty
  std::vector<std::string> filled;
  void note(const std::string& what) { filled.push_back(what); }
};

int64_t given_or_preset(const json& row, const char* key, int64_t preset_value, PresetFill& f) {
  if (const auto v = row_int(row, key)) return *v;
  if (f.preset == nullptr && !f.not_used.empty()) {
    throw InputError(row_name(row) + "." + key, "is not given, and " + f.not_used, "null",
                     "an integer");
  }
  if (f.preset == nullptr) return required_int(row, key);
  f.note(std::string(key) + " " + std::to_string(preset_value));
  return preset_value;
}

// What the preset adds to an MoE section: shared experts and the first dense layers, unless the
// row's own moe object states them.
void fill_moe_extras(json& out, const json* row_moe, const MoeConfig& preset, PresetFill& f) {
  // The preset's shared experts, unless the row's moe object gives a count (0 included) or a
  // width (map_moe read them).
  const bool shared_stated =
      gives_any(row_moe, {"num_shared_experts", "shared_experts", "n_shared_experts",
                          "shared_expert_ffn_hidden_size", "shared_expert_intermediate_size",
                          "moe_shared_expert_intermediate_size"});
  if (!shared_stated && preset.num_shared_experts > 0) {
    out["num_shared_experts"] = preset.num_shared_experts;
    f.note("moe.num_shared_experts " + std::to_string(preset.num_shared_experts));
  }
  // The preset's width for as many shared experts as it has, where the row gives none.
  if (out.value("num_shared_experts", 0) == preset.num_shared_experts &&
      preset.num_shared_experts > 0 && preset.shared_expert_ffn_hidden_size > 0 &&
      !out.contains("shared_expert_ffn_hidden_size")) {
    out["shared_expert_ffn_hidden_size"] = preset.shared_expert_ffn_hidden_size;
  }
  if (preset.first_dense_layers > 0 && !out.contains("first_dense_layers")) {
    out["first_dense_layers"] = preset.first_dense_layers;
    f.note("moe.first_dense_layers " + std::to_string(preset.first_dense_layers));
  }
  // MoE in every k-th layer (Llama 4 Maverick's 2), unless the row's moe object states a frequency
  // (moe_layers, above, read it).
  const bool freq_stated = gives_any(row_moe, kMoeFreqKeys);
  if (preset.layer_freq > 1 && !freq_stated && !out.contains("layer_freq")) {
    out["layer_freq"] = preset.layer_freq;
    f.note("moe.layer_freq " + std::to_string(preset.layer_freq));
  }
}

// Multi-head latent attention the row states: the five MLA figures (DeepSeek-V2's config names)
// as numbers at the row's top level, in `other`, in its `moe` object or an `mla` object there, or
// written "kv_lora_rank 512" in a text of those; or "MLA" named in an attention text. A figure
// the row leaves out is the preset's where the preset has MLA, else DeepSeek-V3's (q 1536, kv
// 512, rope 64, nope 128, v 128: the dimensions DeepSeek-V2, V3 and Kimi K2 share), said.
// nullopt when the row states no MLA.
std::optional<json> stated_mla(const json& row, const ModelConfig* preset, RowBuild& b) {
  static const char* const kKeys[] = {"q_lora_rank", "kv_lora_rank", "qk_rope_head_dim",
                                      "qk_nope_head_dim", "v_head_dim"};
  static const std::regex kFigure(
      R"((q_lora_rank|kv_lora_rank|qk_rope_head_dim|qk_nope_head_dim|v_head_dim)\s*[=:]?\s*(\d{1,7}))");
  static const std::regex kNamed(R"((^|[^a-z])mla([^a-z]|$)|latent attention)");
  std::vector<const json*> places = {&row, &row_other(row)};
  for (const char* key : {"moe", "mla"}) {
    for (const json* obj : {&row, &row_other(row)}) {
      if (obj->is_object() && obj->contains(key) && obj->at(key).is_object()) {
        places.push_back(&obj->at(key));
      }
    }
  }
  if (const auto moe = row.find("moe");
      moe != row.end() && moe->is_object() && moe->contains("mla") && moe->at("mla").is_object()) {
    places.push_back(&moe->at("mla"));
  }
  std::map<std::string, int64_t> figures;
  bool named = false;
  for (const json* obj : places) {
    for (const char* key : kKeys) {
      if (figures.contains(key)) continue;
      if (const auto v = integer_field(*obj, key, row_name(row))) figures[key] = *v;
    }
    for (const char* key : {"attention", "attention_type", "attention_variant"}) {
      const std::string text = lower(row_text(*obj, key));
      for (std::sregex_iterator m(text.begin(), text.end(), kFigure), end; m != end; ++m) {
        figures.try_emplace((*m)[1].str(), std::stoll((*m)[2].str()));
      }
      named = named || std::regex_search(text, kNamed);
    }
  }
  if (!figures.contains("kv_lora_rank") && !named) return std::nullopt;
  const bool from_preset = preset != nullptr && preset->mla.kv_lora_rank > 0;
  const MlaConfig fill = from_preset ? preset->mla : MlaConfig{1536, 512, 64, 128, 128};
  const int64_t defaults[] = {fill.q_lora_rank, fill.kv_lora_rank, fill.qk_rope_head_dim,
                              fill.qk_nope_head_dim, fill.v_head_dim};
  json out;
  std::vector<std::string> filled;
  for (size_t i = 0; i < std::size(kKeys); ++i) {
    const auto it = figures.find(kKeys[i]);
    out[kKeys[i]] = it != figures.end() ? it->second : defaults[i];
    if (it == figures.end())
      filled.push_back(std::string(kKeys[i]) + " " + std::to_string(defaults[i]));
  }
  b.assume("multi-head latent attention as the row states it" +
           (filled.empty() ? std::string()
                           : std::string(", with ") + and_listed(filled) +
                                 (from_preset ? " from the preset"
                                              : " as DeepSeek-V3's (the row does not say)")));
  return out;
}

// head_dim (a row may give it at its top level or, as the dev-2 rows do, inside moe), MLA, MTP
// and parallel layers: from the row where it says, else from the preset.
void fill_attention(json& m, const json& row, PresetFill& f, RowBuild& b) {
  std::optional<int64_t> head_dim = row_int(row, "head_dim");
  const auto moe = row.find("moe");
  if (!head_dim && moe != row.end() && moe->is_object()) {
    head_dim = integer_field(*moe, "head_dim", row_name(row) + ".moe");
  }
  if (!head_dim && f.preset != nullptr && f.preset->model.head_dim > 0) {
    head_dim = f.preset->model.head_dim;
    f.note("head_dim " + std::to_string(*head_dim));
  }
  if (head_dim && *head_dim * m.at("num_attention_heads").get<int64_t>() !=
                      m.at("hidden_size").get<int64_t>()) {
    m["head_dim"] = *head_dim;
  }
  const std::optional<json> mla =
      stated_mla(row, f.preset != nullptr ? &f.preset->model : nullptr, b);
  if (mla) m["mla"] = *mla;
  if (f.preset == nullptr) return;
  const ModelConfig& p = f.preset->model;
  if (p.mla.kv_lora_rank > 0 && !mla) {
    m["mla"] = {{"q_lora_rank", p.mla.q_lora_rank},
                {"kv_lora_rank", p.mla.kv_lora_rank},
                {"qk_rope_head_dim", p.mla.qk_rope_head_dim},
                {"qk_nope_head_dim", p.mla.qk_nope_head_dim},
                {"v_head_dim", p.mla.v_head_dim}};
    f.note("MLA (kv_lora_rank " + std::to_string(p.mla.kv_lora_rank) + ")");
  }
  const std::string name = lower(row_text(row, "model_name"));
  const bool without_mtp = contains(name, "w/o mtp") || contains(name, "without mtp");
  if (p.mtp_layers > 0 && !without_mtp) {
    m["mtp_layers"] = p.mtp_layers;
    f.note("mtp_layers " + std::to_string(p.mtp_layers));
  }
  if (p.parallel_layers) {
    m["parallel_layers"] = true;
    f.note("parallel layers");
  }
}

// The layer-list preset the row's model_name names ("ResNet-50", "resnet50 (v1.5)"), spelled as
// the transformer presets are looked up (case, "-", "_", spaces and a remark in parentheses do not
// matter); nullptr when it names none.
const LayerListPreset* named_layer_list(const json& row) {
  const std::string key = preset_lookup_key(row_text(row, "model_name"));
  if (key.empty()) return nullptr;
  for (const LayerListPreset& p : layer_list_presets()) {
    if (key == preset_lookup_key(p.name) || key == preset_lookup_key(p.display_name)) return &p;
  }
  return nullptr;
}

}  // namespace

void map_model(const json& row, RowBuild& b) {
  // A convolutional network is its preset's layer list whole: the row's transformer fields (layers,
  // width, heads, vocabulary) do not apply to it.
  if (const LayerListPreset* net = named_layer_list(row)) {
    b.doc["model"] = {{"preset", net->name}};
    b.assume("model_name names the layer-list preset " + net->name + ": " + net->source);
    return;
  }
  if (const std::string why = state_space_evidence(row); !why.empty()) {
    throw InputError(row_name(row) + ".model_name",
                     "is a state-space or hybrid model (" + why +
                         "): its Mamba or recurrent mixer layers are not modelled, and pricing "
                         "every layer as a transformer layer would misstate its work",
                     row_text(row, "model_name"),
                     "a dense or MoE transformer, or a layer-list model");
  }
  json m;
  PresetFill f;
  f.preset = named_preset(row, b, f.not_used);
  const ModelConfig* p = f.preset != nullptr ? &f.preset->model : nullptr;
  const int64_t hidden = given_or_preset(row, "hidden_size", p ? p->hidden_size : 0, f);
  const int64_t heads =
      given_or_preset(row, "num_attention_heads", p ? p->num_attention_heads : 0, f);
  m["num_layers"] = given_or_preset(row, "num_layers", p ? p->num_layers : 0, f);
  m["hidden_size"] = hidden;
  m["num_attention_heads"] = heads;
  if (const auto kv = row_int(row, "num_kv_heads")) {
    m["num_kv_heads"] = *kv;
  } else if (p != nullptr) {
    m["num_kv_heads"] = p->num_kv_heads;
    f.note("num_kv_heads " + std::to_string(p->num_kv_heads));
  } else {
    m["num_kv_heads"] = heads;
    b.assume("num_kv_heads not given: = num_attention_heads (multi-head attention)");
  }
  if (const auto ffn = row_int(row, "ffn_hidden_size")) {
    m["ffn_hidden_size"] = *ffn;
  } else if (p != nullptr) {
    m["ffn_hidden_size"] = p->ffn_hidden_size;
    f.note("ffn_hidden_size " + std::to_string(p->ffn_hidden_size));
  } else {
    m["ffn_hidden_size"] = 4 * hidden;
    b.assume("ffn_hidden_size not given: 4 × hidden_size");
  }
  m["seq_length"] = given_or_preset(row, "seq_length", p ? p->seq_length : 0, f);
  m["vocab_size"] = given_or_preset(row, "vocab_size", p ? p->vocab_size : 0, f);
  const auto moe = row.find("moe");
  const bool row_moe = moe != row.end() && !moe->is_null();
  if (row_moe) {
    m["moe"] = map_moe(*moe, m, row_name(row) + ".moe", b);
  } else if (p != nullptr && p->moe.num_experts > 0) {
    m["moe"] = {{"num_experts", p->moe.num_experts},
                {"top_k", p->moe.top_k},
                {"moe_ffn_hidden_size", p->moe.moe_ffn_hidden_size}};
    f.note("MoE " + std::to_string(p->moe.num_experts) + " experts, top-" +
           std::to_string(p->moe.top_k));
  }
  if (p != nullptr && m.contains("moe") &&
      m["moe"].at("num_experts").get<int>() == p->moe.num_experts) {
    fill_moe_extras(m["moe"], row_moe ? &*moe : nullptr, p->moe, f);
  }
  fill_attention(m, row, f, b);
  if (p != nullptr) {
    m["gated_mlp"] = p->gated_mlp;
    m["tied_embeddings"] = p->tied_embeddings;
    m["hidden_dropout"] = p->hidden_dropout;
    m["position_embedding"] = to_string(p->position_embedding);
    b.assume(std::string(p->gated_mlp ? "gated MLP (SwiGLU)" : "MLP of two matrices") +
             (p->tied_embeddings ? ", tied embeddings" : ", separate input/output embeddings") +
             (p->hidden_dropout > 0.0 ? ", dropout" : ", no dropout") + ", " +
             to_string(p->position_embedding) + " positions, as preset " + f.preset->name +
             " (the row's model_name) has them");
    if (!f.filled.empty()) {
      b.assume("model fields the row leaves out, from preset " + f.preset->name + ": " +
               join(f.filled, "; "));
    }
    stated_dropout(row, m, b);
    b.doc["model"] = std::move(m);
    return;
  }
  const bool gated = gated_mlp(row, m, b);
  m["gated_mlp"] = gated;
  // GPT-style models (Megatron, NeMo GPT, MPT) share the input and output embedding; Llama does
  // not.
  m["tied_embeddings"] = !gated;
  // Llama-convention models train without dropout; GPT-style ones keep Megatron's 0.1, except
  // the families whose configs turn it off.
  const bool no_dropout_family = !gated && trains_without_dropout(row_text(row, "model_name"));
  m["hidden_dropout"] = gated || no_dropout_family ? 0.0 : 0.1;
  b.assume(gated ? "separate input/output embeddings and no dropout (Llama convention): the row "
                   "does not say"
           : no_dropout_family
               ? "tied input/output embeddings (GPT convention) and no dropout (the model "
                 "family's configs: MPT, Pythia and Falcon train without it): the row does not say"
               : "tied input/output embeddings and dropout 0.1 (GPT convention, Megatron's "
                 "default): the row does not say");
  const std::optional<PositionEmbedding> named = positions_by_name(row_text(row, "model_name"));
  const PositionEmbedding positions =
      named.value_or(gated ? PositionEmbedding::rope : PositionEmbedding::learned);
  m["position_embedding"] = to_string(positions);
  b.assume(std::string(to_string(positions)) + " positions, " +
           (named ? "as in the model's family" : "by the convention above") +
           ": the row does not say");
  stated_dropout(row, m, b);
  b.doc["model"] = std::move(m);
}

}  // namespace wt::validation
