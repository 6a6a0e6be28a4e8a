#pragma once
// Latency against load (the GUI's Serving tab, `windtunnel serve --load-sweep`): the scenario's
// deployment (its GPU, TP, replicas, batching) served by the same simulation as `windtunnel serve`
// (serve_scenario) at a series of constant request rates, each a multiple of the traffic's peak
// rate (serving.traffic.rate_rps × the largest hourly percent, or rate_rps without a daily
// profile). Each point keeps the TTFT, TPOT, end-to-end and queue percentiles and the SLO checks.
// The series stops at the first rate where the run is saturated: over the second half of the
// arrivals the replicas complete fewer than 95 % of the requests that arrive, so the queue grows
// for as long as requests come and the percentiles only measure how long the run was.
// Each point runs 2000 requests per replica (10 × serve-plan's 200): with continuous batching the
// batch, and with it TPOT, takes thousands of requests to settle (docs/gui.md, the Serving tab).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sim/engine/simgrid/serving_des.hpp"
#include "sim/report/serving_result.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2 × the peak rate.
std::vector<double> default_load_multiples();

// Below this share of the arrivals completed over the second half of the arrivals a run is
// saturated. A stable run completes about as many as arrive (the same window shifted by the
// end-to-end time), an overloaded one its capacity ÷ the rate.
constexpr double kSaturatedServedShare = 0.95;
// Requests per replica of each point by default.
constexpr int64_t kLoadRequestsPerReplica = 2000;

struct LoadPoint {
  double multiple = 0.0;  // of the peak rate
  double rate_rps = 0.0;
  int64_t requests = 0, completed = 0, rejected = 0;
  Percentiles ttft_ms, tpot_ms, e2e_ms, queue_ms;
  std::vector<SloCheck> slo;
  bool slo_met = true;
  double served_share = 1.0;  // served_share_of_second_half of the run
  bool saturated = false;     // served_share < kSaturatedServedShare
};

struct LatencyAgainstLoad {
  std::string problem;  // why there are no points ("" when there are)
  double peak_rps = 0.0;
  int replicas = 1;
  int64_t requests_per_point = 0;
  // In rate order, up to and including the first saturated point (its percentiles are drawn by
  // no one: they depend on the run's length).
  std::vector<LoadPoint> points;
  int64_t simulations = 0;
};

// The peak rate of the traffic: rate_rps × the largest hourly percent / 100, or rate_rps.
double peak_rate_rps(const TrafficConfig& t);

// Completions ÷ arrivals over the second half of the served requests' arrivals (from the middle
// served request's arrival to the last's); 1 with fewer than 2 served requests.
double served_share_of_second_half(const std::vector<serving::RequestRecord>& requests);

// The scenario at each multiple × peak_rate_rps (in the order given, which should be increasing),
// a constant rate (no daily profile, no duration limit) and `requests_per_point` requests
// (0: kLoadRequestsPerReplica × replicas, or serving.num_requests when larger) from the scenario's
// seed. `before_each` runs before each simulation (the GUI
// cancels through it). A scenario without a serving block, with a zero rate or whose replica does
// not fit gets `problem`.
LatencyAgainstLoad latency_against_load(const Scenario& s, const std::vector<double>& multiples,
                                        int64_t requests_per_point = 0,
                                        const std::function<void()>& before_each = {});

// The scenario one point simulates (so that a test or the CLI can serve it alone).
Scenario load_point_scenario(const Scenario& s, double rate_rps, int64_t requests);

}  // namespace wt
