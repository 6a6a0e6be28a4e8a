// Ranking by the P90 of the Monte Carlo (plan.rank_by "p90", docs/planner.md, "Ranking by P90").
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/units.hpp"
#include "planner/search/plan_report.hpp"
#include "sim/report/goodput.hpp"

namespace wt {
namespace {

const std::string kData = std::string(WT_SOURCE_DIR) + "/tests/planner/data/";

// One layout under two failure regimes of the same closed-form cost per day: 0 rarely fails but
// each failure costs 1.8 days; 1 fails ten times as often for a tenth (0.19 days) of the time.
// The closed form puts 0 first (expected 37.2 days against 38.8); 0's failure count is a Poisson
// variable of mean 3.7, each worth 1.8 days, so its spread is wide and its P90 the larger.
PlanReport searched(const CandidateSpace& space) {
  SearchOptions options;
  options.jobs = 1;
  PlanReport report;
  report.state = run_search(space, options);
  return report;
}

TEST(RankByP90, OrderDiffersFromTheClosedFormWhereRareCostlyFailuresSpreadTheTime) {
  const PlanSpec spec = load_plan_file(kData + "p90-plan.json");
  ASSERT_EQ(spec.monte_carlo.rank_by, RankBy::p90);
  const CandidateSpace space(spec);
  PlanReport report = searched(space);
  ASSERT_EQ(report.state.ranked.size(), 2u);
  EXPECT_EQ(report.state.ranked[0].index, 0u);  // the closed form: rare failures first
  EXPECT_LT(report.state.ranked[0].expected_time_s, report.state.ranked[1].expected_time_s);
  EXPECT_EQ(report.state.ranked[0].monte_carlo_runs, 0);

  rank_by_monte_carlo(space, report);
  const std::vector<Outcome>& r = report.state.ranked;
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].index, 1u);  // by P90: frequent cheap failures first
  EXPECT_EQ(r[0].monte_carlo_runs, 1000);
  EXPECT_LT(r[0].p90_time_s, r[1].p90_time_s);
  EXPECT_GT(r[0].expected_time_s, r[1].expected_time_s);
  EXPECT_EQ(report.chosen()->index, 1u);
  for (const Outcome& o : r) {
    EXPECT_LE(o.p50_time_s, o.p90_time_s);
    // The cost is the time at the candidate's price for all its GPUs.
    EXPECT_NEAR(o.p90_cost_usd,
                o.p90_time_s / units::kSecondsPerHour * o.num_gpus * o.usd_per_gpu_hour, 1e-6);
  }
  // The figures are the scenario's own Monte Carlo at plan.monte_carlo_runs.
  Scenario s = space.scenario(r[1].index);
  s.reliability.monte_carlo_runs = 1000;
  const std::optional<MonteCarloFigures> m = monte_carlo_figures(s, r[1].iteration_time_s);
  ASSERT_TRUE(m.has_value());
  EXPECT_DOUBLE_EQ(m->p90_time_s, r[1].p90_time_s);
  EXPECT_DOUBLE_EQ(m->p50_cost_usd, r[1].p50_cost_usd);
}

TEST(RankByP90, ExpectedRankingRunsNoMonteCarlo) {
  nlohmann::json doc = nlohmann::json::parse(std::ifstream(kData + "p90-plan.json"));
  doc["plan"].erase("rank_by");
  const PlanSpec spec = parse_plan(doc, kData, "p90");
  const CandidateSpace space(spec);
  PlanReport report = searched(space);
  rank_by_monte_carlo(space, report);
  ASSERT_EQ(report.state.ranked.size(), 2u);
  EXPECT_EQ(report.state.ranked[0].index, 0u);
  EXPECT_EQ(report.state.ranked[0].monte_carlo_runs, 0);
  const nlohmann::ordered_json j = plan_json(space, report);
  EXPECT_EQ(j["rank_by"], "expected");
  EXPECT_TRUE(j["ranked"][0]["monte_carlo"].is_null());
}

Outcome planted(uint64_t index, double expected_days, double p90_days, double p90_cost) {
  Outcome o;
  o.index = index;
  o.expected_time_s = expected_days * units::kSecondsPerDay;
  o.cost_usd = 1000.0;
  o.monte_carlo_runs = 100;
  o.p90_time_s = p90_days * units::kSecondsPerDay;
  o.p90_cost_usd = p90_cost;
  return o;
}

TEST(RankByP90, TheOrderAndTheConstraintsFollowTheP90Figures) {
  // a: 50 days expected, 70 at P90; b: 55 and 60. Deadline 65 days: b makes it 90% of the time.
  const Outcome a = planted(0, 50, 70, 900.0), b = planted(1, 55, 60, 1100.0);
  const PlanConstraints c{.deadline_days = 65};
  EXPECT_TRUE(ranks_before(a, b, Objective::fastest, c));
  EXPECT_TRUE(ranks_before(b, a, Objective::fastest, c, RankBy::p90));
  EXPECT_TRUE(meets_deadline(a, c));
  EXPECT_FALSE(meets_deadline(a, c, RankBy::p90));
  EXPECT_TRUE(meets_deadline(b, c, RankBy::p90));
  // Cheapest within the deadline: a is cheaper at P90 but late; b meets it.
  EXPECT_TRUE(ranks_before(b, a, Objective::cheapest_within_deadline, c, RankBy::p90));
  EXPECT_TRUE(ranks_before(a, b, Objective::cheapest, c, RankBy::p90));
  const PlanConstraints budget{.budget_usd = 1000.0};
  EXPECT_TRUE(within_budget(a, budget, RankBy::p90));
  EXPECT_FALSE(within_budget(b, budget, RankBy::p90));
}

TEST(RankByP90, PlanBlockErrorsNameThePathAndTheAllowedValues) {
  nlohmann::json doc = nlohmann::json::parse(std::ifstream(kData + "p90-plan.json"));
  doc["plan"]["rank_by"] = "p99";
  try {
    parse_plan(doc, kData, "p90");
    FAIL() << "accepted p99";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("plan.rank_by"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("expected, p90"), std::string::npos) << e.what();
  }
  doc["plan"]["rank_by"] = "p90";
  doc["plan"]["monte_carlo_runs"] = 0;
  EXPECT_THROW(parse_plan(doc, kData, "p90"), InputError);
  doc["plan"]["monte_carlo_runs"] = 10;
  doc["plan"]["monte_carlo_candidates"] = 3;
  const PlanSpec spec = parse_plan(doc, kData, "p90");
  EXPECT_EQ(spec.monte_carlo.runs, 10);
  // The ranked list keeps at least the candidates the Monte Carlo re-ranks.
  EXPECT_EQ(empty_state(spec, 1).keep, 3u);
}

}  // namespace
}  // namespace wt
