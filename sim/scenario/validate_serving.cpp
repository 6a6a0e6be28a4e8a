// Serving rules (docs/serving.md): the replica's tensor parallelism divides the model and fits a
// node, the weights' precision runs on the GPU, the batching limits and the traffic make sense.
#include <string>

#include "core/error.hpp"
#include "sim/scenario/text_util.hpp"
#include "sim/scenario/validate_rules.hpp"

namespace wt {
namespace {

std::string text(int64_t v) {
  return std::to_string(v);
}

void check_serving_tensor(const Scenario& s) {
  const ServingConfig& v = s.serving;
  const ModelConfig& m = s.model;
  const int t = v.tensor;
  if (t > s.cluster.gpus_per_node) {
    throw InputError("serving.tensor",
                     "a replica's tensor-parallel group must fit one node (cluster.gpus_per_node "
                     "is " +
                         text(s.cluster.gpus_per_node) + ")",
                     text(t), "1 .. " + text(s.cluster.gpus_per_node));
  }
  if (m.num_attention_heads % t != 0) {
    throw InputError("serving.tensor",
                     "must divide model.num_attention_heads (" + text(m.num_attention_heads) + ")",
                     text(t), "a divisor of " + text(m.num_attention_heads));
  }
  // vLLM replicates KV heads when the TP degree exceeds them (each rank keeps one).
  if (m.num_kv_heads % t != 0 && t % m.num_kv_heads != 0) {
    throw InputError(
        "serving.tensor",
        "must divide model.num_kv_heads (" + text(m.num_kv_heads) + ") or be a multiple of it",
        text(t), "a divisor or multiple of " + text(m.num_kv_heads));
  }
  if (m.ffn_hidden_size % t != 0) {
    throw InputError("serving.tensor",
                     "must divide model.ffn_hidden_size (" + text(m.ffn_hidden_size) + ")", text(t),
                     "a divisor of " + text(m.ffn_hidden_size));
  }
}

void check_length(const LengthConfig& l, const std::string& path) {
  const std::string at = "serving.traffic." + path;
  if (l.max != 0 && l.max < l.min) {
    throw InputError(at + ".max", "must be at least " + at + ".min (" + text(l.min) + ")",
                     text(l.max), "0, or " + text(l.min) + " .. 16777216");
  }
  if (l.distribution == LengthDistribution::uniform && l.max == 0) {
    throw InputError(at + ".max", "required for a uniform distribution", "0",
                     text(l.min) + " .. 16777216");
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

// The draft runs at the replica's tensor parallelism, so it must split as the target does; it
// proposes tokens of the target's vocabulary (speculative sampling compares the two
// distributions token by token).
void check_speculative(Scenario& s) {
  const ServingConfig& v = s.serving;
  const SpeculativeConfig& sp = v.speculative;
  if (!sp.enabled()) return;
  fill_model_defaults(s.serving.speculative.draft);
  const std::string at = "serving.speculative.draft_model";
  const std::string name = "\"" + sp.draft_model + "\"";
  if (v.batching != Batching::continuous) {
    throw InputError(at, "speculative decoding needs continuous batching", name,
                     "serving.batching continuous, or no draft_model");
  }
  if (sp.draft.vocab_size != s.model.vocab_size) {
    throw InputError(at,
                     "the draft's vocabulary (" + text(sp.draft.vocab_size) +
                         " tokens) differs from the model's (" + text(s.model.vocab_size) + ")",
                     name, "a preset with model.vocab_size " + text(s.model.vocab_size));
  }
  if (sp.draft.moe.num_experts > 0) {
    throw InputError(at, "serving does not model mixture-of-experts layers yet", name,
                     "a dense preset");
  }
  const int t = v.tensor;
  const ModelConfig& d = sp.draft;
  if (d.num_attention_heads % t != 0 || (d.num_kv_heads % t != 0 && t % d.num_kv_heads != 0) ||
      d.ffn_hidden_size % t != 0) {
    throw InputError(
        at,
        "the draft runs at serving.tensor (" + text(t) +
            "), which must divide its attention heads (" + text(d.num_attention_heads) +
            ") and FFN width (" + text(d.ffn_hidden_size) +
            ") and divide or be a multiple of its KV heads (" + text(d.num_kv_heads) + ")",
        name, "a preset that splits " + text(t) + " ways");
  }
  if (v.max_num_batched_tokens < sp.num_tokens + 1) {
    throw InputError("serving.max_num_batched_tokens",
                     "must hold one verification of serving.speculative.num_tokens + 1 tokens",
                     text(v.max_num_batched_tokens), text(sp.num_tokens + 1) + " .. 100000000");
  }
}

}  // namespace

void check_serving(Scenario& s, const GpuSpec& gpu) {
  if (s.model.moe.num_experts > 0) {
    throw InputError("model.moe.num_experts",
                     "serving does not model mixture-of-experts layers yet",
                     text(s.model.moe.num_experts), "a dense model (0) for windtunnel serve");
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
  check_speculative(s);
  if (v.traffic.burst_factor > 1.0 && v.traffic.burst_s > v.traffic.burst_period_s) {
    throw InputError("serving.traffic.burst_s",
                     "must not exceed serving.traffic.burst_period_s (" +
                         std::to_string(v.traffic.burst_period_s) + " s)",
                     std::to_string(v.traffic.burst_s),
                     "0 .. " + std::to_string(v.traffic.burst_period_s));
  }
  check_length(v.traffic.prompt_tokens, "prompt_tokens");
  check_length(v.traffic.output_tokens, "output_tokens");
  if (v.batching == Batching::continuous && v.max_num_batched_tokens < v.max_num_seqs) {
    throw InputError("serving.max_num_batched_tokens",
                     "must be at least serving.max_num_seqs (" + text(v.max_num_seqs) +
                         "): every running sequence decodes one token per step",
                     text(v.max_num_batched_tokens), text(v.max_num_seqs) + " .. 100000000");
  }
  // vLLM's rule without chunked prefill: one step must hold the longest prompt the model takes.
  if (v.batching == Batching::continuous && !v.chunked_prefill &&
      v.max_num_batched_tokens < s.model.seq_length) {
    throw InputError("serving.max_num_batched_tokens",
                     "without chunked prefill must be at least model.seq_length (" +
                         text(s.model.seq_length) + "), as vLLM requires",
                     text(v.max_num_batched_tokens),
                     text(s.model.seq_length) + " .. 100000000, or serving.chunked_prefill true");
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
