// Closed-form queues reproduced by the serving simulation (docs/serving.md, "Checks"): one
// replica serving one request at a time (static batching of 1) with Poisson arrivals at rate λ and
// a test-only service time of mean 1/μ is an M/M/1 queue when the service time is exponential and
// an M/D/1 queue when it is fixed. Mean waiting time in the queue (Kleinrock, Queueing Systems
// I, 1975): M/M/1 Wq = ρ / (μ (1 − ρ)); M/D/1 (Pollaczek-Khinchine) Wq = ρ / (2 μ (1 − ρ)).
// At ρ = 0.3 and 200,000 requests the estimate's standard deviation is about 0.8 % (M/M/1) and
// 0.6 % (M/D/1) of Wq (measured over 20 seeds of the same recursion), so 2 % is a 2.5σ bound;
// the seed is fixed.
#include <gtest/gtest.h>

#include "sim/run_serving.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

constexpr double kRate = 0.3;     // λ, requests/s
constexpr double kService = 1.0;  // 1/μ, s
constexpr int kRequests = 200000;

ServingResult queue(ServiceTime service) {
  Scenario s = parse_scenario_text(R"({"model": {"preset": "llama3-8b"},
    "serving": {"batching": "static", "max_num_seqs": 1, "traffic": {"rate_rps": 0.3},
                "num_requests": 200000, "seed": 11}})");
  s.serving.service_time = service;
  s.serving.service_time_s = kService;
  return serve_scenario(s).result;
}

TEST(QueueOracle, MM1MeanWaitWithinTwoPercent) {
  const double rho = kRate * kService;
  const double wq = rho * kService / (1.0 - rho);  // 0.428571 s
  const ServingResult r = queue(ServiceTime::exponential);
  ASSERT_EQ(r.completed, kRequests);
  EXPECT_NEAR(r.queue_ms.mean / 1e3, wq, 0.02 * wq);
  // Time in the system W = Wq + 1/μ (Little), and the server is busy ρ of the time.
  EXPECT_NEAR(r.e2e_ms.mean / 1e3, wq + kService, 0.02 * (wq + kService));
  EXPECT_NEAR(r.gpu_busy_fraction, rho, 0.02 * rho);
}

TEST(QueueOracle, MD1MeanWaitWithinTwoPercent) {
  const double rho = kRate * kService;
  const double wq = rho * kService / (2.0 * (1.0 - rho));  // 0.214286 s
  const ServingResult r = queue(ServiceTime::deterministic);
  ASSERT_EQ(r.completed, kRequests);
  EXPECT_NEAR(r.queue_ms.mean / 1e3, wq, 0.02 * wq);
  EXPECT_NEAR(r.e2e_ms.mean / 1e3, wq + kService, 0.02 * (wq + kService));
}

}  // namespace
}  // namespace wt
