// latency_against_load (planner/serving/latency_load.hpp): the deployment's percentiles at a
// series of rates. Against M/M/1 closed forms (the queue oracles' setup, queue_oracle_test.cpp:
// static batching of one, exponential service of mean 1/μ = 1 s): the time in the system is
// exponential with rate μ − λ, so its p-quantile is −ln(1 − p) / (μ − λ), and the wait in the
// queue exceeds t with probability ρ e^{−(μ − λ) t}, so its p-quantile (p > 1 − ρ) is
// ln(ρ / (1 − p)) / (μ − λ) (Kleinrock, Queueing Systems I, 1975, §3.2).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "planner/serving/latency_load.hpp"
#include "sim/run_serving.hpp"
#include "sim/scenario/parse.hpp"
#include "tests/serving/golden_compare.hpp"

namespace wt {
namespace {

constexpr int kMm1Requests = 100000;

// λ = multiple × 0.5 req/s against μ = 1 req/s.
Scenario mm1_scenario() {
  Scenario s = parse_scenario_text(R"({"model": {"preset": "llama3-8b"},
    "serving": {"batching": "static", "max_num_seqs": 1, "traffic": {"rate_rps": 0.5},
                "num_requests": 100000, "seed": 7}})");
  s.serving.service_time = ServiceTime::exponential;
  s.serving.service_time_s = 1.0;
  return s;
}

void expect_same(const Percentiles& a, const Percentiles& b) {
  EXPECT_EQ(a.p50, b.p50);
  EXPECT_EQ(a.p95, b.p95);
  EXPECT_EQ(a.p99, b.p99);
}

TEST(LatencyAgainstLoad, MM1PercentilesMatchTheClosedForm) {
  // ρ = 0.2, 0.4, 0.6: e2e P50 = ln 2 / (1 − ρ) s = 0.866, 1.155, 1.733; P95 = ln 20 / (1 − ρ) =
  // 3.745, 4.993, 7.489; queue P95 = ln(ρ / 0.05) / (1 − ρ) = 1.733, 3.466, 6.109.
  const std::vector<double> multiples = {0.4, 0.8, 1.2};
  const LatencyAgainstLoad l = latency_against_load(mm1_scenario(), multiples, kMm1Requests);
  ASSERT_EQ(l.problem, "");
  ASSERT_EQ(l.points.size(), 3u);
  EXPECT_EQ(l.peak_rps, 0.5);
  EXPECT_EQ(l.simulations, 3);
  for (const LoadPoint& p : l.points) {
    const double rho = p.rate_rps;  // × 1 s
    const double gap = 1.0 - rho;   // μ − λ
    SCOPED_TRACE(rho);
    EXPECT_EQ(p.completed, kMm1Requests);
    EXPECT_FALSE(p.saturated);
    EXPECT_NEAR(p.e2e_ms.p50 / 1e3, std::log(2.0) / gap, 0.03 * std::log(2.0) / gap);
    EXPECT_NEAR(p.e2e_ms.p95 / 1e3, std::log(20.0) / gap, 0.03 * std::log(20.0) / gap);
    EXPECT_NEAR(p.queue_ms.p95 / 1e3, std::log(rho / 0.05) / gap,
                0.04 * std::log(rho / 0.05) / gap);
  }
  EXPECT_NEAR(l.points[1].rate_rps, 0.4, 1e-12);
}

TEST(LatencyAgainstLoad, PercentilesNeverFallAsTheRateRises) {
  // One FIFO server fed the same draws with the gaps scaled by 1 / rate: by Lindley's recursion
  // every request waits at least as long at a higher rate, so every order statistic rises.
  const LatencyAgainstLoad l =
      latency_against_load(mm1_scenario(), {0.2, 0.6, 1.0, 1.4, 1.8}, 20000);
  ASSERT_EQ(l.points.size(), 5u);
  for (size_t i = 1; i < l.points.size(); ++i) {
    const LoadPoint& a = l.points[i - 1];
    const LoadPoint& b = l.points[i];
    EXPECT_LT(a.rate_rps, b.rate_rps);
    for (auto member : {&Percentiles::p50, &Percentiles::p95, &Percentiles::p99}) {
      EXPECT_LE(a.e2e_ms.*member, b.e2e_ms.*member) << i;
      EXPECT_LE(a.queue_ms.*member, b.queue_ms.*member) << i;
    }
  }
}

TEST(LatencyAgainstLoad, StopsAtTheFirstSaturatedRate) {
  // M/D/1 at ρ = 1.1: the busy server completes one request a second while 1.1 arrive, 1 / 1.1 =
  // 91 % (the window's 10,000 Poisson arrivals vary by 1 %); ρ = 1.5 is never simulated.
  Scenario s = mm1_scenario();
  s.serving.service_time = ServiceTime::deterministic;
  const LatencyAgainstLoad l = latency_against_load(s, {1.0, 2.2, 3.0}, 20000);
  ASSERT_EQ(l.points.size(), 2u);
  EXPECT_EQ(l.simulations, 2);
  EXPECT_FALSE(l.points[0].saturated);
  EXPECT_GT(l.points[0].served_share, 0.99);
  EXPECT_TRUE(l.points[1].saturated);
  EXPECT_NEAR(l.points[1].served_share, 1.0 / 1.1, 0.02);
}

TEST(LatencyAgainstLoad, PointAtThePeakIsAPlainServeRun) {
  // Without a daily profile and at the scenario's own request count, the point at 1 × is
  // `windtunnel serve` of the file.
  Scenario s = load_scenario_file((kServingScenarioDir / "llama3-8b-h100-daily.json").string());
  s.serving.traffic.hourly_percent.clear();
  const ServingResult plain = serve_scenario(s).result;
  const LatencyAgainstLoad l = latency_against_load(s, {0.5, 1.0}, s.serving.num_requests);
  ASSERT_EQ(l.points.size(), 2u);
  const LoadPoint& p = l.points[1];
  EXPECT_EQ(p.rate_rps, 20.0);
  EXPECT_EQ(p.requests, plain.requests);
  expect_same(p.ttft_ms, plain.ttft_ms);
  expect_same(p.tpot_ms, plain.tpot_ms);
  expect_same(p.e2e_ms, plain.e2e_ms);
  ASSERT_EQ(p.slo.size(), plain.slo.size());
  EXPECT_EQ(p.slo[0].value_ms, plain.slo[0].value_ms);
}

TEST(LatencyAgainstLoad, ShippedDailyScenarioAtItsPeak) {
  // The Serving tab's sweep of llama3-8b-h100-daily: the peak of its profile is 20 × 100 % =
  // 20 req/s, 2000 requests per replica (one H100: 2000), and the default multiples stop at
  // 1.5 × (30 req/s) where the replica (at most 26.1 req/s by the screen) falls behind.
  const Scenario s =
      load_scenario_file((kServingScenarioDir / "llama3-8b-h100-daily.json").string());
  const LatencyAgainstLoad l = latency_against_load(s, default_load_multiples());
  ASSERT_EQ(l.problem, "");
  EXPECT_EQ(l.peak_rps, 20.0);
  EXPECT_EQ(l.requests_per_point, 2000);
  ASSERT_EQ(l.points.size(), 6u);
  EXPECT_TRUE(l.points.back().saturated);
  EXPECT_EQ(l.points.back().rate_rps, 30.0);
  for (size_t i = 0; i + 1 < l.points.size(); ++i)
    EXPECT_FALSE(l.points[i].saturated) << i;
  // The point at 1 × is the plain run of its scenario.
  const ServingResult at_peak = serve_scenario(load_point_scenario(s, 20.0, 2000)).result;
  expect_same(l.points[3].ttft_ms, at_peak.ttft_ms);
}

TEST(LatencyAgainstLoad, ProblemsInsteadOfPoints) {
  Scenario s = mm1_scenario();
  s.serving.traffic.rate_rps = 0.0;
  EXPECT_EQ(latency_against_load(s, {1.0}).problem, "serving.traffic.rate_rps is 0 at every hour");
  s.serving.enabled = false;
  EXPECT_EQ(latency_against_load(s, {1.0}).problem, "the scenario has no serving block");
}

TEST(LatencyAgainstLoad, PeakRateOfADailyProfile) {
  TrafficConfig t;
  t.rate_rps = 20.0;
  EXPECT_EQ(peak_rate_rps(t), 20.0);
  t.hourly_percent.assign(24, 10);
  t.hourly_percent[9] = 80;
  EXPECT_EQ(peak_rate_rps(t), 16.0);
}

TEST(LatencyAgainstLoad, ServedShareOfTheSecondHalf) {
  // Served arrivals at 0, 1, 2, 3, 4 (one refused at 2.5): the second half runs from 2 to 4, with
  // arrivals at 3 and 4 and completions at 2.5 and 3.5 in it (4.5 and 6 fall after).
  std::vector<serving::RequestRecord> r(6);
  const double arrival[] = {0, 1, 2, 2.5, 3, 4};
  const double finish[] = {0.5, 2.5, 3.5, -1, 4.5, 6};
  for (int i = 0; i < 6; ++i) {
    r[i].arrival_s = arrival[i];
    r[i].finish_s = finish[i];
  }
  EXPECT_DOUBLE_EQ(served_share_of_second_half(r), 2.0 / 2.0);
  r[2].finish_s = 5.0;  // 2.5 only: 1 of 2
  EXPECT_DOUBLE_EQ(served_share_of_second_half(r), 0.5);
}

}  // namespace
}  // namespace wt
