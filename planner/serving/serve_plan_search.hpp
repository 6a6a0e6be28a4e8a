#pragma once
// The serve-plan search (docs/serving.md, "serve-plan"):
// 1. every combination of the plan's axes is read and validated as a scenario (invalid ones are
//    counted with the rule they break); its KV cache is sized (no block: does not fit), priced
//    (choose_price) and screened in closed form (serve_screen.hpp): the latency of a request
//    alone against the targets, and the fewest replicas with utilisation below one at the peak;
// 2. the survivors, cheapest lower bound first (those replicas × GPUs × price), are simulated
//    (the serving DES) at the peak rate with replicas from that bound up (doubling, then
//    bisection) to the fewest that meet every SLO, that count confirmed by a long run
//    (RateRunner::confirmed: upward with long runs where it misses); a deployment whose lower
//    bound is not below the cheapest found so far is not simulated, and none is searched beyond
//    the replicas costing as much as the cheapest (branch and bound);
// 3. for the cheapest, each hour of the daily profile gets the fewest replicas meeting the SLOs
//    at its rate (at least serve_plan.min_replicas; none in an hour without traffic when that is
//    0, and the next hour with traffic pays the cold start), and the month costs
//    30 days × Σ hours replicas × GPUs per replica × price.
#include <cstdint>
#include <string>
#include <vector>

#include "planner/serving/daily_replicas.hpp"
#include "planner/serving/serve_plan.hpp"
#include "planner/serving/serve_screen.hpp"
#include "sim/report/serving_result.hpp"

namespace wt {

enum class DeploymentStatus {
  invalid,       // the combination breaks a scenario rule
  no_price,      // nothing prices the GPU
  does_not_fit,  // the weights leave no KV block
  too_slow,      // an idle replica already misses a target
  too_many,      // the screen needs more than serve_plan.max_replicas
  bounded,       // not simulated: its lower bound is not below the cheapest found
  misses_slo,    // simulated: max_replicas do not meet the SLOs
  meets,         // simulated: meets the SLOs at the peak
};
const char* to_string(DeploymentStatus s);

struct Deployment {
  uint64_t index = 0;                  // in the product of the axes, first axis slowest
  std::vector<nlohmann::json> values;  // one per axis
  std::string gpu;                     // catalog id
  int tensor = 1;
  std::string weight_precision, kv_cache_precision, batching;
  int max_num_seqs = 0;
  int64_t max_num_batched_tokens = 0;
  DeploymentStatus status = DeploymentStatus::invalid;
  std::string reason;  // the rule, the price error, the idle latency, ...
  double usd_per_gpu_hour = 0.0;
  std::string price;  // ChosenPrice::describe()
  double kv_cache_gib = 0.0;
  ReplicaScreen screen;
  int screen_replicas = 0;        // at the peak
  double bound_usd_per_hour = 0;  // screen_replicas × tensor × price
  int replicas = 0;               // simulated: the fewest meeting the SLOs at the peak
  double usd_per_hour = 0.0;      // replicas × tensor × price
  // Encoders: usd_per_hour over the peak's sequences in an hour (peak rate × 3600), × 10⁶.
  double usd_per_million_sequences = 0.0;
  RateRun peak;   // the run at `replicas`
  RateRun below;  // at replicas − 1 when it was simulated (replicas = 0: none)
  int gpus() const { return replicas * tensor; }
};

struct ServePlanResult {
  std::string name;
  SloConfig slo;
  double rate_rps = 0.0;  // serving.traffic.rate_rps
  double peak_rate_rps = 0.0;
  int peak_hour = 0;
  int64_t requests_per_run = 0;
  int min_replicas = 1, max_replicas = 64;
  double cold_start_s = 0.0;
  std::vector<std::string> axes;  // paths
  std::vector<Deployment> deployments;
  int best = -1;  // index into deployments; -1: none meets the SLOs
  // The cheapest's replicas per hour and monthly cost (daily_replicas.hpp's plan_day).
  DailyReplicas day;
  // Encoder serving (serving.encode): a request is one sequence, and the cost is per million
  // sequences (day.usd_per_million_sequences autoscaled).
  bool encode = false;
  int64_t des_runs = 0;
  std::vector<std::string> warnings;
};

ServePlanResult search_serve_plan(const ServePlanSpec& spec);

nlohmann::ordered_json serve_plan_json(const ServePlanResult& r);
std::string serve_plan_text(const ServePlanResult& r);
std::string deployment_text(const Deployment& d);  // "2 × h100-sxm5-80gb (TP 2) · fp8 · ..."

}  // namespace wt
