#pragma once
// The serving simulations of one deployment at a rate and a replica count, memoised, and the
// search for the fewest replicas meeting its SLOs (serve-plan's steps 2 and 3, docs/serving.md):
// doubling from a floor, then bisection, assuming more replicas never worsen a percentile; the
// count found is confirmed by a long run (kConfirmRequestsPerReplica).
#include <cstdint>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "sim/report/serving_result.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// The figures of one simulation that the plan reports.
struct RateRun {
  int replicas = 0;
  double rate_rps = 0.0;
  bool meets = false;
  std::vector<SloCheck> slo;
  double gpu_busy_fraction = 0.0;
  int64_t rejected = 0;
};

// Requests of one simulation (one replica): serving.num_requests, or 1000 when it gives a duration.
int64_t base_requests(const ServingConfig& v);

// A replica count found by the short runs is confirmed by a long run of at least this many
// requests per replica (same seed): a short run from empty queues understates the queueing of a
// deployment near capacity (docs/serving.md, "Simulate the survivors").
constexpr int64_t kConfirmRequestsPerReplica = 2000;

class RateRunner {
 public:
  // `runs` counts the simulations actually run (memoised ones are not counted again).
  RateRunner(Scenario s, int64_t& runs);

  // The deployment at `rate` req/s (constant) with `replicas` replicas, from the scenario's seed:
  // a short run of serving.num_requests (at least 200 per replica), or with `confirm` a long one
  // (at least kConfirmRequestsPerReplica per replica).
  const RateRun& at(double rate, int replicas, bool confirm = false);
  bool has(double rate, int replicas, bool confirm = false) const {
    return memo_.count({rate, replicas, confirm}) > 0;
  }
  // The long run when there is one, else the short one (run if neither is).
  const RateRun& verdict(double rate, int replicas);
  bool has_any(double rate, int replicas) const {
    return has(rate, replicas, false) || has(rate, replicas, true);
  }
  int plateau() const { return plateau_; }  // where fewest() stopped doubling; 0 = it did not

  // The fewest replicas in [from, max] meeting the SLOs at `rate` (0 when none do): doubling from
  // `from`, then bisection, with short runs (or long ones with `confirm`). Doubling that leaves
  // the worst percentile ÷ target within 5 % of where it was stops the search (the latency is
  // the replica's own, not the queue's).
  int fewest(double rate, int from, int max, bool confirm = false);

  // fewest() with short runs, then that count confirmed by a long run; where the long run misses,
  // the search goes on upward with long runs. 0 when no count up to `max` meets.
  int confirmed(double rate, int from, int max);

 private:
  Scenario s_;
  int64_t& runs_;
  int64_t base_requests_ = 1000;
  std::map<std::tuple<double, int, bool>, RateRun> memo_;
  int plateau_ = 0;
};

}  // namespace wt
