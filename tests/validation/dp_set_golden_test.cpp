// The data-parallel scaling rows of scenarios/validation/published-runs-dp.json (Goyal et al.
// 2017: ResNet-50 on 256 P100s) pinned (tests/validation/expected/dp-set.json), so a change of the
// layer-list model or of the data-parallel reduction shows row by row. No bound on the error: the
// figures are reported in docs/validation.md, not tuned to. To rewrite the expectation on purpose:
// WT_GOLDEN_UPDATE=1 validation_tests --gtest_filter='DpSet.*' — then review the diff and the table
// in docs/validation.md.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace wt
