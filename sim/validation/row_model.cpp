// doc["model"] from a row: architecture fields, the defaults the row leaves open, and MoE.
#include <algorithm>
#include <cmath>
#include <optional>

#include "sim/core/error.hpp"
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

// The row's "params": a number, or text such as "8.03B".
std::optional<double> stated_params(const json& row) {
  const auto it = row.find("params");
  if (it == row.end()) return std::nullopt;
  if (it->is_number()) return it->get<double>();
  if (it->is_string()) return count_with_unit(it->get<std::string>());
  return std::nullopt;
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

json map_moe(const json& moe, const json& model, const std::string& path, RowBuild& b) {
  if (!moe.is_object()) {
    throw InputError(path, "is not understood", moe.dump(), "null or an object with num_experts");
  }
  const auto experts = first_int(moe, {"num_experts", "experts", "num_local_experts"}, path);
  if (!experts) throw InputError(path + ".num_experts", "is not given", "null", "an integer");
  auto top_k = first_int(moe, {"top_k", "topk", "experts_per_token", "num_experts_per_tok"}, path);
  if (!top_k) {
    top_k = 2;
    b.assume("MoE top_k not given: 2");
  }
  auto ffn =
      first_int(moe, {"moe_ffn_hidden_size", "expert_ffn_hidden_size", "ffn_hidden_size"}, path);
  if (!ffn) {
    ffn = model.at("ffn_hidden_size").get<int64_t>();
    b.assume("MoE expert FFN size not given: the model's ffn_hidden_size");
  }
  json out = {{"num_experts", *experts}, {"top_k", *top_k}, {"moe_ffn_hidden_size", *ffn}};
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

}  // namespace

void map_model(const json& row, RowBuild& b) {
  json m;
  const int64_t hidden = required_int(row, "hidden_size");
  const int64_t heads = required_int(row, "num_attention_heads");
  m["num_layers"] = required_int(row, "num_layers");
  m["hidden_size"] = hidden;
  m["num_attention_heads"] = heads;
  if (const auto kv = row_int(row, "num_kv_heads")) {
    m["num_kv_heads"] = *kv;
  } else {
    m["num_kv_heads"] = heads;
    b.assume("num_kv_heads not given: = num_attention_heads (multi-head attention)");
  }
  if (const auto ffn = row_int(row, "ffn_hidden_size")) {
    m["ffn_hidden_size"] = *ffn;
  } else {
    m["ffn_hidden_size"] = 4 * hidden;
    b.assume("ffn_hidden_size not given: 4 × hidden_size");
  }
  m["seq_length"] = required_int(row, "seq_length");
  m["vocab_size"] = required_int(row, "vocab_size");
  const auto moe = row.find("moe");
  if (moe != row.end() && !moe->is_null()) {
    m["moe"] = map_moe(*moe, m, row_name(row) + ".moe", b);
  }
  const bool gated = gated_mlp(row, m, b);
  m["gated_mlp"] = gated;
  // GPT-style models (Megatron, NeMo GPT, MPT) share the input and output embedding; Llama does
  // not.
  m["tied_embeddings"] = !gated;
  b.assume(gated ? "separate input/output embeddings (Llama convention): the row does not say"
                 : "tied input/output embeddings (GPT/MPT convention): the row does not say");
  b.doc["model"] = std::move(m);
}

}  // namespace wt::validation
