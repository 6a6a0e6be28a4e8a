#pragma once
// The closed-form screen of serve-plan (docs/serving.md, "serve-plan"): what one replica can serve
// at most, from the same step-cost model the simulation uses, before anything is simulated.
// - Steady state of continuous batching with B sequences decoding, mean prompt P and output O:
//   by Little's law a request stays O decode steps, so B = λ·O·step and one replica serves at
//   most λ_max = B / (O · step). Each decode step must also carry B·P/O prompt tokens: with
//   chunked prefill they ride in mixed steps of B decodes + L = budget − B prompt tokens, a
//   fraction f = B·P/(O·L) of the steps, so step = t(B decodes) + f·(t(mixed) − t(B decodes));
//   without it in prompt-only steps of the whole prompts the budget holds. B is the largest batch
//   the limits allow: max_num_seqs, the token budget (chunked: B·(1 + P/O) ≤ budget) and the KV
//   cache (sequences of P + O tokens).
// - Static batching: a batch of B prefills B·P tokens, then decodes O steps: λ_max = B / (prefill
//   + O · decode(B)).
// - Encoders (serving.encode): a request is one pass over its P tokens, so a step of B whole
//   inputs (max_num_seqs, or what the token budget holds) serves B requests: λ_max = B / step.
// - Utilisation below one: R replicas serve λ only if λ / R < λ_max, so R ≥ ⌊λ / λ_max⌋ + 1.
// - Latency floors: a request alone (prefill of P in budget-sized chunks; a decode at context
//   P + O/2). Where even these miss a p95 or p99 target, no replica count helps.
#include <cstdint>
#include <string>

#include "sim/scenario/scenario.hpp"
#include "sim/workload/serving_cost.hpp"

namespace wt {

struct ReplicaScreen {
  double prompt = 0.0;      // mean prompt P (tokens)
  double output = 0.0;      // mean output O (tokens); 0 for an encoder
  int64_t batch = 0;        // B
  std::string batch_limit;  // "max_num_seqs", "max_num_batched_tokens", "KV cache"
  double step_s = 0.0;      // one steady-state step at batch B (static: a whole batch)
  double max_rps = 0.0;     // λ_max of one replica
  double idle_ttft_s = 0.0;
  double idle_tpot_s = 0.0;  // 0 for an encoder (no decode)
  double idle_e2e_s = 0.0;   // idle_ttft + (O − 1) · idle_tpot
};

ReplicaScreen screen_replica(const Scenario& s, const StepCost& cost, const ServingMemory& m);

// The fewest replicas with utilisation below one: 0 for no traffic, else ⌊rate / max_rps⌋ + 1.
int screen_replicas(double rate_rps, double max_rps);

// The latency targets (at the SLO percentile) an idle replica already misses, e.g.
// "TTFT 812 ms > 500 ms even idle"; "" when none (only for p95 and p99: a mean-length request is
// below those percentiles, not necessarily below the median).
std::string idle_latency_miss(const ReplicaScreen& r, const SloConfig& slo);

}  // namespace wt
