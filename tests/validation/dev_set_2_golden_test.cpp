// Every prediction of the second dev set (scenarios/validation/published-runs-dev-2.json) pinned
// (tests/validation/expected/dev-set-2.json) with its memory verdict, so a change of the model
// shows row by row, and both dev files together held to issue 21's median. Their maximum is not yet
// within the 15 % (docs/validation.md); the bound here is today's, as a guard.
// To rewrite the expectation on purpose: WT_GOLDEN_UPDATE=1 validation_tests
// --gtest_filter='DevSet2.*' — then review the diff and the table in docs/validation.md.
#include <gtest/gtest.h>

#include <string>

#include "pinned_predictions.hpp"
#include "sim/validation/validate.hpp"

namespace wt {
namespace {

using nlohmann::json;

const std::string kDir = std::string(WT_SOURCE_DIR) + "/scenarios/validation/";
const std::string kExpected =
    std::string(WT_SOURCE_DIR) + "/tests/validation/expected/dev-set-2.json";

const ValidationReport& report() {
  static const ValidationReport r = validate_dataset(kDir + "published-runs-dev-2.json");
  return r;
}

TEST(DevSet2, EveryPredictionEqualsItsPinnedValue) {
  json now = json::object();
  for (const ValidationRow& r : report().rows) {
    now[std::to_string(r.id) + " " + r.label] = {{"metric", r.metric},
                                                 {"published", r.published},
                                                 {"predicted", r.predicted},
                                                 {"fits_in_memory", r.fits_in_memory}};
  }
  test::expect_pinned(now, kExpected);
}

TEST(DevSet2, EveryRowIsExpressedAndTheFitVerdictsAreTodays) {
  EXPECT_EQ(report().expressed, static_cast<int>(report().rows.size()));
  int does_not_fit = 0;
  for (const ValidationRow& r : report().rows) {
    EXPECT_TRUE(r.expressed) << r.id << ": " << r.why_not;
    does_not_fit += r.fits_in_memory ? 0 : 1;
  }
  EXPECT_LE(does_not_fit, 1);  // 1090, MegaScale's Megatron-LM baseline at 81.5 of 80 GiB
}

TEST(DevSet2, BothDevFilesTogetherMeetTheMedianTarget) {
  const ValidationReport both =
      validate_datasets({kDir + "published-runs-dev.json", kDir + "published-runs-dev-2.json"});
  EXPECT_LE(both.median_abs_error, 0.04);  // issue 21: median ≤ 4 % over both files
  EXPECT_LE(both.max_abs_error, 0.40);     // today 37.6 %; the 15 % is not met
}

}  // namespace
}  // namespace wt
