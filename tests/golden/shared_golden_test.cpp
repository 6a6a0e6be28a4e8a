// Golden shared-cluster scenarios: every scenarios/shared/*.json runs through `windtunnel share`'s
// path (sim/run_shared.hpp) and each job's step times and slowdown must match
// tests/golden/expected/shared/<name>.json to 1e-6 relative. tests/golden/update.sh rewrites them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "key_figures.hpp"
#include "sim/run_shared.hpp"
#include "sim/scenario/shared_cluster.hpp"

namespace wt {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kSharedDir = fs::path(WT_SOURCE_DIR) / "scenarios" / "shared";
const fs::path kSharedExpectedDir =
    fs::path(WT_SOURCE_DIR) / "tests" / "golden" / "expected" / "shared";

std::vector<std::string> shared_files() {
  std::vector<std::string> files;
  if (!fs::is_directory(kSharedDir)) return files;
  for (const fs::directory_entry& e : fs::directory_iterator(kSharedDir)) {
    if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Flat figures: "<job>.step_time_alone_s" style keys, for compare_figures.
json figures_of(const SharedRunResult& r) {
  json f = json::object();
  for (const SharedJobResult& j : r.jobs) {
    f[j.name + ".step_time_alone_s"] = j.alone_step_s;
    f[j.name + ".step_time_together_s"] = j.together_step_s;
    f[j.name + ".slowdown"] = j.slowdown;
  }
  f["shared_links"] = static_cast<double>(r.shared_links.size());
  return f;
}

class GoldenShared : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenShared, KeyFiguresMatchTheExpectation) {
  const std::string file = GetParam();
  const json figures = figures_of(run_shared_cluster(load_shared_cluster_file(file)));
  const fs::path expected = kSharedExpectedDir / (fs::path(file).stem().string() + ".json");
  const char* update = std::getenv("WT_GOLDEN_UPDATE");
  if (update != nullptr && std::string(update) == "1") {
    fs::create_directories(kSharedExpectedDir);
    std::ofstream(expected)
        << json{{"scenario", fs::path(file).stem().string()}, {"figures", figures}}.dump(2) << '\n';
    return;
  }
  ASSERT_TRUE(fs::exists(expected)) << "no expectation " << expected << ": run update.sh";
  std::ifstream in(expected);
  const std::string diff = golden::compare_figures(json::parse(in).at("figures"), figures, 1e-6);
  EXPECT_TRUE(diff.empty()) << file << " moved:\n" << diff;
}

std::string shared_test_name(const testing::TestParamInfo<std::string>& info) {
  std::string name = fs::path(info.param).stem().string();
  std::replace_if(
      name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); },
      '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(SharedScenarios, GoldenShared, testing::ValuesIn(shared_files()),
                         shared_test_name);

TEST(GoldenSharedSet, OneScenarioShipsAndEachHasItsExpectation) {
  EXPECT_GE(shared_files().size(), 1u);
  if (!fs::is_directory(kSharedExpectedDir)) return;
  for (const fs::directory_entry& e : fs::directory_iterator(kSharedExpectedDir))
    EXPECT_TRUE(fs::exists(kSharedDir / e.path().filename())) << e.path() << " is left over";
}

}  // namespace
}  // namespace wt
