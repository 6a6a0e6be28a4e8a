// Model rules: required fields, derived defaults, and the shape constraints of attention and MoE.
#include <string>

#include "core/error.hpp"
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

InputError needs_moe(const std::string& path, int64_t value) {
  return InputError(path, "needs model.moe.num_experts > 0 (this model is dense)",
                    std::to_string(value), "0 for a dense model");
}

void check_moe_extras(const ModelConfig& m) {
  const MoeConfig& moe = m.moe;
  if (moe.num_experts == 0 && moe.num_shared_experts != 0) {
    throw needs_moe("model.moe.num_shared_experts", moe.num_shared_experts);
  }
  if (moe.num_experts == 0 && moe.first_dense_layers != 0) {
    throw needs_moe("model.moe.first_dense_layers", moe.first_dense_layers);
  }
  if (moe.num_shared_experts == 0 && moe.shared_expert_ffn_hidden_size != 0) {
    throw InputError("model.moe.shared_expert_ffn_hidden_size",
                     "needs model.moe.num_shared_experts > 0",
                     std::to_string(moe.shared_expert_ffn_hidden_size), "0 without shared experts");
  }
  if (moe.first_dense_layers >= m.num_layers) {
    throw InputError("model.moe.first_dense_layers",
                     "must leave at least one MoE layer of model.num_layers (" +
                         std::to_string(m.num_layers) + ")",
                     std::to_string(moe.first_dense_layers),
                     "0 .. " + std::to_string(m.num_layers - 1));
  }
  if (moe.num_experts == 0 && moe.layer_freq != 1) {
    throw InputError("model.moe.layer_freq",
                     "needs model.moe.num_experts > 0 (this model is dense)",
                     std::to_string(moe.layer_freq), "1 for a dense model");
  }
  const int after = m.num_layers - moe.first_dense_layers;
  if (moe.layer_freq > after) {
    throw InputError("model.moe.layer_freq",
                     "must leave at least one MoE layer: " + std::to_string(after) +
                         " layers follow the first dense ones",
                     std::to_string(moe.layer_freq), "1 .. " + std::to_string(after));
  }
}

void check_mla(const ModelConfig& m) {
  const MlaConfig& x = m.mla;
  const std::pair<const char*, int64_t> dims[] = {
      {"model.mla.qk_rope_head_dim", x.qk_rope_head_dim},
      {"model.mla.qk_nope_head_dim", x.qk_nope_head_dim},
      {"model.mla.v_head_dim", x.v_head_dim}};
  if (x.kv_lora_rank > 0) {
    for (const auto& [path, value] : dims) {
      if (value == 0) {
        throw InputError(path, "required with model.mla.kv_lora_rank > 0 (MLA)", "0",
                         "1 .. 100000");
      }
    }
    return;
  }
  if (x.q_lora_rank != 0) {
    throw InputError("model.mla.q_lora_rank", "needs model.mla.kv_lora_rank > 0 (MLA)",
                     std::to_string(x.q_lora_rank), "0 without MLA");
  }
  for (const auto& [path, value] : dims) {
    if (value != 0) {
      throw InputError(path, "needs model.mla.kv_lora_rank > 0 (MLA)", std::to_string(value),
                       "0 without MLA");
    }
  }
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
  if (!s.serving.enabled) {
    require(s.training.global_batch_size, "training.global_batch_size", "sequences per step");
  }
}

void fill_model_defaults(Scenario& s) {
  fill_model_defaults(s.model);
}

void fill_model_defaults(ModelConfig& m) {
  if (m.num_kv_heads == 0) m.num_kv_heads = m.num_attention_heads;
  if (m.ffn_hidden_size == 0) m.ffn_hidden_size = 4 * m.hidden_size;
  if (m.moe.num_experts > 0 && m.moe.moe_ffn_hidden_size == 0) {
    m.moe.moe_ffn_hidden_size = m.ffn_hidden_size;
  }
  if (m.moe.num_shared_experts > 0 && m.moe.shared_expert_ffn_hidden_size == 0) {
    m.moe.shared_expert_ffn_hidden_size = m.moe.moe_ffn_hidden_size;
  }
  if (m.head_dim == 0 && m.num_attention_heads > 0) {
    m.head_dim = m.hidden_size / m.num_attention_heads;
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
  if (moe.load_imbalance != 1.0 && (moe.num_experts == 0 || moe.capacity_factor > 0.0)) {
    throw InputError("model.moe.load_imbalance",
                     moe.num_experts == 0
                         ? "needs model.moe.num_experts > 0 (this model is dense)"
                         : "applies to dropless routing only: model.moe.capacity_factor caps "
                           "every expert at its capacity",
                     std::to_string(moe.load_imbalance),
                     moe.num_experts == 0 ? "1 for a dense model"
                                          : "1, or model.moe.capacity_factor 0 (dropless)");
  }
  if (moe.num_experts == 0 && moe.moe_ffn_hidden_size != 0) {
    throw InputError("model.moe.moe_ffn_hidden_size",
                     "needs model.moe.num_experts > 0 (this model is dense)",
                     std::to_string(moe.moe_ffn_hidden_size), "0 for a dense model");
  }
  check_moe_extras(m);
  check_mla(m);
}

void add_model_warnings(Scenario& s) {
  const ModelConfig& m = s.model;
  // The Hugging Face import's note that seq_length is the file's max_position_embeddings no longer
  // holds when the file or --set gave model.seq_length another value.
  const std::string imported = "model.seq_length " + std::to_string(m.seq_length) + " is ";
  std::erase_if(s.warnings, [&](const std::string& w) {
    return w.starts_with("model.seq_length ") && w.find("model.hf_config") != std::string::npos &&
           !w.starts_with(imported);
  });
  if (m.parallel_layers && !m.fused_parallel_block()) {
    add_warning(s,
                "model.parallel_layers: a MoE or MLA layer's attention and MLP are timed one "
                "after the other, as in a sequential layer (no fusion of their input GEMMs or "
                "their TP reductions)");
  }
  if (m.attention_window > 0 && m.attention_window < m.seq_length &&
      !is_fused(s.training.attention)) {
    add_warning(s, "model.attention_window " + std::to_string(m.attention_window) +
                       ": the unfused attention core computes the whole score matrix and masks "
                       "it, so the window saves no time (a fused kernel skips the key blocks "
                       "outside it)");
  }
}

}  // namespace wt
