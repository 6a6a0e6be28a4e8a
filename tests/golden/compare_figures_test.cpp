// The golden comparison itself: 1e-6 relative on numbers, exact on booleans, keys must match.
#include <gtest/gtest.h>

#include "key_figures.hpp"

namespace wt::golden {
namespace {

using nlohmann::json;

TEST(CompareFigures, NumbersWithinTheRelativeToleranceMatch) {
  const json expected = {{"iteration_time_s", 10.0}, {"fits_in_memory", true}, {"zero", 0.0}};
  EXPECT_EQ(compare_figures(
                expected,
                {{"iteration_time_s", 10.0 + 9e-6}, {"fits_in_memory", true}, {"zero", 0.0}}, 1e-6),
            "");
  const std::string moved = compare_figures(
      expected, {{"iteration_time_s", 10.0 + 2e-5}, {"fits_in_memory", true}, {"zero", 0.0}}, 1e-6);
  EXPECT_NE(moved.find("iteration_time_s: expected 10.0"), std::string::npos) << moved;
}

TEST(CompareFigures, BooleansAndKeysMustMatchExactly) {
  const json expected = {{"fits_in_memory", true}, {"mfu", 0.5}};
  const std::string flipped =
      compare_figures(expected, {{"fits_in_memory", false}, {"mfu", 0.5}}, 1e-6);
  EXPECT_NE(flipped.find("fits_in_memory"), std::string::npos);
  const std::string missing = compare_figures(expected, {{"fits_in_memory", true}}, 1e-6);
  EXPECT_NE(missing.find("mfu: expected 0.5, no longer computed"), std::string::npos) << missing;
  const std::string added =
      compare_figures(expected, {{"fits_in_memory", true}, {"mfu", 0.5}, {"hfu", 0.6}}, 1e-6);
  EXPECT_NE(added.find("hfu: new figure 0.6 has no expectation"), std::string::npos) << added;
}

TEST(KeyFigures, BreakdownIsGivenAsFractionsOfTheIteration) {
  RunResult r;
  r.iteration_time_s = 4.0;
  r.breakdown_s.compute = 3.0;
  r.breakdown_s.pipeline_bubble = 1.0;
  r.memory_per_gpu_bytes.total = 5e10;
  const json f = key_figures(r);
  EXPECT_DOUBLE_EQ(f.at("breakdown_fraction.compute").get<double>(), 0.75);
  EXPECT_DOUBLE_EQ(f.at("breakdown_fraction.pipeline_bubble").get<double>(), 0.25);
  EXPECT_DOUBLE_EQ(f.at("memory_per_gpu_bytes.total").get<double>(), 5e10);
  EXPECT_EQ(f.at("fits_in_memory"), true);
}

}  // namespace
}  // namespace wt::golden
