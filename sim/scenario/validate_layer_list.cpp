// Layer-list models (model.layers, the resnet50 preset): no transformer fields beside the list, and
// data parallelism only (ZeRO 0 or 1), the one layout the layer-list workload builds
// (sim/workload/layer_list.hpp).
#include <string>
#include <utility>

#include "core/error.hpp"
#include "sim/scenario/enum_names.hpp"
#include "sim/scenario/validate_rules.hpp"

namespace wt {
namespace {

const char* const kOnlyDp = "a layer-list model trains by data parallelism only";

void refuse_transformer_fields(const ModelConfig& m) {
  const std::pair<const char*, int64_t> fields[] = {
      {"model.hidden_size", m.hidden_size},
      {"model.num_attention_heads", m.num_attention_heads},
      {"model.num_kv_heads", m.num_kv_heads},
      {"model.ffn_hidden_size", m.ffn_hidden_size},
      {"model.vocab_size", m.vocab_size},
      {"model.head_dim", m.head_dim},
      {"model.mtp_layers", m.mtp_layers},
      {"model.gated_mlp", m.gated_mlp ? 1 : 0},
      {"model.tied_embeddings", m.tied_embeddings ? 1 : 0},
      {"model.parallel_layers", m.parallel_layers ? 1 : 0},
      {"model.moe.num_experts", m.moe.num_experts},
      {"model.mla.kv_lora_rank", m.mla.kv_lora_rank},
  };
  for (const auto& [path, value] : fields) {
    if (value != 0) {
      throw InputError(path, "is a transformer field; this model is a layer list (model.layers)",
                       std::to_string(value), "leave it out");
    }
  }
  const int64_t count = static_cast<int64_t>(m.layers.size());
  if (m.num_layers != 0 && m.num_layers != count) {
    throw InputError("model.num_layers", "is the length of model.layers for a layer-list model",
                     std::to_string(m.num_layers), "leave it out, or " + std::to_string(count));
  }
  if (m.seq_length > 1) {
    throw InputError("model.seq_length", "a layer-list model takes one input per sample",
                     std::to_string(m.seq_length), "leave it out, or 1");
  }
  if (!m.hf_config.empty()) {
    throw InputError("model.hf_config", "cannot be combined with model.layers", m.hf_config,
                     "either model.layers or model.hf_config");
  }
}

void require_one(int value, const std::string& path) {
  if (value == 1) return;
  throw InputError(path, kOnlyDp, std::to_string(value), "1");
}

void refuse_other_parallelism(const Scenario& s) {
  const ParallelConfig& p = s.parallel;
  require_one(p.tensor, "parallel.tensor");
  require_one(p.pipeline, "parallel.pipeline");
  require_one(p.context, "parallel.context");
  require_one(p.expert, "parallel.expert");
  require_one(p.virtual_stages, "parallel.virtual_stages");
  if (p.zero_stage > 1) {
    throw InputError("parallel.zero_stage",
                     std::string(kOnlyDp) + ", with replicated or ZeRO-1 optimizer states",
                     std::to_string(p.zero_stage), "0, 1");
  }
  if (p.offload != Offload::none) {
    throw InputError("parallel.offload", "is not modelled for a layer-list model",
                     to_string(p.offload), "none");
  }
  const TrainingConfig& t = s.training;
  if (t.activation_recompute != Recompute::none) {
    throw InputError("training.activation_recompute",
                     "is not modelled for a layer-list model (every layer keeps its input)",
                     to_string(t.activation_recompute), "none");
  }
  if (t.finetune.method != FinetuneMethod::full) {
    throw InputError("training.finetune.method", "adapters are defined for transformer layers",
                     to_string(t.finetune.method), "full");
  }
  const Precision pr = t.precision;
  if (pr != Precision::fp32 && pr != Precision::tf32 && pr != Precision::fp16 &&
      pr != Precision::bf16) {
    throw InputError("training.precision", "a layer-list model trains in 32 or 16 bits",
                     to_string(pr), "fp32, tf32, fp16, bf16");
  }
}

}  // namespace

void check_layer_list_model(Scenario& s) {
  if (s.serving.enabled) {
    throw InputError("serving", "serving is modelled for transformers; this model is a layer list",
                     "", "remove the serving block");
  }
  refuse_transformer_fields(s.model);
  if (s.training.global_batch_size <= 0) {
    throw InputError("training.global_batch_size", "required: samples (images) per step", "",
                     "1 .. 1000000000");
  }
  refuse_other_parallelism(s);
  s.model.num_layers = static_cast<int>(s.model.layers.size());
  s.model.seq_length = 1;
}

}  // namespace wt
