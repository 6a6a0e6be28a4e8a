// Golden scenarios (STYLE.md habit 7): every scenarios/*.json runs and its key figures must match
// tests/golden/expected/<name>.json to 1e-6 relative. A scenario without an expectation fails.
// To rewrite the expectations on purpose after a model change: tests/golden/update.sh.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "key_figures.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr double kRelativeTolerance = 1e-6;
constexpr std::size_t kMinimumScenarios = 10;

const fs::path kScenarioDir = fs::path(WT_SOURCE_DIR) / "scenarios";
const fs::path kExpectedDir = fs::path(WT_SOURCE_DIR) / "tests" / "golden" / "expected";

// The shipped scenarios: scenarios/*.json, top level only, sorted. Plan files (plan-*.json) hold
// alternatives, not one scenario: tests/planner has their golden tests.
std::vector<std::string> scenario_files() {
  std::vector<std::string> files;
  if (!fs::is_directory(kScenarioDir)) return files;
  for (const fs::directory_entry& e : fs::directory_iterator(kScenarioDir)) {
    const bool plan = e.path().filename().string().starts_with("plan-");
    if (e.is_regular_file() && e.path().extension() == ".json" && !plan) {
      files.push_back(e.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string stem(const std::string& path) {
  return fs::path(path).stem().string();
}

fs::path expectation_path(const std::string& scenario_file) {
  return kExpectedDir / (stem(scenario_file) + ".json");
}

bool updating() {
  const char* v = std::getenv("WT_GOLDEN_UPDATE");
  return v != nullptr && std::string(v) == "1";
}

json read_json(const fs::path& p) {
  std::ifstream in(p);
  return json::parse(in);
}

void write_expectation(const fs::path& p, const std::string& scenario, const json& figures) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << json{{"scenario", scenario}, {"figures", figures}}.dump(2) << '\n';
}

class GoldenScenario : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenScenario, KeyFiguresMatchTheExpectation) {
  const std::string file = GetParam();
  const RunOutput out = run_scenario(load_scenario_file(file));
  const json figures = golden::key_figures(out.result);
  const fs::path expected_file = expectation_path(file);
  if (updating()) {
    write_expectation(expected_file, stem(file), figures);
    return;
  }
  ASSERT_TRUE(fs::exists(expected_file)) << "no expectation " << expected_file << " for " << file
                                         << ": run tests/golden/update.sh and review the new file";
  const std::string diff =
      golden::compare_figures(read_json(expected_file).at("figures"), figures, kRelativeTolerance);
  EXPECT_TRUE(diff.empty()) << file << " moved:\n"
                            << diff << "if on purpose, run tests/golden/update.sh";
}

TEST_P(GoldenScenario, ShippedScenarioFitsAndIsNamed) {
  const std::string file = GetParam();
  const json doc = read_json(file);
  EXPECT_TRUE(doc.contains("name")) << file << " has no \"name\"";
  const Scenario s = load_scenario_file(file);
  const RunOutput out = run_scenario(s);
  EXPECT_TRUE(out.result.fits_in_memory)
      << file << " does not fit: " << testing::PrintToString(out.result.warnings);
}

std::string test_name(const testing::TestParamInfo<std::string>& info) {
  std::string name = stem(info.param);
  std::replace_if(
      name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); },
      '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Scenarios, GoldenScenario, testing::ValuesIn(scenario_files()), test_name);

TEST(GoldenSet, AtLeastTenScenariosShip) {
  EXPECT_GE(scenario_files().size(), kMinimumScenarios);
}

TEST(GoldenSet, EveryExpectationHasItsScenario) {
  if (!fs::is_directory(kExpectedDir)) return;
  for (const fs::directory_entry& e : fs::directory_iterator(kExpectedDir)) {
    if (e.path().extension() != ".json") continue;
    EXPECT_TRUE(fs::exists(kScenarioDir / e.path().filename()))
        << e.path() << " is left over: its scenario is gone";
  }
}

}  // namespace
}  // namespace wt
