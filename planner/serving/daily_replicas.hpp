#pragma once
// The replicas per hour of one deployment over its traffic's daily profile (serve-plan's step 3,
// docs/serving.md): each hour's rate (serving.traffic.rate_rps × the hour's percent) gets the
// fewest replicas meeting the SLOs, searched by simulation (rate_runner.hpp) from the larger of
// the screen's floor (utilisation below one, serve_screen.hpp), min_replicas and 1; an hour
// without traffic gets min_replicas, and with 0 the next hour with traffic scales up from zero
// and pays the cold start. The month costs 30 days × Σ hours replicas × GPUs per replica × price.
// `windtunnel serve-plan` runs it on its cheapest deployment, the GUI's Serving tab on the
// scenario's own.
#include <cstdint>
#include <string>
#include <vector>

#include "planner/serving/rate_runner.hpp"
#include "planner/serving/serve_screen.hpp"

namespace wt {

struct HourPlan {
  int hour = 0;
  double rate_rps = 0.0;
  int replicas = 0;
  int screen_replicas = 0;
  bool cold_start = false;  // scaled up from zero at the start of this hour
  RateRun run;              // at `replicas` (replicas = 0: none)
  RateRun below;            // at replicas − 1 when simulated
};

// serve-plan's "serve_plan" block (serve_plan.hpp); the defaults are its defaults.
struct AutoscaleLimits {
  int min_replicas = 1;  // 0: an hour without traffic scales to zero
  int max_replicas = 64;
  double cold_start_s = 0.0;  // from zero replicas to serving
};

struct DailyReplicas {
  std::string problem;     // why there is no schedule; "" when `hours` holds one
  AutoscaleLimits limits;  // those the hours were planned within
  int tensor = 1;          // GPUs per replica
  double usd_per_gpu_hour = 0.0;
  int peak_hour = 0;
  double peak_rate_rps = 0.0;
  int peak_replicas = 0;                 // the fewest meeting the SLOs at the peak
  std::vector<HourPlan> hours;           // 24
  double monthly_usd = 0.0;              // 30 × Σ hours replicas × tensor × price
  double monthly_always_peak_usd = 0.0;  // 30 × 24 × peak_replicas × tensor × price
  // Encoders (serving.encode): monthly_usd over the month's requests (30 × Σ hours rate × 3600).
  double usd_per_million_sequences = 0.0;
  int cold_starts_per_day = 0;
  int64_t simulations = 0;  // daily_replicas only (serve-plan counts its own)
  std::vector<std::string> warnings;
};

// The rate of each hour: rate_rps × the hour's percent, or rate_rps all day without a profile.
std::vector<double> hourly_rates(const TrafficConfig& t);

// The hours of a deployment whose replicas at the peak are known (serve-plan's step 3), through
// its runner (so runs already made at the peak are not repeated).
DailyReplicas plan_day(const std::vector<double>& rates, const ReplicaScreen& screen,
                       int peak_replicas, int tensor, double usd_per_gpu_hour, bool encode,
                       const AutoscaleLimits& limits, RateRunner& runner);

// One fixed deployment, the scenario's serving block (its `replicas` is what is searched):
// screened, its replicas at the peak found as serve-plan finds them, then plan_day. A scenario
// without SLO targets, whose replica does not fit, or that misses the SLOs at the peak with
// max_replicas gets `problem` and no hours. Prices at usd_per_gpu_hour (0: no cost figures).
DailyReplicas daily_replicas(const Scenario& s, double usd_per_gpu_hour,
                             const AutoscaleLimits& limits = {});

// Why an hour has its replicas: "no traffic", "2 would miss (ttft 180 ms > 130)", "screen:
// utilisation < 1" or "serve_plan.min_replicas".
std::string hour_why(const HourPlan& h);

}  // namespace wt
