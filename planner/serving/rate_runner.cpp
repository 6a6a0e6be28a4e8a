// The memoised serving simulations of one deployment and the fewest replicas meeting its SLOs
// (rate_runner.hpp).
#include "planner/serving/rate_runner.hpp"

#include <algorithm>

#include "sim/run_serving.hpp"

namespace wt {
namespace {

// Each simulation runs at least this many requests per replica, so that a percentile of many
// replicas rests on as many requests per replica as one (an assumption of the method).
constexpr int64_t kRequestsPerReplica = 200;

// The largest percentile / target over the SLOs (refused requests count as infinitely late).
double worst_ratio(const RateRun& run) {
  if (run.rejected > 0) return 1e300;
  double worst = 0.0;
  for (const SloCheck& c : run.slo) {
    if (c.target_ms > 0.0) worst = std::max(worst, c.value_ms / c.target_ms);
  }
  return worst;
}

}  // namespace

int64_t base_requests(const ServingConfig& v) {
  return v.num_requests > 0 ? v.num_requests : 1000;
}

RateRunner::RateRunner(Scenario s, int64_t& runs) : s_(std::move(s)), runs_(runs) {
  s_.serving.traffic.hourly_percent.clear();
  s_.serving.duration_s = 0.0;
  base_requests_ = base_requests(s_.serving);
}

const RateRun& RateRunner::at(double rate, int replicas, bool confirm) {
  const auto key = std::make_tuple(rate, replicas, confirm);
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  Scenario s = s_;
  s.serving.replicas = replicas;
  s.serving.traffic.rate_rps = rate;
  const int64_t per_replica = confirm ? kConfirmRequestsPerReplica : kRequestsPerReplica;
  s.serving.num_requests = std::max(base_requests_, per_replica * replicas);
  const ServingResult r = serve_scenario(s).result;
  ++runs_;
  RateRun run;
  run.replicas = replicas;
  run.rate_rps = rate;
  run.meets = r.fits && r.rejected == 0 && r.completed == r.requests && r.slo_met;
  run.slo = r.slo;
  run.gpu_busy_fraction = r.gpu_busy_fraction;
  run.rejected = r.rejected;
  return memo_.emplace(key, run).first->second;
}

const RateRun& RateRunner::verdict(double rate, int replicas) {
  return at(rate, replicas, has(rate, replicas, true));
}

int RateRunner::fewest(double rate, int from, int max, bool confirm) {
  if (from > max) return 0;
  int lo = from - 1;  // fails (by the screen, or simulated)
  int hi = from;
  double worst = worst_ratio(at(rate, hi, confirm));
  while (!at(rate, hi, confirm).meets) {
    if (hi >= max) return 0;
    lo = hi;
    hi = std::min(max, std::max(hi * 2, hi + 1));
    const double next = worst_ratio(at(rate, hi, confirm));
    if (!at(rate, hi, confirm).meets && next > 0.95 * worst) {
      plateau_ = hi;
      return 0;
    }
    worst = next;
  }
  while (hi - lo > 1) {
    const int mid = lo + (hi - lo) / 2;
    (at(rate, mid, confirm).meets ? hi : lo) = mid;
  }
  return hi;
}

int RateRunner::confirmed(double rate, int from, int max) {
  const int found = fewest(rate, from, max);
  return found == 0 ? 0 : fewest(rate, found, max, true);
}

}  // namespace wt
