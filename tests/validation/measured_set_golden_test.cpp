// The PyTorch training steps measured on an H200 and on an H100
// (scenarios/validation/measured-{h200,h100}-pytorch.json, docs/calibration.md "Ground truth:
// PyTorch training steps" and "Measured on an H100") predicted from the catalog and from each
// GPU's measured profile, every prediction pinned (tests/validation/expected/measured-*.json) so
// that a change of the model or of the profile's use shows row by row. To rewrite the
// expectations on purpose: WT_GOLDEN_UPDATE=1 validation_tests --gtest_filter='MeasuredSet*' —
// then review the diff and update the tables in docs/calibration.md and docs/validation.md.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>

#include "pinned_predictions.hpp"
#include "sim/validation/validate.hpp"

namespace wt {
namespace {

using nlohmann::json;

struct MeasuredSet {
  std::string gpu;      // the file names' stem: measured-<gpu>-pytorch.json
  std::string profile;  // calibrate/profiles/<profile>-measured.json
  int runs;
  // The medians as they stand (docs/calibration.md), with a point of slack: a change that loses
  // more shows here before anyone reads the pins. The large errors are the launch-bound 125M rows.
  double catalog_median_bound;
  double profile_median_bound;
};

const MeasuredSet kH200{"h200", "h200-sxm-141gb", 18, 0.06, 0.06};
const MeasuredSet kH100{"h100", "h100-sxm5-80gb", 23, 0.07, 0.07};

std::string dataset(const MeasuredSet& s) {
  return std::string(WT_SOURCE_DIR) + "/scenarios/validation/measured-" + s.gpu + "-pytorch.json";
}

// The set's two reports, from the catalog and from its profile, each computed once.
const std::pair<ValidationReport, ValidationReport>& reports(const MeasuredSet& s) {
  static std::map<std::string, std::pair<ValidationReport, ValidationReport>> cache;
  auto it = cache.find(s.gpu);
  if (it == cache.end()) {
    const std::string profile =
        std::string(WT_SOURCE_DIR) + "/calibrate/profiles/" + s.profile + "-measured.json";
    it = cache
             .emplace(s.gpu,
                      std::make_pair(validate_dataset(dataset(s)),
                                     validate_dataset(dataset(s), {"calibration=" + profile})))
             .first;
  }
  return it->second;
}

json predictions(const MeasuredSet& s) {
  json out = json::object();
  const auto& [catalog, profile] = reports(s);
  for (const auto& [report, source] : {std::pair{&catalog, "catalog"}, {&profile, "profile"}}) {
    for (const ValidationRow& r : report->rows) {
      out[std::to_string(r.id) + " " + r.label + " (" + source + ")"] = {
          {"published", r.published}, {"predicted", r.predicted}};
    }
  }
  return out;
}

void expect_pinned(const MeasuredSet& s) {
  test::expect_pinned(predictions(s), std::string(WT_SOURCE_DIR) +
                                          "/tests/validation/expected/measured-" + s.gpu +
                                          "-pytorch.json");
}

void expect_expressed_and_fitting(const MeasuredSet& s) {
  const auto& [catalog, profile] = reports(s);
  for (const ValidationReport* report : {&catalog, &profile}) {
    EXPECT_EQ(report->expressed, s.runs) << s.gpu;
    for (const ValidationRow& r : report->rows) {
      EXPECT_TRUE(r.expressed) << r.id << ": " << r.why_not;
      EXPECT_TRUE(r.fits_in_memory) << r.id;  // each really ran on the GPU
    }
  }
}

void expect_medians_within_bounds(const MeasuredSet& s) {
  EXPECT_LE(reports(s).first.median_abs_error, s.catalog_median_bound) << s.gpu;
  EXPECT_LE(reports(s).second.median_abs_error, s.profile_median_bound) << s.gpu;
}

TEST(MeasuredSet, EveryPredictionEqualsItsPinnedValue) {
  expect_pinned(kH200);
}
TEST(MeasuredSet, EveryRunIsExpressedAndFits) {
  expect_expressed_and_fitting(kH200);
}
TEST(MeasuredSet, MediansStayWithinTheirBounds) {
  expect_medians_within_bounds(kH200);
}

TEST(MeasuredSetH100, EveryPredictionEqualsItsPinnedValue) {
  expect_pinned(kH100);
}
TEST(MeasuredSetH100, EveryRunIsExpressedAndFits) {
  expect_expressed_and_fitting(kH100);
}
TEST(MeasuredSetH100, MediansStayWithinTheirBounds) {
  expect_medians_within_bounds(kH100);
}

}  // namespace
}  // namespace wt
