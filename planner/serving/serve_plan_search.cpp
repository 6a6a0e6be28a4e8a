// The serve-plan search (serve_plan_search.hpp): validate, size, price and screen every
// deployment; simulate the survivors cheapest bound first; then the replicas of each hour.
#include "planner/serving/serve_plan_search.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>

#include "core/error.hpp"
#include "core/units.hpp"
#include "planner/search/plan_document.hpp"
#include "sim/run_serving.hpp"
#include "sim/scenario/document_walk.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

using nlohmann::json;

// Each simulation runs at least this many requests per replica, so that a percentile of many
// replicas rests on as many requests per replica as one (an assumption of the method).
constexpr int64_t kRequestsPerReplica = 200;
constexpr double kDaysPerMonth = 30.0;

std::vector<json> values_at(const ServePlanSpec& spec, uint64_t index) {
  std::vector<json> values(spec.axes.size());
  for (size_t i = spec.axes.size(); i-- > 0;) {
    const auto n = spec.axes[i].values.size();
    values[i] = spec.axes[i].values[index % n];
    index /= n;
  }
  return values;
}

// The deployment's scenario; InputError when the combination breaks a rule.
Scenario scenario_of(const ServePlanSpec& spec, const std::vector<json>& values) {
  json doc = spec.template_doc;
  for (size_t i = 0; i < spec.axes.size(); ++i)
    set_at_path(doc, spec.axes[i].path, values[i]);
  return parse_scenario(doc, {}, spec.base_dir);
}

// Requests of one simulation (one replica): serving.num_requests, or 1000 when it gives a duration.
int64_t base_requests(const ServingConfig& v) {
  return v.num_requests > 0 ? v.num_requests : 1000;
}

// The simulations of one deployment, memoised by (rate, replicas).
class RateRunner {
 public:
  RateRunner(Scenario s, int64_t& runs) : s_(std::move(s)), runs_(runs) {
    s_.serving.traffic.hourly_percent.clear();
    s_.serving.duration_s = 0.0;
    base_requests_ = base_requests(s_.serving);
  }

  const RateRun& at(double rate, int replicas) {
    const auto key = std::make_pair(rate, replicas);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    Scenario s = s_;
    s.serving.replicas = replicas;
    s.serving.traffic.rate_rps = rate;
    s.serving.num_requests = std::max(base_requests_, kRequestsPerReplica * replicas);
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

  bool has(double rate, int replicas) const { return memo_.count({rate, replicas}) > 0; }
  int plateau() const { return plateau_; }  // where fewest() stopped doubling; 0 = it did not

  // The fewest replicas in [from, max] meeting the SLOs at `rate` (0 when none do): doubling from
  // `from`, then bisection, assuming more replicas never make a percentile worse.
  int fewest(double rate, int from, int max) {
    if (from > max) return 0;
    int lo = from - 1;  // fails (by the screen, or simulated)
    int hi = from;
    double worst = worst_ratio(at(rate, hi));
    while (!at(rate, hi).meets) {
      if (hi >= max) return 0;
      lo = hi;
      hi = std::min(max, std::max(hi * 2, hi + 1));
      // Doubling the replicas that left the worst percentile within 5 % of where it was: the
      // latency is the replica's own, not the queue's, and more replicas will not meet it.
      const double next = worst_ratio(at(rate, hi));
      if (!at(rate, hi).meets && next > 0.95 * worst) {
        plateau_ = hi;
        return 0;
      }
      worst = next;
    }
    while (hi - lo > 1) {
      const int mid = lo + (hi - lo) / 2;
      (at(rate, mid).meets ? hi : lo) = mid;
    }
    return hi;
  }

 private:
  Scenario s_;
  int64_t& runs_;
  int64_t base_requests_ = 1000;
  std::map<std::pair<double, int>, RateRun> memo_;
  int plateau_ = 0;

  // The largest percentile / target over the SLOs (refused requests count as infinitely late).
  static double worst_ratio(const RateRun& run) {
    if (run.rejected > 0) return 1e300;
    double worst = 0.0;
    for (const SloCheck& c : run.slo) {
      if (c.target_ms > 0.0) worst = std::max(worst, c.value_ms / c.target_ms);
    }
    return worst;
  }
};

// Reads, prices and screens one combination (step 1); the scenario is kept for step 2.
Deployment screen_one(const ServePlanSpec& spec, uint64_t index, double peak, Scenario& s) {
  Deployment d;
  d.index = index;
  d.values = values_at(spec, index);
  try {
    s = scenario_of(spec, d.values);
  } catch (const InputError& e) {
    d.status = DeploymentStatus::invalid;
    d.reason = e.path() + ": " + e.problem();
    return d;
  }
  const ServingConfig& v = s.serving;
  const StepCost cost(s);
  d.gpu = cost.gpu().id;
  d.tensor = v.tensor;
  d.weight_precision = to_string(v.weight_precision);
  d.kv_cache_precision = to_string(v.kv_cache_precision);
  d.batching = to_string(v.batching);
  d.max_num_seqs = v.max_num_seqs;
  d.max_num_batched_tokens = v.max_num_batched_tokens;
  try {
    const ChosenPrice p = choose_price(d.gpu, spec.prices);
    d.usd_per_gpu_hour = p.usd_per_gpu_hour;
    d.price = p.describe();
  } catch (const InputError& e) {
    d.status = DeploymentStatus::no_price;
    d.reason = "no price for " + d.gpu + " (set serve_plan.prices)";
    return d;
  }
  const ServingMemory m = serving_memory(s, cost.gpu());
  d.kv_cache_gib = m.kv_cache / units::kGiB;
  if (!m.fits) {
    d.status = DeploymentStatus::does_not_fit;
    d.reason = v.encode ? "the weights and the workspace exceed the memory budget"
                        : "the weights leave no KV block";
    return d;
  }
  d.screen = screen_replica(s, cost, m);
  if (d.screen.batch < 1) {
    d.status = DeploymentStatus::does_not_fit;
    d.reason = "the KV cache holds no sequence of mean length";
    return d;
  }
  if (std::string miss = idle_latency_miss(d.screen, v.slo); !miss.empty()) {
    d.status = DeploymentStatus::too_slow;
    d.reason = miss;
    return d;
  }
  d.screen_replicas = std::max(1, screen_replicas(peak, d.screen.max_rps));
  d.bound_usd_per_hour = d.screen_replicas * d.tensor * d.usd_per_gpu_hour;
  if (d.screen_replicas > spec.max_replicas) {
    d.status = DeploymentStatus::too_many;
    d.reason = "utilisation below 1 needs " + std::to_string(d.screen_replicas) +
               " replicas > serve_plan.max_replicas";
    return d;
  }
  d.status = DeploymentStatus::bounded;
  return d;
}

// The rate of each hour: rate_rps × the hour's percent, or rate_rps all day.
std::vector<double> hourly_rates(const TrafficConfig& t) {
  std::vector<double> rates(24, t.rate_rps);
  if (t.hourly_percent.size() == 24) {
    for (int h = 0; h < 24; ++h)
      rates[h] = t.rate_rps * t.hourly_percent[h] / 100.0;
  }
  return rates;
}

void plan_hours(const ServePlanSpec& spec, const std::vector<double>& rates, const Deployment& d,
                RateRunner& runner, ServePlanResult& r) {
  r.hours.clear();
  int replica_hours = 0;
  for (int h = 0; h < 24; ++h) {
    HourPlan hour;
    hour.hour = h;
    hour.rate_rps = rates[h];
    if (rates[h] <= 0.0) {
      hour.replicas = spec.min_replicas;
    } else {
      hour.screen_replicas = screen_replicas(rates[h], d.screen.max_rps);
      const int from = std::max({1, spec.min_replicas, hour.screen_replicas});
      hour.replicas = runner.fewest(rates[h], from, spec.max_replicas);
      if (hour.replicas == 0) {  // cannot happen below the peak's count; kept honest
        hour.replicas = d.replicas;
        r.warnings.push_back("hour " + std::to_string(h) +
                             ": no replica count up to max_replicas meets the SLOs; the peak's " +
                             "count is kept");
      }
      hour.run = runner.at(rates[h], hour.replicas);
      if (runner.has(rates[h], hour.replicas - 1))
        hour.below = runner.at(rates[h], hour.replicas - 1);
    }
    replica_hours += hour.replicas;
    r.hours.push_back(hour);
  }
  for (int h = 0; h < 24; ++h) {
    HourPlan& hour = r.hours[h];
    hour.cold_start = hour.replicas > 0 && r.hours[(h + 23) % 24].replicas == 0;
    if (hour.cold_start) ++r.cold_starts_per_day;
  }
  const double gpu_price = d.tensor * d.usd_per_gpu_hour;
  r.monthly_usd = kDaysPerMonth * replica_hours * gpu_price;
  r.monthly_always_peak_usd = kDaysPerMonth * 24.0 * d.replicas * gpu_price;
  // An encoder's cost per million sequences: the month's dollars over the requests of its hours.
  double requests_per_day = 0.0;
  for (const double rate : rates)
    requests_per_day += rate * 3600.0;
  if (r.encode && requests_per_day > 0.0) {
    r.usd_per_million_sequences = r.monthly_usd / (kDaysPerMonth * requests_per_day) * 1e6;
  }
  if (r.cold_starts_per_day > 0) {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "%d scale-up(s) from zero a day: the first requests of such an hour wait up to "
                  "the %.0f s cold start (not in the hour's percentiles)",
                  r.cold_starts_per_day, spec.cold_start_s);
    r.warnings.push_back(buf);
  }
}

bool cheaper(const Deployment& a, const Deployment& b) {
  if (a.usd_per_hour != b.usd_per_hour) return a.usd_per_hour < b.usd_per_hour;
  return a.gpus() < b.gpus();
}

}  // namespace

const char* to_string(DeploymentStatus s) {
  switch (s) {
    case DeploymentStatus::invalid:
      return "invalid";
    case DeploymentStatus::no_price:
      return "no_price";
    case DeploymentStatus::does_not_fit:
      return "does_not_fit";
    case DeploymentStatus::too_slow:
      return "too_slow";
    case DeploymentStatus::too_many:
      return "too_many_replicas";
    case DeploymentStatus::bounded:
      return "not_simulated";
    case DeploymentStatus::misses_slo:
      return "misses_slo";
    case DeploymentStatus::meets:
      break;
  }
  return "meets";
}

ServePlanResult search_serve_plan(const ServePlanSpec& spec) {
  ServePlanResult r;
  r.name = spec.name;
  r.min_replicas = spec.min_replicas;
  r.max_replicas = spec.max_replicas;
  r.cold_start_s = spec.cold_start_s;
  for (const Axis& a : spec.axes)
    r.axes.push_back(a.path);
  Scenario base;
  read_document(spec.template_doc, base, ReadContext{spec.base_dir});
  r.slo = base.serving.slo;
  r.encode = base.serving.encode;
  r.rate_rps = base.serving.traffic.rate_rps;
  const std::vector<double> rates = hourly_rates(base.serving.traffic);
  r.peak_hour = static_cast<int>(std::max_element(rates.begin(), rates.end()) - rates.begin());
  r.peak_rate_rps = rates[r.peak_hour];

  // Step 1: read, size, price, screen.
  std::vector<Scenario> scenarios(spec.combinations);
  for (uint64_t i = 0; i < spec.combinations; ++i)
    r.deployments.push_back(screen_one(spec, i, r.peak_rate_rps, scenarios[i]));

  // Step 2: the survivors, cheapest bound first; stop simulating where the bound reaches the best.
  std::vector<size_t> order;
  for (size_t i = 0; i < r.deployments.size(); ++i) {
    if (r.deployments[i].status == DeploymentStatus::bounded) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return r.deployments[a].bound_usd_per_hour < r.deployments[b].bound_usd_per_hour;
  });
  std::vector<std::unique_ptr<RateRunner>> runners(r.deployments.size());
  for (const size_t i : order) {
    Deployment& d = r.deployments[i];
    if (r.best >= 0 && d.bound_usd_per_hour >= r.deployments[r.best].usd_per_hour) {
      char buf[120];
      std::snprintf(buf, sizeof buf, "not simulated: the screen's $%.2f/h is not below $%.2f/h",
                    d.bound_usd_per_hour, r.deployments[r.best].usd_per_hour);
      d.reason = buf;
      continue;
    }
    runners[i] = std::make_unique<RateRunner>(scenarios[i], r.des_runs);
    RateRunner& runner = *runners[i];
    d.replicas = runner.fewest(r.peak_rate_rps, d.screen_replicas, spec.max_replicas);
    if (d.replicas == 0) {
      d.status = DeploymentStatus::misses_slo;
      const int last = runner.plateau() > 0 ? runner.plateau() : spec.max_replicas;
      d.peak = runner.at(r.peak_rate_rps, last);
      d.reason = runner.plateau() > 0
                     ? "misses the SLOs, and doubling to " + std::to_string(last) +
                           " replicas improves the worst percentile by less than 5%"
                     : "misses the SLOs with serve_plan.max_replicas";
      continue;
    }
    d.status = DeploymentStatus::meets;
    d.usd_per_hour = d.replicas * d.tensor * d.usd_per_gpu_hour;
    if (r.encode) d.usd_per_million_sequences = d.usd_per_hour / (r.peak_rate_rps * 3600.0) * 1e6;
    d.peak = runner.at(r.peak_rate_rps, d.replicas);
    if (runner.has(r.peak_rate_rps, d.replicas - 1)) {
      d.below = runner.at(r.peak_rate_rps, d.replicas - 1);
    }
    if (r.best < 0 || cheaper(d, r.deployments[r.best])) r.best = static_cast<int>(i);
  }
  r.requests_per_run = base_requests(base.serving);

  // Step 3: the hours of the cheapest.
  if (r.best >= 0) {
    plan_hours(spec, rates, r.deployments[r.best], *runners[r.best], r);
  }
  return r;
}

}  // namespace wt
