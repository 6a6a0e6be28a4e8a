// A planted case whose answers are known by hand: five candidates with given days and costs.
#include <gtest/gtest.h>

#include "core/units.hpp"
#include "planner/search/search_state.hpp"

namespace wt {
namespace {

Outcome planted(uint64_t index, double days, double cost_usd, const char* gpu = "h100",
                int gpus = 8) {
  Outcome o;
  o.index = index;
  o.expected_time_s = days * units::kSecondsPerDay;
  o.cost_usd = cost_usd;
  o.gpu = gpu;
  o.num_gpus = gpus;
  return o;
}

// index: days, $  — 0: 100 d, $1.0M; 1: 80 d, $1.2M; 2: 60 d, $1.5M; 3: 40 d, $2.5M;
// 4: 70 d, $1.6M (dominated by 2: slower and dearer).
std::vector<Outcome> planted_set() {
  return {planted(0, 100, 1.0e6, "a100", 8), planted(1, 80, 1.2e6, "a100", 16),
          planted(2, 60, 1.5e6, "h100", 8), planted(3, 40, 2.5e6, "h100", 16),
          planted(4, 70, 1.6e6, "h100", 8)};
}

SearchState state_with(double deadline_days, double budget_usd, Objective objective) {
  SearchState s;
  s.constraints.deadline_days = deadline_days;
  s.constraints.budget_usd = budget_usd;
  s.objective = objective;
  s.keep = 3;
  for (const Outcome& o : planted_set())
    s.add(o);
  return s;
}

TEST(PlantedCase, CheapestWithinA75DayDeadlineIsCandidate2) {
  // Within 75 days: 2 (60 d, $1.5M), 3 (40 d, $2.5M), 4 (70 d, $1.6M); the cheapest is 2.
  const SearchState s = state_with(75, 0, Objective::cheapest_within_deadline);
  ASSERT_TRUE(s.cheapest_within_deadline);
  EXPECT_EQ(s.cheapest_within_deadline->index, 2u);
  EXPECT_EQ(s.cheapest->index, 0u);
  EXPECT_EQ(s.fastest->index, 3u);
  // Ranked: in time by cost (2, 4, 3), then the late ones.
  ASSERT_EQ(s.ranked.size(), 3u);
  EXPECT_EQ(s.ranked[0].index, 2u);
  EXPECT_EQ(s.ranked[1].index, 4u);
  EXPECT_EQ(s.ranked[2].index, 3u);
}

TEST(PlantedCase, FastestWithinA1_3MBudgetIsCandidate1) {
  const SearchState s = state_with(0, 1.3e6, Objective::fastest_within_budget);
  ASSERT_TRUE(s.fastest_within_budget);
  EXPECT_EQ(s.fastest_within_budget->index, 1u);
}

TEST(PlantedCase, NoCandidateMeetsATenDayDeadline) {
  const SearchState s = state_with(10, 0, Objective::cheapest_within_deadline);
  EXPECT_FALSE(s.cheapest_within_deadline);
  EXPECT_EQ(s.ranked.front().index, 3u);  // the closest to the deadline
}

TEST(PlantedCase, ParetoFrontDropsTheDominatedCandidate) {
  const SearchState s = state_with(0, 0, Objective::fastest);
  std::vector<uint64_t> front;
  for (const Outcome& o : s.pareto)
    front.push_back(o.index);
  EXPECT_EQ(front, (std::vector<uint64_t>{3, 2, 1, 0}));  // by time
}

TEST(PlantedCase, RightSizingKeepsTheFastestPerGpuAndCount) {
  const SearchState s = state_with(0, 0, Objective::fastest);
  ASSERT_EQ(s.right_sizing.size(), 4u);
  EXPECT_EQ(s.right_sizing.at({"h100", 8}).index, 2u);  // 60 d beats 70 d
}

TEST(PlantedCase, TiesGoToTheLowerNumberWhateverTheOrder) {
  SearchState a, b;
  a.keep = b.keep = 2;
  const Outcome x = planted(7, 50, 1e6), y = planted(3, 50, 1e6);
  a.add(x);
  a.add(y);
  b.add(y);
  b.add(x);
  EXPECT_EQ(a.fastest->index, 3u);
  EXPECT_EQ(b.fastest->index, 3u);
  ASSERT_EQ(a.pareto.size(), 1u);
  EXPECT_EQ(a.pareto[0].index, 3u);
  EXPECT_EQ(b.pareto[0].index, 3u);
}

TEST(PlantedCase, MergingHalvesEqualsAddingAll) {
  SearchState left = state_with(75, 1.3e6, Objective::cheapest_within_deadline);
  SearchState whole = left;
  SearchState l, r;
  l.constraints = r.constraints = left.constraints;
  l.objective = r.objective = left.objective;
  l.keep = r.keep = 3;
  const std::vector<Outcome> all = planted_set();
  for (size_t i = 0; i < all.size(); ++i)
    (i % 2 ? l : r).add(all[i]);
  l.merge(r);
  EXPECT_EQ(l.cheapest_within_deadline->index, whole.cheapest_within_deadline->index);
  EXPECT_EQ(l.fastest_within_budget->index, whole.fastest_within_budget->index);
  ASSERT_EQ(l.ranked.size(), whole.ranked.size());
  for (size_t i = 0; i < l.ranked.size(); ++i)
    EXPECT_EQ(l.ranked[i].index, whole.ranked[i].index);
  EXPECT_EQ(l.pareto.size(), whole.pareto.size());
}

}  // namespace
}  // namespace wt
