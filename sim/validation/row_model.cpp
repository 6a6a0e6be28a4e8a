// doc["model"] from a row: architecture fields, the defaults the row leaves open, and MoE.
#include "sim/core/error.hpp"
#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_sections.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

// Families whose MLP is gated (SwiGLU: three h×f matrices), which the rows do not state.
bool gated_family(const std::string& model_name) {
  const std::string n = lower(model_name);
  return contains(n, "llama") || contains(n, "mistral") || contains(n, "mixtral");
}

// The first of `keys` that the object gives, as an integer.
std::optional<int64_t> first_int(const json& obj, std::initializer_list<const char*> keys,
                                 const std::string& path) {
  for (const char* key : keys) {
    if (const std::optional<double> v = row_number(obj, key, path)) {
      return static_cast<int64_t>(*v);
    }
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
  const bool gated = gated_family(row_text(row, "model_name"));
  m["gated_mlp"] = gated;
  if (gated) b.assume("gated MLP (SwiGLU) for the Llama/Mistral family: the row does not say");
  // GPT-style models (Megatron, NeMo GPT, MPT) share the input and output embedding; Llama does
  // not.
  m["tied_embeddings"] = !gated;
  b.assume(gated ? "separate input/output embeddings (Llama convention): the row does not say"
                 : "tied input/output embeddings (GPT/MPT convention): the row does not say");
  const auto moe = row.find("moe");
  if (moe != row.end() && !moe->is_null()) {
    m["moe"] = map_moe(*moe, m, row_name(row) + ".moe", b);
  }
  b.doc["model"] = std::move(m);
}

}  // namespace wt::validation
