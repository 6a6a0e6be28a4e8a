// The shipped Llama 3 405B scenario against Meta's report (data/reference/hardware-and-prices.json,
// reliability.llama3_405b_16k_H100): 419 unexpected interruptions in 54 days on 16,384 H100 and
// an effective training time above 90%.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/report/goodput.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

TEST(Llama3Goodput, InterruptionsAndEttrMatchTheReport) {
  Scenario s = load_scenario_file(WT_SOURCE_DIR "/scenarios/llama3-405b-16k-h100.json");
  const RunResult r = run_scenario(s).result;
  const FailureFigures& f = r.failures;
  const double days = 54.0 * 86400.0;
  // Poisson spread of 419: ± 2·√419 ≈ ± 41.
  const double spread = 2.0 * std::sqrt(419.0);
  EXPECT_NEAR(days / f.cluster_mtbf_s, 419.0, spread);
  EXPECT_NEAR(f.expected_interruptions / r.expected_time_to_train_with_failures_s * days, 419.0,
              spread);
  EXPECT_GT(f.ettr, 0.90);
  s.reliability.monte_carlo_runs = 200;
  const std::optional<MonteCarloFigures> mc = monte_carlo_figures(s, r.iteration_time_s);
  ASSERT_TRUE(mc.has_value());
  ASSERT_EQ(mc->runs, 200) << mc->why_not;
  EXPECT_NEAR(mc->mean_interruptions / mc->mean_time_s * days, 419.0, spread);
  EXPECT_GT(mc->ettr, 0.90);
  EXPECT_GE(mc->p90_time_s, mc->p50_time_s);
  EXPECT_GT(mc->p50_cost_usd, r.cost_usd);
}

}  // namespace
}  // namespace wt
