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

// Expert parallelism inside the replica: 1 (the experts split over the tensor ranks, which must
// divide their widths) or serving.tensor (whole experts, num_experts / tensor per GPU).
void check_serving_experts(const Scenario& s) {
  const ServingConfig& v = s.serving;
  const MoeConfig& moe = s.model.moe;
  const int t = v.tensor;
  if (moe.num_experts == 0) {
    if (v.expert != 1) {
      throw InputError("serving.expert", "expert parallelism needs a mixture-of-experts model",
                       text(v.expert), "1 for a dense model");
    }
    if (v.expert_load_imbalance != 1.0) {
      throw InputError("serving.expert_load_imbalance", "needs a mixture-of-experts model",
                       std::to_string(v.expert_load_imbalance), "1 for a dense model");
    }
    return;
  }
  // An expert takes each token at most once: its load is at most T of the mean T·k/E.
  const double most = static_cast<double>(moe.num_experts) / moe.top_k;
  if (v.expert_load_imbalance > most) {
    throw InputError("serving.expert_load_imbalance",
                     "an expert takes each token at most once, so the most loaded carries at most "
                     "num_experts / top_k (" +
                         std::to_string(most) + ") times the mean",
                     std::to_string(v.expert_load_imbalance), "1 .. " + std::to_string(most));
  }
  if (v.expert != 1 && v.expert != t) {
    throw InputError("serving.expert", "must be 1 or serving.tensor (" + text(t) + ")",
                     text(v.expert), "1 or " + text(t));
  }
  if (v.expert > 1 && moe.num_experts % t != 0) {
    throw InputError("serving.expert",
                     "serving.tensor (" + text(t) + ") must divide model.moe.num_experts (" +
                         text(moe.num_experts) + ") to hold whole experts",
                     text(v.expert), "1, or a serving.tensor dividing " + text(moe.num_experts));
  }
  const int64_t routed =
      moe.moe_ffn_hidden_size > 0 ? moe.moe_ffn_hidden_size : s.model.ffn_hidden_size;
  if (v.expert == 1 && routed % t != 0) {
    throw InputError(
        "serving.tensor",
        "must divide the experts' FFN width (" + text(routed) + ") when serving.expert is 1",
        text(t), "a divisor of " + text(routed) + ", or serving.expert " + text(t));
  }
  // Filled by model validation: 0 means the routed width.
  const int64_t shared =
      int64_t{moe.num_shared_experts} *
      (moe.shared_expert_ffn_hidden_size > 0 ? moe.shared_expert_ffn_hidden_size : routed);
  if (shared % t != 0) {
    throw InputError("serving.tensor",
                     "must divide the shared experts' FFN width (" + text(shared) + ")", text(t),
                     "a divisor of " + text(shared));
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
    throw InputError(at, "a mixture-of-experts draft is not modelled", name, "a dense preset");
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

// A daily profile needs an hour with traffic.
void check_hourly(const ServingConfig& v) {
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

// Encoder serving: one pass over a whole prompt (bidirectional attention cannot be chunked), so
// the step's budget must hold the longest; nothing is decoded, so no draft model and no
// time-per-output-token target (the latency is the request's whole: ttft_ms = e2e_ms).
void check_encode(const Scenario& s) {
  const ServingConfig& v = s.serving;
  check_encoder_slo(v);
  if (v.speculative.enabled()) {
    throw InputError("serving.speculative.draft_model", "an encoder decodes no tokens to draft",
                     "\"" + v.speculative.draft_model + "\"", "none with serving.encode true");
  }
  if (v.max_num_batched_tokens < s.model.seq_length) {
    throw InputError("serving.max_num_batched_tokens",
                     "with serving.encode must hold a whole input of model.seq_length (" +
                         text(s.model.seq_length) + ") tokens",
                     text(v.max_num_batched_tokens), text(s.model.seq_length) + " .. 100000000");
  }
}

}  // namespace

void check_encoder_slo(const ServingConfig& v) {
  if (v.encode && v.slo.tpot_ms > 0.0) {
    throw InputError("serving.slo.tpot_ms", "an encoder decodes no tokens to time",
                     std::to_string(v.slo.tpot_ms),
                     "0 with serving.encode true (set serving.slo.e2e_ms, the request's latency)");
  }
}

void check_serving(Scenario& s, const GpuSpec& gpu) {
  check_serving_tensor(s);
  check_serving_experts(s);
  if (s.model.moe.num_experts > 0 && s.serving.expert == 1 &&
      s.serving.expert_load_imbalance > 1.0) {
    s.warnings.push_back(
        "serving.expert_load_imbalance changes nothing with serving.expert 1: every GPU computes "
        "a slice of every expert (the grouped GEMM spreads all their row tiles over the SMs)");
  }
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
  check_hourly(v);
  if (v.encode) {
    check_encode(s);
    return;
  }
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
}

}  // namespace wt
