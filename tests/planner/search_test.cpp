// The search against brute force on a small space: every combination built as a concrete scenario
// file would be, validated by the scenario parser, timed, priced and failed by hand, and the best
// by each criterion picked by a plain loop. Also: exactly the layouts that do not fit are pruned,
// and the answer is the same for any number of threads and any shard split.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <optional>
#include <set>

#include "core/error.hpp"
#include "core/units.hpp"
#include "planner/search/evaluate.hpp"
#include "planner/search/plan_report.hpp"
#include "planner/search/search.hpp"
#include "sim/report/train_cost.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

using nlohmann::json;

// Axes in the order the planner numbers them (sorted paths): cluster.gpu, cluster.num_nodes,
// parallel.pipeline, parallel.tensor, training.activation_recompute, training.micro_batch_size.
const std::vector<std::string> kGpus = {"a100-sxm4-40gb", "h100-sxm5-80gb"};
const std::vector<int> kNodes = {1, 2};
const std::vector<int> kPipeline = {1, 2, 4};
const std::vector<int> kTensor = {1, 2, 4, 8};
const std::vector<std::string> kRecompute = {"none", "full"};
const std::vector<int> kMicro = {1, 4};
const std::map<std::string, double> kPrice = {{"a100-sxm4-40gb", 1.25}, {"h100-sxm5-80gb", 3.5}};

json concrete(size_t g, size_t n, size_t p, size_t t, size_t r, size_t m) {
  return {{"name", "brute"},
          {"model", {{"preset", "llama2-13b"}}},
          {"training",
           {{"global_batch_size", 32},
            {"micro_batch_size", kMicro[m]},
            {"activation_recompute", kRecompute[r]},
            {"total_tokens", 2.0e9}}},
          {"parallel", {{"tensor", kTensor[t]}, {"pipeline", kPipeline[p]}, {"zero_stage", 1}}},
          {"cluster", {{"gpu", kGpus[g]}, {"num_nodes", kNodes[n]}, {"gpus_per_node", 8}}},
          {"cost", {{"usd_per_gpu_hour", kPrice.at(kGpus[g])}}},
          {"reliability", {{"gpu_mtbf_hours", 2000.0}}}};
}

json plan_doc(double deadline_days, double budget_usd) {
  json doc = {{"name", "brute"},
              {"model", {{"preset", "llama2-13b"}}},
              {"training",
               {{"global_batch_size", 32},
                {"micro_batch_size", kMicro},
                {"activation_recompute", kRecompute},
                {"total_tokens", 2.0e9}}},
              {"parallel", {{"tensor", kTensor}, {"pipeline", kPipeline}, {"zero_stage", 1}}},
              {"cluster", {{"gpu", kGpus}, {"num_nodes", kNodes}, {"gpus_per_node", 8}}},
              {"reliability", {{"gpu_mtbf_hours", 2000.0}}},
              {"plan", {{"prices", {{"a100-sxm4-40gb", 1.25}, {"h100-sxm5-80gb", 3.5}}}}}};
  if (deadline_days > 0) doc["plan"]["deadline_days"] = deadline_days;
  if (budget_usd > 0) doc["plan"]["budget_usd"] = budget_usd;
  return doc;
}

struct Brute {
  uint64_t index = 0;
  bool valid = false;
  bool fits = false;
  std::string gpu;
  int gpus = 0;
  double time_s = 0.0;
  double cost = 0.0;
};

std::vector<Brute> brute_force() {
  std::vector<Brute> all;
  uint64_t index = 0;
  for (size_t g = 0; g < kGpus.size(); ++g)
    for (size_t n = 0; n < kNodes.size(); ++n)
      for (size_t p = 0; p < kPipeline.size(); ++p)
        for (size_t t = 0; t < kTensor.size(); ++t)
          for (size_t r = 0; r < kRecompute.size(); ++r)
            for (size_t m = 0; m < kMicro.size(); ++m) {
              Brute b;
              b.index = index++;
              try {
                const Scenario s = parse_scenario(concrete(g, n, p, t, r, m));
                const RunResult res = evaluate_candidate(s);
                const TrainCost c = train_cost(s, res.iteration_time_s);
                b.valid = true;
                b.fits = res.fits_in_memory;
                b.gpu = s.cluster.gpu;
                b.gpus = s.cluster.num_gpus();
                b.time_s = c.expected_time_to_train_with_failures_s;
                b.cost = c.expected_cost_with_failures_usd;
              } catch (const InputError&) {
              }
              all.push_back(b);
            }
  return all;
}

const std::vector<Brute>& brute() {
  static const std::vector<Brute> all = brute_force();
  return all;
}

std::vector<Brute> feasible() {
  std::vector<Brute> f;
  for (const Brute& b : brute()) {
    if (b.valid && b.fits) f.push_back(b);
  }
  return f;
}

bool by_time(const Brute& a, const Brute& b) {
  return std::tie(a.time_s, a.cost, a.index) < std::tie(b.time_s, b.cost, b.index);
}
bool by_cost(const Brute& a, const Brute& b) {
  return std::tie(a.cost, a.time_s, a.index) < std::tie(b.cost, b.time_s, b.index);
}

// The value a quarter of the way up: a constraint that a quarter of the layouts meet.
double lower_quartile(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 4];
}

struct PlanRun {
  PlanSpec spec;
  std::unique_ptr<CandidateSpace> space;
  SearchState state;
};

std::unique_ptr<PlanRun> plan(double deadline_days, double budget_usd, int jobs = 1,
                              Shard shard = {}) {
  auto run = std::make_unique<PlanRun>();
  run->spec = parse_plan(plan_doc(deadline_days, budget_usd), ".", "brute");
  run->space = std::make_unique<CandidateSpace>(run->spec);
  SearchOptions o;
  o.jobs = jobs;
  o.shard = shard;
  o.keep = 5;
  run->state = run_search(*run->space, o);
  return run;
}

double deadline_days() {
  std::vector<double> t;
  for (const Brute& b : feasible())
    t.push_back(b.time_s / units::kSecondsPerDay);
  return lower_quartile(t);
}

double budget_usd() {
  std::vector<double> c;
  for (const Brute& b : feasible())
    c.push_back(b.cost);
  return lower_quartile(c);
}

TEST(SearchVsBruteForce, TheSpaceHasValidInvalidAndNonFittingLayouts) {
  int valid = 0, fits = 0;
  for (const Brute& b : brute()) {
    valid += b.valid;
    fits += b.valid && b.fits;
  }
  EXPECT_EQ(brute().size(), 2u * 2 * 3 * 4 * 2 * 2);
  EXPECT_GT(valid, fits);
  EXPECT_LT(valid, static_cast<int>(brute().size()));
  EXPECT_GT(fits, 10);
}

TEST(SearchVsBruteForce, CountsMatch) {
  const auto run = plan(0, 0);
  uint64_t invalid = 0, pruned = 0, valid = 0, infeasible = 0;
  for (const auto& [k, n] : run->state.invalid)
    invalid += n;
  for (const auto& [k, n] : run->state.pruned)
    pruned += n;
  for (const Brute& b : brute()) {
    valid += b.valid;
    infeasible += b.valid && !b.fits;
  }
  EXPECT_EQ(run->state.combinations, brute().size());
  EXPECT_EQ(invalid, brute().size() - valid);
  EXPECT_EQ(pruned, infeasible);
  EXPECT_EQ(run->state.pruned.at(kPrunedMemory), infeasible);
}

TEST(SearchVsBruteForce, ExactlyTheLayoutsThatDoNotFitArePruned) {
  const PlanSpec spec = parse_plan(plan_doc(0, 0), ".", "brute");
  const CandidateSpace space(spec);
  CandidateSpace::Cursor cursor(space);
  Scenario scratch;
  for (const Brute& b : brute()) {
    SearchState one = empty_state(spec, 1);
    search_one(cursor, b.index, spec, scratch, one);
    const bool pruned = one.pruned.count(kPrunedMemory) > 0;
    const bool invalid = !one.invalid.empty();
    EXPECT_EQ(invalid, !b.valid) << "candidate " << b.index;
    EXPECT_EQ(pruned, b.valid && !b.fits) << "candidate " << b.index;
    EXPECT_EQ(one.fastest.has_value(), b.valid && b.fits) << "candidate " << b.index;
  }
}

TEST(SearchVsBruteForce, FastestAndCheapestAreTheBruteForceOnes) {
  const auto run = plan(0, 0);
  const std::vector<Brute> f = feasible();
  const Brute fastest = *std::min_element(f.begin(), f.end(), by_time);
  const Brute cheapest = *std::min_element(f.begin(), f.end(), by_cost);
  ASSERT_TRUE(run->state.fastest && run->state.cheapest);
  EXPECT_EQ(run->state.fastest->index, fastest.index);
  EXPECT_NEAR(run->state.fastest->expected_time_s, fastest.time_s, 1e-9 * fastest.time_s);
  EXPECT_EQ(run->state.cheapest->index, cheapest.index);
  EXPECT_NEAR(run->state.cheapest->cost_usd, cheapest.cost, 1e-9 * cheapest.cost);
  EXPECT_NE(fastest.index, cheapest.index);
}

TEST(SearchVsBruteForce, CheapestWithinDeadlineAndFastestWithinBudget) {
  const double deadline = deadline_days();
  const double budget = budget_usd();
  const auto run = plan(deadline, budget);
  std::optional<Brute> in_time, in_budget;
  for (const Brute& b : feasible()) {
    if (b.time_s <= deadline * units::kSecondsPerDay && (!in_time || by_cost(b, *in_time))) {
      in_time = b;
    }
    if (b.cost <= budget && (!in_budget || by_time(b, *in_budget))) in_budget = b;
  }
  ASSERT_TRUE(in_time && in_budget && run->state.cheapest_within_deadline &&
              run->state.fastest_within_budget);
  EXPECT_EQ(run->state.cheapest_within_deadline->index, in_time->index);
  EXPECT_EQ(run->state.fastest_within_budget->index, in_budget->index);
  EXPECT_NE(run->state.cheapest_within_deadline->index, run->state.cheapest->index);
}

TEST(SearchVsBruteForce, ParetoFrontAndRightSizing) {
  const auto run = plan(0, 0);
  const std::vector<Brute> f = feasible();
  std::set<uint64_t> front;
  for (const Brute& a : f) {
    bool dominated = false;
    for (const Brute& b : f) {
      dominated = dominated || (b.time_s <= a.time_s && b.cost <= a.cost &&
                                (b.time_s < a.time_s || b.cost < a.cost || b.index < a.index));
    }
    if (!dominated) front.insert(a.index);
  }
  std::set<uint64_t> planner_front;
  for (const Outcome& o : run->state.pareto)
    planner_front.insert(o.index);
  EXPECT_EQ(planner_front, front);
  EXPECT_GE(front.size(), 2u);

  std::map<std::pair<std::string, int>, Brute> sizing;
  for (const Brute& b : f) {
    const auto key = std::make_pair(b.gpu, b.gpus);
    if (!sizing.count(key) || by_time(b, sizing.at(key))) sizing[key] = b;
  }
  ASSERT_EQ(run->state.right_sizing.size(), sizing.size());
  for (const auto& [key, b] : sizing)
    EXPECT_EQ(run->state.right_sizing.at(key).index, b.index);
}

TEST(SearchVsBruteForce, RankedListIsTheObjectivesOrder) {
  const double deadline = deadline_days();
  const auto run = plan(deadline, 0);
  std::vector<Brute> f = feasible();
  std::sort(f.begin(), f.end(), [&](const Brute& a, const Brute& b) {
    const bool ma = a.time_s <= deadline * units::kSecondsPerDay;
    const bool mb = b.time_s <= deadline * units::kSecondsPerDay;
    if (ma != mb) return ma;
    return ma ? by_cost(a, b) : by_time(a, b);
  });
  ASSERT_EQ(run->state.ranked.size(), 5u);
  for (size_t i = 0; i < 5; ++i)
    EXPECT_EQ(run->state.ranked[i].index, f[i].index) << i;
}

TEST(SearchVsBruteForce, NumberingMatchesTheAxisValues) {
  const auto run = plan(0, 0);
  // Candidate 1 is the first of everything but the last axis (micro_batch_size = 4).
  EXPECT_EQ(run->space->assignments(1),
            (std::vector<std::string>{"cluster.gpu=\"a100-sxm4-40gb\"", "cluster.num_nodes=1",
                                      "parallel.pipeline=1", "parallel.tensor=1",
                                      "training.activation_recompute=\"none\"",
                                      "training.micro_batch_size=4"}));
  const Scenario s = run->space->scenario(run->state.fastest->index);
  EXPECT_DOUBLE_EQ(s.cost.usd_per_gpu_hour, kPrice.at(s.cluster.gpu));
}

std::string report_json(const PlanRun& run) {
  PlanReport report;
  report.state = run.state;
  report.method = evaluation_method();
  return plan_json(*run.space, report).dump();
}

TEST(SearchDeterminism, ThreadsDoNotChangeTheAnswer) {
  const auto one = plan(deadline_days(), budget_usd(), 1);
  const auto three = plan(deadline_days(), budget_usd(), 3);
  EXPECT_EQ(report_json(*one), report_json(*three));
}

TEST(SearchDeterminism, MergedShardsGiveTheUnshardedAnswer) {
  const double deadline = deadline_days(), budget = budget_usd();
  const auto whole = plan(deadline, budget, 2);
  std::vector<json> shards;
  std::vector<std::string> names;
  for (uint64_t i = 0; i < 3; ++i) {
    const auto part = plan(deadline, budget, 2, Shard{i, 3});
    // Through text, as between machines.
    shards.push_back(json::parse(shard_json(part->spec, part->state, Shard{i, 3}).dump()));
    names.push_back("shard" + std::to_string(i));
  }
  PlanRun merged;
  merged.spec = whole->spec;
  merged.space = std::make_unique<CandidateSpace>(merged.spec);
  merged.state = merge_shards(merged.spec, shards, names);
  EXPECT_EQ(report_json(merged), report_json(*whole));
  EXPECT_EQ(merged.state.combinations, brute().size());
}

TEST(SearchDeterminism, MergeRefusesMissingRepeatedAndForeignShards) {
  const auto part = plan(0, 0, 1, Shard{0, 2});
  const json shard0 = json::parse(shard_json(part->spec, part->state, Shard{0, 2}).dump());
  EXPECT_THROW(merge_shards(part->spec, {shard0}, {"a"}), InputError);
  EXPECT_THROW(merge_shards(part->spec, {shard0, shard0}, {"a", "b"}), InputError);
  const PlanSpec other = parse_plan(plan_doc(10, 0), ".", "brute");
  EXPECT_THROW(merge_shards(other, {shard0}, {"a"}), InputError);
}

TEST(Shard, ParsesIOfN) {
  EXPECT_EQ(parse_shard("2/5").index, 2u);
  EXPECT_EQ(parse_shard("2/5").count, 5u);
  for (const char* bad : {"5/5", "1", "a/2", "1/0", "-1/2", "1/2x"}) {
    EXPECT_THROW(parse_shard(bad), InputError) << bad;
  }
}

}  // namespace
}  // namespace wt
