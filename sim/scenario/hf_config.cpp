// Hugging Face config.json import (LlamaConfig, MistralConfig, MixtralConfig and the like).
#include <limits>

#include "sim/core/error.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/scenario/presets.hpp"
#include "sim/scenario/text_util.hpp"

namespace wt {
namespace {

using nlohmann::json;

class HfConfig {
 public:
  HfConfig(json doc, std::string file, std::string json_path)
      : doc_(std::move(doc)), file_(std::move(file)), json_path_(std::move(json_path)) {}

  bool has(const std::string& key) const { return doc_.contains(key) && !doc_[key].is_null(); }

  int64_t required_integer(const std::string& key) const {
    if (!has(key)) {
      throw InputError(json_path_, "key " + in_quotes(key) + " missing in " + file_, "",
                       "a Hugging Face config.json with " + key);
    }
    return integer(key);
  }

  int64_t integer_or(const std::string& key, int64_t fallback) const {
    return has(key) ? integer(key) : fallback;
  }

  bool boolean_or(const std::string& key, bool fallback) const {
    if (!has(key)) return fallback;
    if (!doc_[key].is_boolean()) throw bad_value(key, "true or false");
    return doc_[key].get<bool>();
  }

  std::string string_or(const std::string& key, const std::string& fallback) const {
    if (!has(key)) return fallback;
    if (!doc_[key].is_string()) throw bad_value(key, "a string");
    return doc_[key].get<std::string>();
  }

 private:
  int64_t integer(const std::string& key) const {
    const json& v = doc_[key];
    constexpr auto kMax = static_cast<int64_t>(std::numeric_limits<int>::max());
    if (!v.is_number_integer() || v.get<int64_t>() < 1 || v.get<int64_t>() > kMax) {
      throw bad_value(key, "a positive integer");
    }
    return v.get<int64_t>();
  }

  InputError bad_value(const std::string& key, const std::string& allowed) const {
    return InputError(json_path_, "key " + in_quotes(key) + " in " + file_ + " has a bad value",
                      value_text(doc_[key]), allowed);
  }

  json doc_;
  std::string file_;
  std::string json_path_;
};

bool is_gated_activation(const std::string& act) {
  const std::string a = to_lower(act);
  return a == "silu" || a == "swiglu" || a == "swish";
}

ModelConfig model_from(const HfConfig& cfg) {
  ModelConfig m;
  m.num_layers = static_cast<int>(cfg.required_integer("num_hidden_layers"));
  m.hidden_size = cfg.required_integer("hidden_size");
  m.num_attention_heads = static_cast<int>(cfg.required_integer("num_attention_heads"));
  m.num_kv_heads = static_cast<int>(cfg.integer_or("num_key_value_heads", m.num_attention_heads));
  m.ffn_hidden_size = cfg.required_integer("intermediate_size");
  m.vocab_size = cfg.required_integer("vocab_size");
  m.seq_length = cfg.integer_or("max_position_embeddings", 0);
  m.gated_mlp = is_gated_activation(cfg.string_or("hidden_act", ""));
  m.tied_embeddings = cfg.boolean_or("tie_word_embeddings", true);  // HF's default
  if (cfg.has("num_local_experts")) {
    m.moe.num_experts = static_cast<int>(cfg.integer_or("num_local_experts", 0));
    m.moe.top_k = static_cast<int>(cfg.required_integer("num_experts_per_tok"));
    m.moe.moe_ffn_hidden_size = m.ffn_hidden_size;
  }
  return m;
}

// Syntax errors and duplicate keys inside the file, reported at `json_path` with the file named.
json parse_file_json(const std::string& text, const std::string& file,
                     const std::string& json_path) {
  try {
    return parse_json_text(text, "");
  } catch (const InputError& e) {
    const std::string where = e.path().empty() ? file : file + " at " + e.path();
    throw InputError(json_path, where + ": " + e.problem(), e.value(), e.allowed());
  }
}

}  // namespace

ModelConfig load_hf_config(const std::string& file, const std::string& json_path) {
  const std::optional<std::string> text = read_text_file(file);
  if (!text) {
    throw InputError(json_path, "file not found or unreadable", file,
                     "a Hugging Face config.json (path relative to the scenario's folder)");
  }
  json doc = parse_file_json(*text, file, json_path);
  if (!doc.is_object()) {
    throw InputError(json_path, file + " is not a JSON object", value_text(doc),
                     "a Hugging Face config.json");
  }
  ModelConfig m = model_from(HfConfig(std::move(doc), file, json_path));
  m.hf_config = file;
  return m;
}

}  // namespace wt
