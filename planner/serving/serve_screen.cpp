// The closed-form screen of one replica (serve_screen.hpp): its steady-state batch, the most
// requests per second it serves, and the latencies of a request alone.
#include "planner/serving/serve_screen.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "sim/report/serving_result.hpp"

namespace wt {
namespace {

// Prefill of one prompt of p tokens in chunks of the budget (one step without chunked prefill).
double prefill_alone_s(const StepCost& cost, int64_t p, int64_t chunk) {
  double t = 0.0;
  for (int64_t c = 0; c < p; c += chunk) {
    const int64_t q = std::min(chunk, p - c);
    StepWork w;
    w.prefill_tokens = q;
    w.prefill_pairs = static_cast<double>(q) * (static_cast<double>(c) + (q + 1) / 2.0);
    w.prefill_kv_tokens = c + q;
    w.sampled = c + q == p ? 1 : 0;
    t += cost.step_time_s(w);
  }
  return t;
}

// An encoder step of `seqs` whole inputs of p tokens, bidirectional (p² pairs each), as the
// scheduler plans one (sim/engine/serving/scheduler.cpp): every input's first row is pooled.
StepWork encode_step(int64_t seqs, int64_t p) {
  StepWork w;
  w.prefill_tokens = seqs * p;
  w.prefill_pairs = static_cast<double>(seqs) * static_cast<double>(p) * static_cast<double>(p);
  w.prefill_kv_tokens = seqs * p;
  w.sampled = seqs;
  return w;
}

// An encoder replica: a request is one pass over its P tokens, done when that step ends, so a step
// of B inputs serves B requests: λ_max = B / step (static batches likewise run in one step). B is
// max_num_seqs or the whole inputs the token budget holds; no cache limits it. Idle: one input
// alone, its latency the whole request's (TTFT = e2e; no TPOT).
ReplicaScreen screen_encoder(const Scenario& s, const StepCost& cost) {
  const ServingConfig& v = s.serving;
  ReplicaScreen r;
  r.prompt = std::clamp(mean_length(v.traffic.prompt_tokens), 1.0,
                        static_cast<double>(s.model.seq_length));
  const auto p = static_cast<int64_t>(std::llround(r.prompt));
  r.batch = v.max_num_seqs;
  r.batch_limit = "max_num_seqs";
  if (const int64_t whole = v.max_num_batched_tokens / p; whole < r.batch) {
    r.batch = whole;
    r.batch_limit = "max_num_batched_tokens";
  }
  r.idle_ttft_s = cost.step_time_s(encode_step(1, p));
  r.idle_e2e_s = r.idle_ttft_s;
  if (r.batch < 1) return r;
  r.step_s = cost.step_time_s(encode_step(r.batch, p));
  r.max_rps = static_cast<double>(r.batch) / r.step_s;
  return r;
}

StepWork decode_step(int64_t seqs, double context) {
  StepWork w;
  w.decode_seqs = seqs;
  w.decode_kv_tokens = std::llround(static_cast<double>(seqs) * context);
  w.sampled = seqs;
  return w;
}

}  // namespace

ReplicaScreen screen_replica(const Scenario& s, const StepCost& cost, const ServingMemory& m) {
  if (s.serving.encode) return screen_encoder(s, cost);
  const ServingConfig& v = s.serving;
  ReplicaScreen r;
  const double cap = static_cast<double>(s.model.seq_length);
  r.prompt = std::clamp(mean_length(v.traffic.prompt_tokens), 1.0, cap - 1.0);
  r.output = std::clamp(mean_length(v.traffic.output_tokens), 1.0, cap - r.prompt);
  const auto p = static_cast<int64_t>(std::llround(r.prompt));
  const double blocks_per_seq = std::ceil((r.prompt + r.output) / v.kv_block_size);
  const auto kv_seqs = static_cast<int64_t>(static_cast<double>(m.kv_blocks) / blocks_per_seq);
  const bool is_static = v.batching == Batching::static_batch;
  // Static batches prefill B whole prompts in one step; continuous steps spend 1 + P/O tokens of
  // the budget per decoding sequence.
  // Without chunked prefill the budget holds whole prompts in their own steps, not decodes.
  const double tokens_per_seq = is_static ? r.prompt : 1.0 + r.prompt / r.output;
  const auto budget_seqs =
      !is_static && !v.chunked_prefill
          ? int64_t{v.max_num_seqs}
          : static_cast<int64_t>(static_cast<double>(v.max_num_batched_tokens) / tokens_per_seq);
  r.batch = v.max_num_seqs;
  r.batch_limit = "max_num_seqs";
  if (budget_seqs < r.batch) {
    r.batch = budget_seqs;
    r.batch_limit = "max_num_batched_tokens";
  }
  if (kv_seqs < r.batch) {
    r.batch = kv_seqs;
    r.batch_limit = "KV cache";
  }
  const int64_t chunk = v.chunked_prefill && !is_static ? v.max_num_batched_tokens : p;
  r.idle_ttft_s = prefill_alone_s(cost, p, std::max<int64_t>(chunk, 1));
  r.idle_tpot_s = cost.step_time_s(decode_step(1, r.prompt + r.output / 2.0));
  r.idle_e2e_s = r.idle_ttft_s + (r.output - 1.0) * r.idle_tpot_s;
  if (r.batch < 1) {
    r.batch = 0;
    return r;
  }
  const auto b = static_cast<double>(r.batch);
  if (is_static) {
    StepWork prefill;
    prefill.prefill_tokens = r.batch * p;
    prefill.prefill_pairs = b * r.prompt * (r.prompt + 1.0) / 2.0;
    prefill.prefill_kv_tokens = r.batch * p;
    prefill.sampled = r.batch;
    const double decode = cost.step_time_s(decode_step(r.batch, r.prompt + r.output / 2.0));
    r.step_s = cost.step_time_s(prefill) + (r.output - 1.0) * decode;
    r.max_rps = b / r.step_s;
    return r;
  }
  // Each decode step must also carry B·P/O prompt tokens on average. Chunked: they ride in mixed
  // steps of B decodes + L = budget − B prompt tokens, a fraction f = (B·P/O) / L of the steps;
  // without chunked prefill in prompt-only steps of as many whole prompts as the budget holds.
  const StepWork decode = decode_step(r.batch, r.prompt + r.output / 2.0);
  const double decode_s = cost.step_time_s(decode);
  const double prompt_tokens_per_step = b * r.prompt / r.output;
  if (v.chunked_prefill) {
    const int64_t room = v.max_num_batched_tokens - r.batch;
    StepWork mixed = decode;
    mixed.prefill_tokens = room;
    mixed.prefill_pairs = static_cast<double>(room) * (r.prompt + 1.0) / 2.0;
    mixed.prefill_kv_tokens = room;
    const double f = room > 0 ? std::min(1.0, prompt_tokens_per_step / room) : 1.0;
    r.step_s = decode_s + f * (cost.step_time_s(mixed) - decode_s);
  } else {
    const int64_t whole = std::max<int64_t>(1, v.max_num_batched_tokens / std::max<int64_t>(p, 1));
    StepWork prefill;
    prefill.prefill_tokens = whole * p;
    prefill.prefill_pairs = static_cast<double>(whole) * r.prompt * (r.prompt + 1.0) / 2.0;
    prefill.prefill_kv_tokens = whole * p;
    prefill.sampled = whole;
    r.step_s = decode_s +
               prompt_tokens_per_step / static_cast<double>(whole * p) * cost.step_time_s(prefill);
  }
  r.max_rps = b / (r.output * r.step_s);
  return r;
}

int screen_replicas(double rate_rps, double max_rps) {
  if (rate_rps <= 0.0) return 0;
  if (max_rps <= 0.0) return 1'000'000'000;
  return static_cast<int>(std::min(std::floor(rate_rps / max_rps) + 1.0, 1e9));
}

std::string idle_latency_miss(const ReplicaScreen& r, const SloConfig& slo) {
  if (slo.percentile == SloPercentile::p50) return "";
  std::string text;
  auto check = [&](const char* name, double value_s, double target_ms) {
    if (target_ms <= 0.0 || value_s * 1e3 <= target_ms) return;
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s%s %.0f ms > %.0f ms", text.empty() ? "" : ", ", name,
                  value_s * 1e3, target_ms);
    text += buf;
  };
  check("TTFT", r.idle_ttft_s, slo.ttft_ms);
  check("TPOT", r.idle_tpot_s, slo.tpot_ms);
  check("e2e", r.idle_e2e_s, slo.e2e_ms);
  return text.empty() ? text : text + " even idle";
}

}  // namespace wt
