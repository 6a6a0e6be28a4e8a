// The deployment's latency percentiles at a series of request rates (latency_load.hpp).
#include "planner/serving/latency_load.hpp"

#include <algorithm>

#include "sim/run_serving.hpp"

namespace wt {
std::vector<double> default_load_multiples() {
  return {0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0};
}

double peak_rate_rps(const TrafficConfig& t) {
  if (t.hourly_percent.empty()) return t.rate_rps;
  const int top = *std::max_element(t.hourly_percent.begin(), t.hourly_percent.end());
  return t.rate_rps * top / 100.0;
}

double served_share_of_second_half(const std::vector<serving::RequestRecord>& requests) {
  std::vector<double> arrivals, finishes;
  for (const serving::RequestRecord& r : requests) {
    if (r.finish_s < 0.0) continue;
    arrivals.push_back(r.arrival_s);
    finishes.push_back(r.finish_s);
  }
  if (arrivals.size() < 2) return 1.0;
  std::sort(arrivals.begin(), arrivals.end());
  const double from = arrivals[arrivals.size() / 2];
  const double to = arrivals.back();
  const auto in_window = [&](double t) { return t > from && t <= to; };
  const auto arrived = std::count_if(arrivals.begin(), arrivals.end(), in_window);
  const auto completed = std::count_if(finishes.begin(), finishes.end(), in_window);
  return arrived == 0 ? 1.0 : static_cast<double>(completed) / static_cast<double>(arrived);
}

Scenario load_point_scenario(const Scenario& s, double rate_rps, int64_t requests) {
  Scenario p = s;
  p.serving.traffic.hourly_percent.clear();
  p.serving.traffic.rate_rps = rate_rps;
  p.serving.duration_s = 0.0;
  p.serving.num_requests = requests;
  return p;
}

LatencyAgainstLoad latency_against_load(const Scenario& s, const std::vector<double>& multiples,
                                        int64_t requests_per_point,
                                        const std::function<void()>& before_each) {
  LatencyAgainstLoad out;
  out.peak_rps = peak_rate_rps(s.serving.traffic);
  out.replicas = s.serving.replicas;
  out.requests_per_point =
      requests_per_point > 0
          ? requests_per_point
          : std::max(s.serving.num_requests, kLoadRequestsPerReplica * s.serving.replicas);
  if (!s.serving.enabled) {
    out.problem = "the scenario has no serving block";
    return out;
  }
  if (out.peak_rps <= 0.0) {
    out.problem = "serving.traffic.rate_rps is 0 at every hour";
    return out;
  }
  for (const double m : multiples) {
    if (before_each) before_each();
    const ServeOutput run =
        serve_scenario(load_point_scenario(s, m * out.peak_rps, out.requests_per_point));
    ++out.simulations;
    const ServingResult& r = run.result;
    if (!r.fits) {
      out.problem = "the weights leave no room for a KV block";
      out.points.clear();
      return out;
    }
    LoadPoint p;
    p.multiple = m;
    p.rate_rps = m * out.peak_rps;
    p.requests = r.requests;
    p.completed = r.completed;
    p.rejected = r.rejected;
    p.ttft_ms = r.ttft_ms;
    p.tpot_ms = r.tpot_ms;
    p.e2e_ms = r.e2e_ms;
    p.queue_ms = r.queue_ms;
    p.slo = r.slo;
    p.slo_met = r.slo_met;
    p.served_share = served_share_of_second_half(run.simulation.requests);
    p.saturated = p.served_share < kSaturatedServedShare;
    out.points.push_back(p);
    if (p.saturated) break;
  }
  return out;
}

}  // namespace wt
