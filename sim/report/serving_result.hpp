#pragma once
// The result of `windtunnel serve` (docs/serving.md, docs/cli.md): throughput, latency percentiles,
// SLO attainment, KV memory, GPU busy time and cost, assembled from the simulation's records.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/engine/simgrid/serving_des.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workload/serving_cost.hpp"

namespace wt {

struct Percentiles {
  double mean = 0.0, p50 = 0.0, p95 = 0.0, p99 = 0.0;
  double at(SloPercentile p) const;
};
// Linear interpolation between order statistics (numpy's default); all zero when empty.
Percentiles percentiles(std::vector<double> values);

struct SloCheck {
  std::string metric;  // "ttft", "tpot", "e2e"
  double target_ms = 0.0;
  double value_ms = 0.0;  // the SLO's percentile of the metric
  bool met = false;
  double attainment = 0.0;  // share of served requests within the target
};

struct ServingResult {
  std::string scenario;
  std::string gpu;
  bool fits = true;  // the weights leave room for at least one KV block (else nothing ran)
  int tensor = 1;
  int replicas = 1;
  int gpus = 1;
  int64_t requests = 0;
  int64_t completed = 0;
  int64_t rejected = 0;  // prompt + output larger than the KV cache
  int64_t preemptions = 0;
  double duration_s = 0.0;  // from 0 to the last completion
  double output_tokens_per_s = 0.0;
  double prompt_tokens_per_s = 0.0;
  double requests_per_s = 0.0;
  double output_tokens_per_s_per_gpu = 0.0;
  Percentiles ttft_ms, tpot_ms, e2e_ms, queue_ms;
  std::vector<SloCheck> slo;
  double slo_attainment = 1.0;           // share of served requests within every target
  bool slo_met = true;                   // every target met at its percentile
  ServingMemory memory;                  // one GPU
  double kv_in_use_mean_fraction = 0.0;  // of the KV blocks, time-weighted over replicas
  double kv_in_use_peak_fraction = 0.0;
  int64_t max_concurrency_mean_length = 0;  // sequences of mean prompt + output that fit
  int64_t max_concurrency_max_length = 0;   // sequences of model.seq_length that fit
  double gpu_busy_fraction = 0.0;
  int64_t steps = 0;
  // Speculative decoding (empty draft_model: none): the draft, its tokens per step, the
  // acceptance rate and the tokens one verification yields on average.
  std::string draft_model;
  int draft_tokens = 0;
  double acceptance_rate = 0.0;
  double tokens_per_verification = 1.0;
  double usd_per_gpu_hour = 0.0;
  std::string price_source;
  double usd_per_million_output_tokens = 0.0;
  bool encode = false;                     // encoder serving: sequences, no output tokens
  double usd_per_million_sequences = 0.0;  // encoder serving
  std::vector<std::string> warnings;
};

// The mean of a length distribution: fixed and lognormal their mean, uniform the midpoint of
// min .. max.
double mean_length(const LengthConfig& l);

ServingResult assemble_serving_result(const Scenario& s, const ServingMemory& memory,
                                      const serving::SimulationOutput& sim);
// Cost figures from a price (USD per GPU-hour) and where it came from.
void price_serving_result(ServingResult& r, double usd_per_gpu_hour, const std::string& source);

nlohmann::json serving_result_json(const ServingResult& r);
std::string serving_summary_text(const ServingResult& r);
// A Chrome trace of the engine steps, one track per replica (`serve --trace`).
nlohmann::json serving_trace_json(const ServingResult& r, const serving::SimulationOutput& sim);

}  // namespace wt
