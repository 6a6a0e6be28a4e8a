// Serving rules (docs/serving.md): the replica's tensor parallelism divides the model and fits a
// node, the weights' precision runs on the GPU, the batching limits and the traffic make sense.
#include <string>

#include "core/error.hpp"
#include "sim/scenario/text_util.hpp"
#include "sim/scenario/validate_rules.hpp"

namespace wt {
namespace {

void check_serving_tensor(const Scenario& s) {
  const ServingConfig& v = s.serving;
  const ModelConfig& m = s.model;
  const int t = v.tensor;
  if (t > s.cluster.gpus_per_node) {
    throw InputError("serving.tensor",
                     "a replica's tensor-parallel group must fit one node (cluster.gpus_per_node "
                     "is " +
                         std::to_string(s.cluster.gpus_per_node) + ")",
                     std::to_string(t), "1 .. " + std::to_string(s.cluster.gpus_per_node));
  }
  if (m.num_attention_heads % t != 0) {
    throw InputError(
        "serving.tensor",
        "must divide model.num_attention_heads (" + std::to_string(m.num_attention_heads) + ")",
        std::to_string(t), "a divisor of " + std::to_string(m.num_attention_heads));
  }
  // vLLM replicates KV heads when the TP degree exceeds them (each rank keeps one).
  if (m.num_kv_heads % t != 0 && t % m.num_kv_heads != 0) {
    throw InputError("serving.tensor",
                     "must divide model.num_kv_heads (" + std::to_string(m.num_kv_heads) +
                         ") or be a multiple of it",
                     std::to_string(t),
                     "a divisor or multiple of " + std::to_string(m.num_kv_heads));
  }
  if (m.ffn_hidden_size % t != 0) {
    throw InputError(
        "serving.tensor",
        "must divide model.ffn_hidden_size (" + std::to_string(m.ffn_hidden_size) + ")",
        std::to_string(t), "a divisor of " + std::to_string(m.ffn_hidden_size));
  }
}

void check_length(const LengthConfig& l, const std::string& path) {
  const std::string at = "serving.traffic." + path;
  if (l.max != 0 && l.max < l.min) {
    throw InputError(at + ".max", "must be at least " + at + ".min (" + std::to_string(l.min) + ")",
                     std::to_string(l.max), "0, or " + std::to_string(l.min) + " .. 16777216");
  }
  if (l.distribution == LengthDistribution::uniform && l.max == 0) {
    throw InputError(at + ".max", "required for a uniform distribution", "0",
                     std::to_string(l.min) + " .. 16777216");
  }
  if (l.distribution != LengthDistribution::uniform && l.mean < 1.0) {
    throw InputError(at + ".mean", "required (at least 1 token) for a fixed or lognormal length",
                     std::to_string(l.mean), "1 .. 10000000");
  }
  if (l.distribution == LengthDistribution::lognormal && l.stddev <= 0.0) {
    throw InputError(at + ".stddev", "must be above 0 for a lognormal length",
                     std::to_string(l.stddev), "(0, 10000000]");
  }
}

}  // namespace

void check_serving(Scenario& s, const GpuSpec& gpu) {
  if (s.model.moe.num_experts > 0) {
    throw InputError(
        "model.moe.num_experts", "serving does not model mixture-of-experts layers yet",
        std::to_string(s.model.moe.num_experts), "a dense model (0) for windtunnel serve");
  }
  check_serving_tensor(s);
  const ServingConfig& v = s.serving;
  if (v.weight_precision == WeightPrecision::fp8 && gpu.fp8_tflops.value <= 0.0) {
    throw InputError("serving.weight_precision", gpu.name + " has no FP8 tensor cores", "\"fp8\"",
                     "bf16, fp16, int8, int4 (weight-only)");
  }
  if (v.kv_cache_precision == KvCachePrecision::fp8 && gpu.fp8_tflops.value <= 0.0) {
    throw InputError("serving.kv_cache_precision", gpu.name + " has no FP8 support", "\"fp8\"",
                     "bf16, fp16");
  }
  if (v.num_requests == 0 && v.duration_s <= 0.0) {
    throw InputError("serving.num_requests", "0 (no count limit) needs serving.duration_s > 0", "0",
                     "1 .. 100000000, or serving.duration_s > 0");
  }
  check_length(v.traffic.prompt_tokens, "prompt_tokens");
  check_length(v.traffic.output_tokens, "output_tokens");
  if (v.batching == Batching::continuous && v.max_num_batched_tokens < v.max_num_seqs) {
    throw InputError("serving.max_num_batched_tokens",
                     "must be at least serving.max_num_seqs (" + std::to_string(v.max_num_seqs) +
                         "): every running sequence decodes one token per step",
                     std::to_string(v.max_num_batched_tokens),
                     std::to_string(v.max_num_seqs) + " .. 100000000");
  }
  // vLLM's rule without chunked prefill: one step must hold the longest prompt the model takes.
  if (v.batching == Batching::continuous && !v.chunked_prefill &&
      v.max_num_batched_tokens < s.model.seq_length) {
    throw InputError(
        "serving.max_num_batched_tokens",
        "without chunked prefill must be at least model.seq_length (" +
            std::to_string(s.model.seq_length) + "), as vLLM requires",
        std::to_string(v.max_num_batched_tokens),
        std::to_string(s.model.seq_length) + " .. 100000000, or serving.chunked_prefill true");
  }
  const std::vector<int>& hourly = v.traffic.hourly_percent;
  if (!hourly.empty()) {
    bool any = false;
    for (int p : hourly) {
      any = any || p > 0;
    }
    if (!any) {
      throw InputError("serving.traffic.hourly_percent", "no hour has traffic", "all 0",
                       "24 values of 0 .. 100000, at least one above 0");
    }
  }
}

}  // namespace wt
