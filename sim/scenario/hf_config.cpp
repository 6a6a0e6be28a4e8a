// Hugging Face config.json import: Llama, Mistral, Qwen, Gemma and the like; GPT-2's key names;
// the MoE keys of Mixtral, Qwen-MoE, DeepSeek and GPT-OSS; DeepSeek's MLA and MTP keys. Every key
// the import does not read is listed in a warning.
#include <algorithm>
#include <limits>
#include <set>

#include "core/error.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/scenario/presets.hpp"
#include "sim/scenario/text_util.hpp"

namespace wt {
namespace {

using nlohmann::json;

// The file's keys, read by name; each read (present or not) marks the key as used.
class HfConfig {
 public:
  HfConfig(json doc, std::string file, std::string json_path)
      : doc_(std::move(doc)), file_(std::move(file)), json_path_(std::move(json_path)) {}

  bool has(const std::string& key) const {
    used_.insert(key);
    return doc_.contains(key) && !doc_[key].is_null();
  }

  // The first of `keys` the file gives (non-null), or "" when none.
  std::string first_of(std::initializer_list<const char*> keys) const {
    for (const char* key : keys) {
      if (has(key)) return key;
    }
    return "";
  }

  int64_t required_integer(std::initializer_list<const char*> keys) const {
    const std::string key = first_of(keys);
    if (key.empty()) {
      const std::string names = join(std::vector<std::string>(keys.begin(), keys.end()), " or ");
      throw InputError(json_path_, "key " + in_quotes(*keys.begin()) + " missing in " + file_, "",
                       "a Hugging Face config.json with " + names);
    }
    return integer(key, 1);
  }

  int64_t integer_or(std::initializer_list<const char*> keys, int64_t fallback) const {
    const std::string key = first_of(keys);
    return key.empty() ? fallback : integer(key, 1);
  }

  // A count that may be 0 (first_k_dense_replace, n_shared_experts, ...).
  int64_t count_or(const std::string& key, int64_t fallback) const {
    return has(key) ? integer(key, 0) : fallback;
  }

  // Whether the file has the key at all, null or not (GPT-2's "n_inner": null means 4h).
  bool mentions(const std::string& key) const {
    used_.insert(key);
    return doc_.contains(key);
  }

  // A list key (Qwen-MoE's mlp_only_layers) that holds at least one entry.
  bool nonempty_list(const std::string& key) const {
    used_.insert(key);
    return doc_.contains(key) && doc_[key].is_array() && !doc_[key].empty();
  }

  bool boolean_or(const std::string& key, bool fallback) const {
    if (!has(key)) return fallback;
    if (!doc_[key].is_boolean()) throw bad_value(key, "true or false");
    return doc_[key].get<bool>();
  }

  // A rate in [0, 1] (a dropout probability).
  double rate_or(std::initializer_list<const char*> keys, double fallback) const {
    const std::string key = first_of(keys);
    if (key.empty()) return fallback;
    const json& v = doc_[key];
    if (!v.is_number() || v.get<double>() < 0.0 || v.get<double>() > 1.0) {
      throw bad_value(key, "a number from 0 to 1");
    }
    return v.get<double>();
  }

  std::string string_or(std::initializer_list<const char*> keys,
                        const std::string& fallback) const {
    const std::string key = first_of(keys);
    if (key.empty()) return fallback;
    if (!doc_[key].is_string()) throw bad_value(key, "a string");
    return doc_[key].get<std::string>();
  }

  std::vector<std::string> unread_keys() const {
    std::vector<std::string> out;
    for (const auto& item : doc_.items()) {
      if (!used_.contains(item.key())) out.push_back(item.key());
    }
    return out;
  }

  const std::string& file() const { return file_; }

 private:
  int64_t integer(const std::string& key, int64_t least) const {
    const json& v = doc_[key];
    constexpr auto kMax = static_cast<int64_t>(std::numeric_limits<int>::max());
    if (!v.is_number_integer() || v.get<int64_t>() < least || v.get<int64_t>() > kMax) {
      throw bad_value(key, least == 0 ? "a non-negative integer" : "a positive integer");
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
  mutable std::set<std::string> used_;
};

// Families whose MLP is gated (SwiGLU, GeGLU) whatever their activation is called.
bool gated_family(const std::string& model_type) {
  for (const char* family : {"llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3",
                             "qwen3_moe", "gemma", "gemma2", "gemma3", "gemma3_text", "deepseek_v2",
                             "deepseek_v3", "gpt_oss", "phi3", "olmo", "olmo2"}) {
    if (model_type == family) return true;
  }
  return false;
}

// Positions (docs/models.md, "Positions"): ALiBi where the family uses it (BLOOM, MPT) or the
// file says so (Falcon's "alibi"); rotary where a rotary key is given (rope_theta, rope_scaling,
// rotary_pct, rotary_dim, partial_rotary_factor) or the family is rotary; learned where the file
// names absolute positions (BERT's position_embedding_type) or the family has them (GPT-2, OPT);
// otherwise learned, with a note.
PositionEmbedding positions_from(const HfConfig& cfg, const std::string& model_type,
                                 std::vector<std::string>& notes) {
  const bool alibi_flag = cfg.boolean_or("alibi", false);
  if (model_type == "bloom" || model_type == "mpt" || alibi_flag) return PositionEmbedding::alibi;
  bool rotary_key = false;
  for (const char* key : {"rope_theta", "rope_scaling", "rotary_pct", "rotary_dim",
                          "partial_rotary_factor", "rotary_emb_base", "rope_interleaved"}) {
    rotary_key = cfg.has(key) || rotary_key;  // each read, so none is listed as not imported
  }
  const std::string type = cfg.string_or({"position_embedding_type"}, "");
  if (type == "absolute") return PositionEmbedding::learned;
  if (type == "rotary" || type == "rope" || rotary_key) return PositionEmbedding::rope;
  for (const char* family :
       {"llama",       "mistral", "mixtral",  "qwen2",  "qwen2_moe",   "qwen3",
        "qwen3_moe",   "gemma",   "gemma2",   "gemma3", "gemma3_text", "deepseek_v2",
        "deepseek_v3", "gpt_oss", "phi3",     "olmo",   "olmo2",       "gpt_neox",
        "gptj",        "falcon",  "nemotron", "phi"}) {
    if (model_type == family) return PositionEmbedding::rope;
  }
  for (const char* family : {"gpt2", "opt", "bert", "roberta", "gpt_bigcode"}) {
    if (model_type == family) return PositionEmbedding::learned;
  }
  notes.push_back("model.hf_config: " + cfg.file() +
                  " names no rotary or ALiBi positions: position_embedding = learned");
  return PositionEmbedding::learned;
}

bool is_gated_activation(const std::string& act) {
  const std::string a = to_lower(act);
  return a == "silu" || a == "swiglu" || a == "swish";
}

struct Import {
  ModelConfig model;
  std::vector<std::string> notes;
};

void read_attention(const HfConfig& cfg, Import& out) {
  ModelConfig& m = out.model;
  m.num_attention_heads = static_cast<int>(cfg.required_integer({"num_attention_heads", "n_head"}));
  if (cfg.boolean_or("multi_query", false)) {
    m.num_kv_heads = 1;  // Falcon-7B
  } else {
    m.num_kv_heads = static_cast<int>(cfg.integer_or(
        {"num_key_value_heads", "num_kv_heads", "n_head_kv"}, m.num_attention_heads));
  }
  const int64_t head_dim = cfg.integer_or({"head_dim"}, 0);
  if (head_dim > 0 && head_dim * m.num_attention_heads != m.hidden_size) m.head_dim = head_dim;
  m.parallel_layers =
      cfg.boolean_or("parallel_attn", false) || cfg.boolean_or("use_parallel_residual", false);
  // The residual-path dropout (GPT-2 resid_pdrop, NeoX/BLOOM hidden_dropout, OPT dropout);
  // Llama-era configs have none, and train without.
  m.hidden_dropout = cfg.rate_or({"hidden_dropout", "resid_pdrop", "dropout"}, 0.0);
  if (cfg.has("kv_lora_rank")) {
    MlaConfig& mla = m.mla;
    mla.kv_lora_rank = cfg.required_integer({"kv_lora_rank"});
    mla.q_lora_rank = cfg.integer_or({"q_lora_rank"}, 0);  // null in DeepSeek-V2-Lite
    mla.qk_rope_head_dim = cfg.required_integer({"qk_rope_head_dim"});
    mla.qk_nope_head_dim = cfg.required_integer({"qk_nope_head_dim"});
    mla.v_head_dim = cfg.required_integer({"v_head_dim"});
  }
}

// Routed experts (num_local_experts: Mixtral, GPT-OSS; n_routed_experts: DeepSeek; num_experts:
// Qwen-MoE), their width (moe_intermediate_size, else intermediate_size as in Mixtral), shared
// experts and the first dense layers.
void read_moe(const HfConfig& cfg, Import& out) {
  ModelConfig& m = out.model;
  const std::string experts_key =
      cfg.first_of({"num_local_experts", "n_routed_experts", "num_experts"});
  if (experts_key.empty()) return;
  MoeConfig& moe = m.moe;
  moe.num_experts = static_cast<int>(cfg.required_integer({experts_key.c_str()}));
  moe.top_k = static_cast<int>(cfg.required_integer({"num_experts_per_tok"}));
  moe.moe_ffn_hidden_size = cfg.integer_or({"moe_intermediate_size"}, m.ffn_hidden_size);
  if (const int64_t shared = cfg.count_or("n_shared_experts", 0); shared > 0) {
    moe.num_shared_experts = static_cast<int>(shared);  // DeepSeek: each of moe_intermediate_size
    moe.shared_expert_ffn_hidden_size = moe.moe_ffn_hidden_size;
  }
  if (const int64_t width = cfg.count_or("shared_expert_intermediate_size", 0); width > 0) {
    moe.num_shared_experts = 1;  // Qwen2-MoE: one shared expert of that width
    moe.shared_expert_ffn_hidden_size = width;
  }
  moe.first_dense_layers = static_cast<int>(cfg.count_or("first_k_dense_replace", 0));
  // MoE in every k-th layer: Llama 4's interleave_moe_layer_step and Qwen2-MoE's
  // decoder_sparse_step ((i + 1) % k == 0, the last of each group, as model.moe.layer_freq
  // places it), DeepSeek's moe_layer_freq.
  for (const char* key : {"interleave_moe_layer_step", "decoder_sparse_step", "moe_layer_freq"}) {
    if (const int64_t k = cfg.count_or(key, 1); k > 1) {
      moe.layer_freq = static_cast<int>(k);
      break;
    }
  }
  if (cfg.nonempty_list("mlp_only_layers")) {
    out.notes.push_back("model.hf_config: " + cfg.file() +
                        " lists mlp_only_layers (dense layers among the MoE ones); imported as MoE "
                        "in every layer after first_k_dense_replace");
  }
}

Import model_from(const HfConfig& cfg) {
  Import out;
  ModelConfig& m = out.model;
  m.num_layers = static_cast<int>(cfg.required_integer({"num_hidden_layers", "n_layer"}));
  m.hidden_size = cfg.required_integer({"hidden_size", "n_embd", "d_model"});
  read_attention(cfg, out);
  const std::string model_type = cfg.string_or({"model_type"}, "");
  m.ffn_hidden_size =
      cfg.integer_or({"intermediate_size", "n_inner", "ffn_dim", "ffn_hidden_size"}, 0);
  if (m.ffn_hidden_size == 0) {
    m.ffn_hidden_size = 4 * m.hidden_size;
    // GPT-2: n_inner absent or null means 4 x n_embd.
    const bool gpt2_default = model_type == "gpt2" || cfg.mentions("n_inner");
    if (!gpt2_default) {
      out.notes.push_back("model.hf_config: " + cfg.file() +
                          " gives no intermediate_size: ffn_hidden_size = 4 x hidden_size");
    }
  }
  m.vocab_size = cfg.required_integer({"vocab_size"});
  const std::string seq_key = cfg.first_of({"max_position_embeddings", "n_positions"});
  if (!seq_key.empty()) {
    m.seq_length = cfg.integer_or({seq_key.c_str()}, 0);
    out.notes.push_back("model.seq_length " + std::to_string(m.seq_length) + " is " + seq_key +
                        " of " + cfg.file() +
                        ", the longest context the model supports, not necessarily its "
                        "training length: give model.seq_length beside model.hf_config to set it");
  }
  m.gated_mlp = gated_family(model_type) ||
                is_gated_activation(
                    cfg.string_or({"hidden_act", "hidden_activation", "activation_function"}, ""));
  m.tied_embeddings = cfg.boolean_or("tie_word_embeddings", true);  // HF's default
  m.position_embedding = positions_from(cfg, model_type, out.notes);
  read_moe(cfg, out);
  m.mtp_layers = static_cast<int>(cfg.count_or("num_nextn_predict_layers", 0));
  const std::vector<std::string> unread = cfg.unread_keys();
  if (!unread.empty()) {
    out.notes.push_back("model.hf_config: keys of " + cfg.file() +
                        " not imported (no field of the model reads them): " + join(unread));
  }
  return out;
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

ModelConfig load_hf_config(const std::string& file, const std::string& json_path,
                           std::vector<std::string>* warnings) {
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
  Import imported = model_from(HfConfig(std::move(doc), file, json_path));
  imported.model.hf_config = file;
  if (warnings != nullptr) {
    warnings->insert(warnings->end(), imported.notes.begin(), imported.notes.end());
  }
  return imported.model;
}

}  // namespace wt
