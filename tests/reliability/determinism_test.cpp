// The same inputs give byte-identical JSON: repeated runs of both engines, a plan searched on 1, 2
// or 4 threads (and resumed from a checkpoint folder), a sweep run twice.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "planner/search/checkpoint.hpp"
#include "planner/search/evaluate.hpp"
#include "planner/search/plan_report.hpp"
#include "planner/search/plan_spec.hpp"
#include "planner/sweep/sweep.hpp"
#include "planner/sweep/sweep_report.hpp"
#include "sim/report/result_json.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

namespace fs = std::filesystem;

const fs::path kScenarios = fs::path(WT_SOURCE_DIR) / "scenarios";

std::string run_json(const std::string& file, EngineKind engine) {
  const Scenario s = load_scenario_file((kScenarios / file).string());
  return to_ordered_json(run_scenario(s, engine).result).dump(2);
}

TEST(Determinism, AnalyticalRunsAreByteIdentical) {
  const std::string first = run_json("llama2-70b-64-h100.json", EngineKind::analytical);
  EXPECT_EQ(run_json("llama2-70b-64-h100.json", EngineKind::analytical), first);
}

TEST(Determinism, SimgridRunsAreByteIdentical) {
  if (!simgrid_available()) GTEST_SKIP() << "no SimGrid engine in this build";
  const std::string first = run_json("llama3-8b-1node-h100.json", EngineKind::simgrid);
  EXPECT_EQ(run_json("llama3-8b-1node-h100.json", EngineKind::simgrid), first);
}

std::string plan_json_text(const CandidateSpace& space, SearchState state) {
  PlanReport report;
  report.method = evaluation_method();
  report.state = std::move(state);
  return plan_json(space, report).dump(2);
}

std::string searched_plan(const CandidateSpace& space, int jobs) {
  SearchOptions options;
  options.jobs = jobs;
  return plan_json_text(space, run_search(space, options));
}

TEST(Determinism, PlanJsonIsIdenticalOnOneTwoAndFourThreads) {
  const PlanSpec spec = load_plan_file((kScenarios / "plan-gpt3-175b-budget.json").string());
  const CandidateSpace space(spec);
  const std::string one = searched_plan(space, 1);
  EXPECT_EQ(searched_plan(space, 2), one);
  EXPECT_EQ(searched_plan(space, 4), one);
}

// A checkpointed search, fresh and then resumed with two parts deleted (as if interrupted before
// they finished), gives the plan of an uninterrupted search.
TEST(Determinism, ResumedPlanEqualsUninterruptedPlan) {
  const PlanSpec spec = load_plan_file((kScenarios / "plan-gpt3-175b-budget.json").string());
  const CandidateSpace space(spec);
  const fs::path dir = fs::temp_directory_path() / ("wt-resume-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const SaveFile save = [](const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
  };
  SearchOptions options;
  options.jobs = 2;
  const CheckpointRun fresh = run_checkpointed_search(space, options, dir.string(), 5, save);
  EXPECT_EQ(fresh.searched, 5u);
  fs::remove(checkpoint_file(dir.string(), 1, 5));
  fs::remove(checkpoint_file(dir.string(), 4, 5));
  const CheckpointRun resumed = run_checkpointed_search(space, options, dir.string(), 5, save);
  EXPECT_EQ(resumed.resumed, 3u);
  EXPECT_EQ(resumed.searched, 2u);
  const std::string whole = searched_plan(space, 1);
  EXPECT_EQ(plan_json_text(space, fresh.state), whole);
  EXPECT_EQ(plan_json_text(space, resumed.state), whole);
  fs::remove_all(dir);
}

TEST(Determinism, SweepJsonIsIdenticalAcrossRuns) {
  const SweepRequest request{(kScenarios / "llama3-8b-1node-h100.json").string(),
                             {},
                             {parse_vary("parallel.tensor=1,2,4")}};
  const std::string first = sweep_json(run_sweep(request)).dump(2);
  EXPECT_EQ(sweep_json(run_sweep(request)).dump(2), first);
}

}  // namespace
}  // namespace wt
