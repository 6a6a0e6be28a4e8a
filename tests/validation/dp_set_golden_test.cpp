// The data-parallel scaling rows of scenarios/validation/published-runs-dp.json (Goyal et al.
// 2017: ResNet-50 on 256 P100s) pinned (tests/validation/expected/dp-set.json), so a change of the
// layer-list model or of the data-parallel reduction shows row by row. No bound on the error: the
// figures are reported in docs/validation.md, not tuned to. To rewrite the expectation on purpose:
// WT_GOLDEN_UPDATE=1 validation_tests --gtest_filter='DpSet.*' — then review the diff and the table
// in docs/validation.md.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "pinned_predictions.hpp"
#include "sim/validation/validate.hpp"

namespace wt {
namespace {

using nlohmann::json;

const ValidationReport& dp_report() {
  static const ValidationReport r =
      validate_dataset(std::string(WT_SOURCE_DIR) + "/scenarios/validation/published-runs-dp.json");
  return r;
}

TEST(DpSet, EveryPredictionEqualsItsPinnedValue) {
  json now = json::object();
  for (const ValidationRow& r : dp_report().rows) {
    now[std::to_string(r.id) + " " + r.label] = {{"metric", r.metric},
                                                 {"published", r.published},
                                                 {"predicted", r.predicted},
                                                 {"fits_in_memory", r.fits_in_memory}};
  }
  test::expect_pinned(now, std::string(WT_SOURCE_DIR) + "/tests/validation/expected/dp-set.json");
}

TEST(DpSet, EveryRowIsExpressedAndFits) {
  ASSERT_EQ(dp_report().rows.size(), 2u);
  for (const ValidationRow& r : dp_report().rows) {
    EXPECT_TRUE(r.expressed) << r.id << ": " << r.why_not;
    EXPECT_TRUE(r.fits_in_memory) << r.id;
  }
}

// A baseline whose share of the global batch is not whole is not expressed, naming the field.
TEST(DpSet, ABaselineThatLeavesNoWholeBatchIsNotExpressed) {
  std::ifstream in(std::string(WT_SOURCE_DIR) + "/scenarios/validation/published-runs-dp.json");
  json row = json::parse(in).at(0);
  row["global_batch_size"] = 8190;
  row["micro_batch_size"] = nullptr;
  row["grad_accum_steps"] = nullptr;
  const std::string file = testing::TempDir() + "dp-uneven.json";
  std::ofstream(file) << json::array({row}).dump();
  const ValidationReport r = validate_dataset(file);
  ASSERT_EQ(r.rows.size(), 1u);
  EXPECT_FALSE(r.rows[0].expressed);
  EXPECT_NE(r.rows[0].why_not.find("row 3001.global_batch_size"), std::string::npos)
      << r.rows[0].why_not;
}

}  // namespace
}  // namespace wt
