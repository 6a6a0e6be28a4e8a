// The serve-plan search (serve_plan_search.hpp): validate, size, price and screen every
// deployment; simulate the survivors cheapest bound first; then the replicas of each hour.
#include "planner/serving/serve_plan_search.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

#include "core/error.hpp"
#include "core/units.hpp"
#include "planner/search/plan_document.hpp"
#include "sim/scenario/document_walk.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

using nlohmann::json;

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

// The most replicas of `d` (at most serve_plan.max_replicas) costing less than `best_usd_per_hour`.
int below_cost(double best_usd_per_hour, const Deployment& d, const ServePlanSpec& spec) {
  int n = spec.max_replicas;
  while (n > 0 && n * d.tensor * d.usd_per_gpu_hour >= best_usd_per_hour)
    --n;
  return n;
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
    // Branch and bound within the deployment too: no more replicas than cost less than the best.
    const int cap =
        r.best >= 0 ? below_cost(r.deployments[r.best].usd_per_hour, d, spec) : spec.max_replicas;
    d.replicas = runner.confirmed(r.peak_rate_rps, d.screen_replicas, cap);
    if (d.replicas == 0) {
      d.status = DeploymentStatus::misses_slo;
      const int last = runner.plateau() > 0 ? runner.plateau() : cap;
      d.peak = runner.verdict(r.peak_rate_rps, last);
      if (runner.plateau() > 0) {
        d.reason = "misses the SLOs, and doubling to " + std::to_string(last) +
                   " replicas improves the worst percentile by less than 5%";
      } else if (cap < spec.max_replicas) {
        char buf[160];
        std::snprintf(buf, sizeof buf,
                      "misses the SLOs with %d replicas, and more cost at least the best's $%.2f/h",
                      cap, r.deployments[r.best].usd_per_hour);
        d.reason = buf;
      } else {
        d.reason = "misses the SLOs with serve_plan.max_replicas";
      }
      continue;
    }
    d.status = DeploymentStatus::meets;
    d.usd_per_hour = d.replicas * d.tensor * d.usd_per_gpu_hour;
    if (r.encode) d.usd_per_million_sequences = d.usd_per_hour / (r.peak_rate_rps * 3600.0) * 1e6;
    d.peak = runner.verdict(r.peak_rate_rps, d.replicas);
    if (runner.has_any(r.peak_rate_rps, d.replicas - 1)) {
      d.below = runner.verdict(r.peak_rate_rps, d.replicas - 1);
    }
    if (r.best < 0 || cheaper(d, r.deployments[r.best])) r.best = static_cast<int>(i);
  }
  r.requests_per_run = base_requests(base.serving);

  // Step 3: the hours of the cheapest.
  if (r.best >= 0) {
    const Deployment& d = r.deployments[r.best];
    const AutoscaleLimits limits{spec.min_replicas, spec.max_replicas, spec.cold_start_s};
    r.day = plan_day(rates, d.screen, d.replicas, d.tensor, d.usd_per_gpu_hour, r.encode, limits,
                     *runners[r.best]);
    r.warnings.insert(r.warnings.end(), r.day.warnings.begin(), r.day.warnings.end());
  }
  return r;
}

}  // namespace wt
