#include "planner/search/layout_precheck.hpp"

#include <cstdint>

#include "sim/scenario/expert_layout.hpp"
#include "sim/workload/finetune.hpp"
#include "sim/workload/memory.hpp"
#include "sim/workload/model_math.hpp"

namespace wt {
namespace {

const char* tensor_violation(const ModelConfig& m, int64_t t) {
  const int64_t kv = m.num_kv_heads > 0 ? m.num_kv_heads : m.num_attention_heads;
  const int64_t ffn = m.ffn_hidden_size > 0 ? m.ffn_hidden_size : 4 * m.hidden_size;
  if (m.num_attention_heads % t != 0 || kv % t != 0 || ffn % t != 0) return "parallel.tensor";
  if (m.moe.num_experts > 0) {
    const int64_t moe_ffn = m.moe.moe_ffn_hidden_size > 0 ? m.moe.moe_ffn_hidden_size : ffn;
    if (moe_ffn % t != 0) return "parallel.tensor";
  }
  return nullptr;
}

const char* schedule_violation(const Scenario& s, int64_t data) {
  const ParallelConfig& p = s.parallel;
  if (p.pipeline_schedule != PipelineSchedule::interleaved) {
    return p.virtual_stages == 1 ? nullptr : "parallel.virtual_stages";
  }
  if (p.virtual_stages < 2) return "parallel.virtual_stages";
  if (p.pipeline < 2) return "parallel.pipeline";
  if (s.pipeline_split_slots() % (int64_t{p.pipeline} * p.virtual_stages) != 0) {
    return "parallel.virtual_stages";
  }
  const int64_t micro_batches = s.training.global_batch_size / (s.training.micro_batch_size * data);
  return micro_batches % p.pipeline == 0 ? nullptr : "training.global_batch_size";
}

// The rules of check_expert_parallel (sim/scenario/validate_layout.cpp).
const char* expert_violation(const Scenario& s, int64_t data) {
  const ParallelConfig& p = s.parallel;
  const int e = p.expert;
  const int experts = s.model.moe.num_experts;
  if (p.expert_tensor > 0 &&
      (experts == 0 || s.model.moe.moe_ffn_hidden_size % p.expert_tensor != 0)) {
    return "parallel.expert_tensor";
  }
  if (e == 1 && p.expert_tensor == 0) return nullptr;
  const int64_t ranks = int64_t{p.tensor} * p.context * data;
  if (experts == 0 || experts % e != 0 || ranks % (int64_t{e} * expert_tensor_size(p)) != 0) {
    return "parallel.expert";
  }
  return nullptr;
}

}  // namespace

const char* layout_violation(const Scenario& s) {
  const ParallelConfig& p = s.parallel;
  const ModelConfig& m = s.model;
  if (m.num_attention_heads <= 0 || m.num_layers <= 0) return nullptr;  // validate() says why
  if (const char* v = tensor_violation(m, p.tensor)) return v;
  if (p.pipeline > m.num_layers) return "parallel.pipeline";
  const int64_t gpus = int64_t{s.cluster.num_nodes} * s.cluster.gpus_per_node;
  const int64_t inner = int64_t{p.tensor} * p.pipeline * p.context;
  if (p.data == 0 && gpus % inner != 0) return "parallel.data";
  if (p.data != 0 && inner * p.data != gpus) return "parallel.data";
  const int64_t data = p.data != 0 ? p.data : gpus / inner;
  if (s.training.micro_batch_size <= 0 ||
      s.training.global_batch_size % (s.training.micro_batch_size * data) != 0) {
    return "training.global_batch_size";
  }
  if (const char* v = schedule_violation(s, data)) return v;
  if (p.context > 1 && m.seq_length % (2 * int64_t{p.context}) != 0) return "parallel.context";
  return expert_violation(s, data);
}

bool model_states_surely_overflow(const Scenario& s, double capacity_bytes) {
  const LayerParams lp = layer_params(s.model);
  const double t = s.parallel.tensor;
  const double per_layer =
      (lp.attention + lp.mlp - lp.expert) / t +
      lp.expert / (static_cast<double>(s.parallel.expert) * expert_tensor_size(s.parallel));
  const double params = static_cast<double>(s.model.num_layers) * per_layer / s.parallel.pipeline;
  if (frozen_base(s.training)) {
    // Fine-tuning: the frozen weights alone (16-bit, or NF4 for qlora), sharded only by ZeRO-3.
    const bool nf4 = s.training.finetune.method == FinetuneMethod::qlora;
    const double width = nf4 ? kNf4BitsPerParam / 8.0 : 2.0;
    const double shards = s.parallel.zero_stage >= 3
                              ? static_cast<double>(s.parallel.data) * s.parallel.context
                              : 1.0;
    return 0.99 * params * width / shards > capacity_bytes;
  }
  // The experts' states counted as sharded over data × context: never more than the engines say
  // (they shard them over the smaller expert-data-parallel group).
  const ModelStateMemory states = model_state_memory(
      params, s.parallel.zero_stage, s.parallel.data * s.parallel.context, s.training);
  // 1% below the bound, so that rounding never prunes a layout the engine says fits.
  return 0.99 * states.total() > capacity_bytes;
}

}  // namespace wt
