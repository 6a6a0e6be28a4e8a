// Every dev-set prediction pinned (tests/validation/expected/dev-set.json), so that a change of the
// model shows row by row, and the dev-set error summary held to its bounds.
// To rewrite the expectation on purpose: WT_GOLDEN_UPDATE=1 validation_tests
// --gtest_filter='DevSet.*' — then review `git diff tests/validation/expected` and update the table
// in docs/validation.md.
#include <gtest/gtest.h>

#include <string>

#include "pinned_predictions.hpp"
#include "sim/validation/validate.hpp"

namespace wt {
namespace {

using nlohmann::json;

const std::string kDevSet =
    std::string(WT_SOURCE_DIR) + "/scenarios/validation/published-runs-dev.json";
const std::string kExpected =
    std::string(WT_SOURCE_DIR) + "/tests/validation/expected/dev-set.json";

// The target: a median absolute error of 5 % and a maximum of 15 % over the dev set
// (docs/validation.md, "Current results").
constexpr double kMedianBound = 0.05;
constexpr double kMaxBound = 0.15;

std::string key_of(const ValidationRow& r) {
  return std::to_string(r.id) + " " + r.label;
}

json predictions(const ValidationReport& report) {
  json out = json::object();
  for (const ValidationRow& r : report.rows) {
    out[key_of(r)] = {{"metric", r.metric}, {"published", r.published}, {"predicted", r.predicted}};
  }
  return out;
}

const ValidationReport& report() {
  static const ValidationReport r = validate_dataset(kDevSet);
  return r;
}

TEST(DevSet, EveryPredictionEqualsItsPinnedValue) {
  test::expect_pinned(predictions(report()), kExpected);
}

TEST(DevSet, EveryEntryIsExpressedAndFits) {
  EXPECT_EQ(report().expressed, static_cast<int>(report().rows.size()));
  for (const ValidationRow& r : report().rows) {
    EXPECT_TRUE(r.expressed) << key_of(r) << ": " << r.why_not;
    EXPECT_TRUE(r.fits_in_memory) << key_of(r);
  }
}

TEST(DevSet, ErrorsStayWithinTheirBounds) {
  EXPECT_LE(report().median_abs_error, kMedianBound);
  EXPECT_LE(report().max_abs_error, kMaxBound);
}

}  // namespace
}  // namespace wt
