// Golden serving scenarios: every scenarios/serving/*.json but the serve-plan files (plan-*) is
// served and its key figures must match tests/serving/expected/<name>.json to 1e-6 relative (the
// run is seeded and deterministic).
// To rewrite them on purpose after a model change:
//   WT_GOLDEN_UPDATE=1 build/release/tests/serving/serving_tests --gtest_filter='Serving/*'
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "sim/run_serving.hpp"
#include "sim/scenario/parse.hpp"
#include "tests/serving/golden_compare.hpp"

namespace wt {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::vector<std::string> serving_files() {
  std::vector<std::string> files;
  if (!fs::is_directory(kServingScenarioDir)) return files;
  for (const fs::directory_entry& e : fs::directory_iterator(kServingScenarioDir)) {
    const bool plan = e.path().filename().string().rfind("plan-", 0) == 0;  // serve-plan files
    if (e.is_regular_file() && e.path().extension() == ".json" && !plan) {
      files.push_back(e.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The figures pinned: throughput, latency percentiles, SLO, memory and cost (not the price
// source, which follows the price table).
json key_figures(const ServingResult& r) {
  json j = serving_result_json(r);
  j.erase("warnings");
  j["cost"].erase("price_source");
  j["cost"].erase("usd_per_gpu_hour");
  j["cost"].erase("usd_per_million_output_tokens");
  return j;
}

class ServingGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(ServingGolden, KeyFiguresMatchTheExpectation) {
  const std::string file = GetParam();
  const Scenario s = load_scenario_file(file);
  const ServingResult r = serve_scenario(s).result;
  EXPECT_TRUE(r.fits) << file;
  EXPECT_EQ(r.completed, r.requests) << file;
  const json figures = key_figures(r);
  const fs::path expected = kServingExpectedDir / (fs::path(file).stem().string() + ".json");
  const char* update = std::getenv("WT_GOLDEN_UPDATE");
  if (update != nullptr && std::string(update) == "1") {
    fs::create_directories(kServingExpectedDir);
    std::ofstream(expected) << figures.dump(2) << '\n';
    return;
  }
  ASSERT_TRUE(fs::exists(expected)) << "no expectation " << expected;
  std::ifstream in(expected);
  const std::string diff = compare_golden(json::parse(in), figures, "");
  EXPECT_TRUE(diff.empty()) << file << " moved: " << diff;
}

std::string test_name(const testing::TestParamInfo<std::string>& info) {
  std::string name = fs::path(info.param).stem().string();
  std::replace_if(
      name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); },
      '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Serving, ServingGolden, testing::ValuesIn(serving_files()), test_name);

TEST(ServingGoldenSet, TwoScenariosShip) {
  EXPECT_GE(serving_files().size(), 2u);
}

}  // namespace
}  // namespace wt
