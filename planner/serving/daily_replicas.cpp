// The replicas per hour of one deployment over the day (daily_replicas.hpp).
#include "planner/serving/daily_replicas.hpp"

#include <algorithm>
#include <cstdio>

namespace wt {
namespace {

constexpr double kDaysPerMonth = 30.0;

std::string first_slo_miss(const RateRun& run) {
  for (const SloCheck& c : run.slo) {
    if (!c.met) {
      char buf[120];
      std::snprintf(buf, sizeof buf, "%s %.0f ms > %.0f", c.metric.c_str(), c.value_ms,
                    c.target_ms);
      return buf;
    }
  }
  return run.rejected > 0 ? "refuses requests" : "misses";
}

// Cold starts, the month's cost and the encoder's cost per million sequences of planned hours.
void cost_the_day(const std::vector<double>& rates, bool encode, double cold_start_s,
                  DailyReplicas& day) {
  int replica_hours = 0;
  for (int h = 0; h < 24; ++h) {
    HourPlan& hour = day.hours[h];
    hour.cold_start = hour.replicas > 0 && day.hours[(h + 23) % 24].replicas == 0;
    if (hour.cold_start) ++day.cold_starts_per_day;
    replica_hours += hour.replicas;
  }
  const double gpu_price = day.tensor * day.usd_per_gpu_hour;
  day.monthly_usd = kDaysPerMonth * replica_hours * gpu_price;
  day.monthly_always_peak_usd = kDaysPerMonth * 24.0 * day.peak_replicas * gpu_price;
  double requests_per_day = 0.0;
  for (const double rate : rates)
    requests_per_day += rate * 3600.0;
  if (encode && requests_per_day > 0.0) {
    day.usd_per_million_sequences = day.monthly_usd / (kDaysPerMonth * requests_per_day) * 1e6;
  }
  if (day.cold_starts_per_day > 0) {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "%d scale-up(s) from zero a day: the first requests of such an hour wait up to "
                  "the %.0f s cold start (not in the hour's percentiles)",
                  day.cold_starts_per_day, cold_start_s);
    day.warnings.push_back(buf);
  }
}

}  // namespace

std::vector<double> hourly_rates(const TrafficConfig& t) {
  std::vector<double> rates(24, t.rate_rps);
  if (t.hourly_percent.size() == 24) {
    for (int h = 0; h < 24; ++h)
      rates[h] = t.rate_rps * t.hourly_percent[h] / 100.0;
  }
  return rates;
}

DailyReplicas plan_day(const std::vector<double>& rates, const ReplicaScreen& screen,
                       int peak_replicas, int tensor, double usd_per_gpu_hour, bool encode,
                       const AutoscaleLimits& limits, RateRunner& runner) {
  DailyReplicas day;
  day.limits = limits;
  day.tensor = tensor;
  day.usd_per_gpu_hour = usd_per_gpu_hour;
  day.peak_hour = static_cast<int>(std::max_element(rates.begin(), rates.end()) - rates.begin());
  day.peak_rate_rps = rates[day.peak_hour];
  day.peak_replicas = peak_replicas;
  for (int h = 0; h < 24; ++h) {
    HourPlan hour;
    hour.hour = h;
    hour.rate_rps = rates[h];
    if (rates[h] <= 0.0) {
      hour.replicas = limits.min_replicas;
    } else {
      hour.screen_replicas = screen_replicas(rates[h], screen.max_rps);
      const int from = std::max({1, limits.min_replicas, hour.screen_replicas});
      hour.replicas = runner.confirmed(rates[h], from, limits.max_replicas);
      if (hour.replicas == 0) {  // cannot happen below the peak's count; kept honest
        hour.replicas = peak_replicas;
        day.warnings.push_back("hour " + std::to_string(h) +
                               ": no replica count up to max_replicas meets the SLOs; the " +
                               "peak's count is kept");
      }
      hour.run = runner.verdict(rates[h], hour.replicas);
      if (runner.has_any(rates[h], hour.replicas - 1))
        hour.below = runner.verdict(rates[h], hour.replicas - 1);
    }
    day.hours.push_back(hour);
  }
  cost_the_day(rates, encode, limits.cold_start_s, day);
  return day;
}

DailyReplicas daily_replicas(const Scenario& s, double usd_per_gpu_hour,
                             const AutoscaleLimits& limits) {
  DailyReplicas day;
  day.limits = limits;
  const ServingConfig& v = s.serving;
  day.tensor = v.tensor;
  day.usd_per_gpu_hour = usd_per_gpu_hour;
  if (v.slo.ttft_ms <= 0.0 && v.slo.tpot_ms <= 0.0 && v.slo.e2e_ms <= 0.0) {
    day.problem = "no SLO target: the replicas of an hour are the fewest meeting serving.slo";
    return day;
  }
  const StepCost cost(s);
  const ServingMemory m = serving_memory(s, cost.gpu());
  if (!m.fits) {
    day.problem = v.encode ? "the weights and the workspace exceed the memory budget"
                           : "the weights leave no KV block";
    return day;
  }
  const ReplicaScreen screen = screen_replica(s, cost, m);
  if (screen.batch < 1) {
    day.problem = "the KV cache holds no sequence of mean length";
    return day;
  }
  if (std::string miss = idle_latency_miss(screen, v.slo); !miss.empty()) {
    day.problem = miss;
    return day;
  }
  const std::vector<double> rates = hourly_rates(v.traffic);
  const double peak = *std::max_element(rates.begin(), rates.end());
  int64_t runs = 0;
  RateRunner runner(s, runs);
  const int from = std::max(1, screen_replicas(peak, screen.max_rps));
  const int peak_replicas = runner.confirmed(peak, from, limits.max_replicas);
  if (peak_replicas == 0) {
    day.simulations = runs;
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "no replica count up to %d meets the SLOs at the peak's %.2f req/s",
                  runner.plateau() > 0 ? runner.plateau() : limits.max_replicas, peak);
    day.problem = buf;
    return day;
  }
  day =
      plan_day(rates, screen, peak_replicas, v.tensor, usd_per_gpu_hour, v.encode, limits, runner);
  day.simulations = runs;
  return day;
}

std::string hour_why(const HourPlan& h) {
  if (h.replicas == 0) return "no traffic";
  if (h.below.replicas > 0 && !h.below.meets) {
    return std::to_string(h.replicas - 1) + " would miss (" + first_slo_miss(h.below) + ")";
  }
  if (h.replicas == h.screen_replicas) return "screen: utilisation < 1";
  return "serve_plan.min_replicas";
}

}  // namespace wt
