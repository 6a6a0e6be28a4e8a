// Model rules: required fields, derived defaults, and the shape constraints of attention and MoE.
#include <string>

#include "sim/core/error.hpp"
#include "sim/scenario/fields.hpp"
#include "sim/scenario/validate_rules.hpp"

namespace wt {
namespace {

std::string allowed_for(const std::string& path) {
  for (const FieldInfo& f : scenario_fields()) {
    if (f.path == path) return f.allowed_text;
  }
  return "";
}

void require(int64_t value, const std::string& path, const std::string& how) {
  if (value > 0) return;
  throw InputError(path, "required: " + how, "", allowed_for(path));
}

}  // namespace

void check_required_fields(const Scenario& s) {
  const std::string model_how = "give it, or a model.preset or model.hf_config that sets it";
  const ModelConfig& m = s.model;
  require(m.num_layers, "model.num_layers", model_how);
  require(m.hidden_size, "model.hidden_size", model_how);
  require(m.num_attention_heads, "model.num_attention_heads", model_how);
  require(m.seq_length, "model.seq_length", model_how);
  require(m.vocab_size, "model.vocab_size", model_how);
  require(s.training.global_batch_size, "training.global_batch_size", "sequences per step");
}

void fill_model_defaults(Scenario& s) {
  ModelConfig& m = s.model;
  if (m.num_kv_heads == 0) m.num_kv_heads = m.num_attention_heads;
  if (m.ffn_hidden_size == 0) m.ffn_hidden_size = 4 * m.hidden_size;
  if (m.moe.num_experts > 0 && m.moe.moe_ffn_hidden_size == 0) {
    m.moe.moe_ffn_hidden_size = m.ffn_hidden_size;
  }
}

void check_model_shape(const Scenario& s) {
  const ModelConfig& m = s.model;
  const std::string heads = std::to_string(m.num_attention_heads);
  if (m.hidden_size % m.num_attention_heads != 0) {
    throw InputError("model.hidden_size",
                     "must be divisible by model.num_attention_heads (" + heads + ")",
                     std::to_string(m.hidden_size), "a multiple of " + heads);
  }
  if (m.num_kv_heads > m.num_attention_heads || m.num_attention_heads % m.num_kv_heads != 0) {
    throw InputError("model.num_kv_heads", "must divide model.num_attention_heads (" + heads + ")",
                     std::to_string(m.num_kv_heads), "a divisor of " + heads);
  }
  const MoeConfig& moe = m.moe;
  if (moe.num_experts > 0 && (moe.top_k < 1 || moe.top_k > moe.num_experts)) {
    throw InputError("model.moe.top_k", "must be between 1 and model.moe.num_experts",
                     std::to_string(moe.top_k), "1 .. " + std::to_string(moe.num_experts));
  }
  if (moe.num_experts == 0 && moe.top_k != 0) {
    throw InputError("model.moe.top_k", "needs model.moe.num_experts > 0 (this model is dense)",
                     std::to_string(moe.top_k), "0 for a dense model");
  }
  if (moe.num_experts == 0 && moe.capacity_factor != 0.0) {
    throw InputError("model.moe.capacity_factor",
                     "needs model.moe.num_experts > 0 (this model is dense)",
                     std::to_string(moe.capacity_factor), "0 for a dense model");
  }
  if (moe.num_experts == 0 && moe.moe_ffn_hidden_size != 0) {
    throw InputError("model.moe.moe_ffn_hidden_size",
                     "needs model.moe.num_experts > 0 (this model is dense)",
                     std::to_string(moe.moe_ffn_hidden_size), "0 for a dense model");
  }
}

}  // namespace wt
