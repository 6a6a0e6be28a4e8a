// Golden plans: every scenarios/plan-*.json is searched and its key answers must match
// tests/planner/expected/<name>.json (numbers to 1e-6 relative, everything else exactly).
// To rewrite the expectations on purpose: WT_GOLDEN_UPDATE=1 planner_tests --gtest_filter='Golden*'
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "planner/search/evaluate.hpp"
#include "planner/search/plan_report.hpp"

namespace wt {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kScenarioDir = fs::path(WT_SOURCE_DIR) / "scenarios";
const fs::path kExpectedDir = fs::path(WT_SOURCE_DIR) / "tests" / "planner" / "expected";

std::vector<std::string> plan_files() {
  std::vector<std::string> files;
  for (const fs::directory_entry& e : fs::directory_iterator(kScenarioDir)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("plan-", 0) == 0 && e.path().extension() == ".json") {
      files.push_back(e.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

json pick(const json& candidate) {
  if (candidate.is_null()) return nullptr;
  return {{"set", candidate.at("set")},
          {"expected_time_to_train_with_failures_s",
           candidate.at("expected_time_to_train_with_failures_s")},
          {"cost_usd", candidate.at("cost_usd")},
          {"mfu", candidate.at("mfu")}};
}

json key_answers(const json& plan) {
  return {{"method", plan.at("method")},
          {"combinations", plan.at("combinations")},
          {"evaluated", plan.at("evaluated")},
          {"equivalent", plan.at("equivalent")},
          {"invalid", plan.at("invalid")},
          {"pruned", plan.at("pruned")},
          {"chosen", pick(plan.at("chosen"))},
          {"fastest", pick(plan.at("fastest"))},
          {"cheapest", pick(plan.at("cheapest"))},
          {"cheapest_within_deadline", pick(plan.at("cheapest_within_deadline"))},
          {"fastest_within_budget", pick(plan.at("fastest_within_budget"))},
          {"pareto_size", plan.at("pareto").size()},
          {"right_sizing_rows", plan.at("right_sizing").size()}};
}

// "" when equal; else where they differ.
std::string differ(const json& want, const json& got, const std::string& at) {
  if (want.is_number() && got.is_number()) {
    const double w = want.get<double>(), g = got.get<double>();
    if (std::fabs(w - g) <= 1e-6 * std::max(std::fabs(w), std::fabs(g))) return "";
    return at + ": expected " + want.dump() + ", got " + got.dump() + "\n";
  }
  if (want.is_object() && got.is_object()) {
    std::string d;
    for (const auto& item : want.items()) {
      d += got.contains(item.key())
               ? differ(item.value(), got.at(item.key()), at + "." + item.key())
               : at + "." + item.key() + ": no longer computed\n";
    }
    for (const auto& item : got.items()) {
      if (!want.contains(item.key())) d += at + "." + item.key() + ": new, no expectation\n";
    }
    return d;
  }
  if (want.is_array() && got.is_array() && want.size() == got.size()) {
    std::string d;
    for (size_t i = 0; i < want.size(); ++i)
      d += differ(want[i], got[i], at + "[" + std::to_string(i) + "]");
    return d;
  }
  return want == got ? "" : at + ": expected " + want.dump() + ", got " + got.dump() + "\n";
}

class GoldenPlan : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenPlan, KeyAnswersMatchTheExpectation) {
  const std::string file = GetParam();
  const PlanSpec spec = load_plan_file(file);
  const CandidateSpace space(spec);
  SearchOptions options;
  options.jobs = 2;
  PlanReport report;
  report.state = run_search(space, options);
  report.method = evaluation_method();
  const json answers = key_answers(json::parse(plan_json(space, report).dump()));
  ASSERT_FALSE(answers.at("chosen").is_null()) << file << " recommends nothing";
  const fs::path expected = kExpectedDir / (fs::path(file).stem().string() + ".json");
  const char* update = std::getenv("WT_GOLDEN_UPDATE");
  if (update != nullptr && std::string(update) == "1") {
    fs::create_directories(kExpectedDir);
    std::ofstream(expected) << answers.dump(2) << "\n";
    return;
  }
  ASSERT_TRUE(fs::exists(expected))
      << "no expectation " << expected << ": run with WT_GOLDEN_UPDATE=1 and review it";
  std::ifstream in(expected);
  const std::string diff = differ(json::parse(in), answers, fs::path(file).stem().string());
  EXPECT_TRUE(diff.empty()) << diff << "if on purpose, rerun with WT_GOLDEN_UPDATE=1";
}

std::string test_name(const testing::TestParamInfo<std::string>& info) {
  std::string name = fs::path(info.param).stem().string();
  std::replace_if(
      name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); },
      '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Plans, GoldenPlan, testing::ValuesIn(plan_files()), test_name);

TEST(GoldenPlanSet, AtLeastTwoPlansShip) {
  EXPECT_GE(plan_files().size(), 2u);
}

}  // namespace
}  // namespace wt
