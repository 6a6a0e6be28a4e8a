// Inputs that libFuzzer found to crash a parser (fuzz/, docs/reliability.md "Fuzzing"), each run
// through the same entry point as its fuzz target. Every one must now end in an InputError.
#include <gtest/gtest.h>

#include <string>

#include "core/error.hpp"
#include "planner/search/plan_spec.hpp"
#include "scenario_test_util.hpp"
#include "sim/hardware/calibration_profile.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/validation/validate.hpp"

namespace wt {
namespace {

const std::string kScenariosDir = WT_SOURCE_DIR "/scenarios";

// What the plan target does with its bytes (fuzz/plan_fuzz.cpp).
PlanSpec parse_plan_text(const std::string& text) {
  return parse_plan(parse_json_text(text, ""), kScenariosDir, "fuzz");
}

// scenario_fuzz crash-6579b2af: nlohmann throws out_of_range (not parse_error) for a number beyond
// a double's range, which escaped parse_json_text and terminated the process.
TEST(FuzzRegressions, ScenarioFuzzerInputWithHugeExponentIsAnInputError) {
  const std::string input = std::string("99999999999999999E999999\0\0\0l999", 31) + "~am:\"t\",,\n";
  EXPECT_TRUE(
      test::throws_input_error([&] { parse_scenario_text(input, {}, kScenariosDir); }, "",
                               "invalid JSON at line 1, column 1: number out of the range"));
}

// The same class of input inside a valid-looking scenario: the message names the place (the token
// "1e999" starts at character 44 of the line) and the token itself.
TEST(FuzzRegressions, NumberBeyondDoubleRangeNamesLineAndColumn) {
  const std::string input = R"({"schema": 1, "training": {"total_tokens": 1e999}})";
  try {
    parse_scenario_text(input, {}, kScenariosDir);
    FAIL() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "");
    EXPECT_EQ(e.problem(),
              "invalid JSON at line 1, column 44: number out of the range of a double");
    EXPECT_EQ(e.value(), "1e999");
  }
}

TEST(FuzzRegressions, ScenarioFileWithHugeNumberNamesTheFile) {
  const test::TempDir dir;
  const std::string path = dir.write("huge.json", R"({"schema": 1, "name": -2e400})");
  EXPECT_TRUE(test::throws_input_error([&] { load_scenario_file(path); }, path,
                                       "line 1, column 23: number out of the range of a double"));
}

// plan_fuzz crash-aa711dab: total_tokens 1.5e813 in a plan; "1.5e813" starts at line 3, column 32.
TEST(FuzzRegressions, PlanWithNumberBeyondDoubleRangeIsAnInputError) {
  const std::string input =
      "{\n  \"model\": {\"preset\": \"llama3-8b\"},\n  \"training\": {\"total_tokens\": "
      "1.5e813}\n}";
  EXPECT_TRUE(test::throws_input_error([&] { parse_plan_text(input); }, "",
                                       "invalid JSON at line 3, column 32"));
}

// calibration_fuzz crash-c84055d6: a profile with 1.000008e5456; the error names the profile.
TEST(FuzzRegressions, ProfileWithNumberBeyondDoubleRangeIsAnInputError) {
  const std::string input = R"({"schema": 1, "gemm": [{"m": 1.000008e5456}]})";
  EXPECT_TRUE(test::throws_input_error(
      [&] { profile_from_text(input, "p.json"); }, "p.json",
      "invalid JSON at line 1, column 30: number out of the range of a double"));
}

TEST(FuzzRegressions, ProfileFileWithHugeNumberNamesTheFile) {
  const test::TempDir dir;
  const std::string path = dir.write("p.json", R"({"schema": 1e999})");
  EXPECT_TRUE(test::throws_input_error([&] { read_profile(path); }, path,
                                       "number out of the range of a double"));
}

// The --set path reads a value as JSON without exceptions: 1e999 is not JSON it accepts, so it
// stays the string "1e999" and the field's type check refuses it.
TEST(FuzzRegressions, SetValueBeyondDoubleRangeIsRefusedByTheField) {
  const std::optional<std::string> base = read_text_file(kScenariosDir + "/one-gpu.json");
  ASSERT_TRUE(base.has_value());
  EXPECT_TRUE(test::throws_input_error(
      [&] { parse_scenario_text(*base, {"training.total_tokens=1e999"}, kScenariosDir); },
      "training.total_tokens", "\"1e999\""));
}

// Found by reading, not fuzzing: `windtunnel validate`'s dataset reader caught only parse_error, so
// the same number ended the process there too.
TEST(FuzzRegressions, ValidationDatasetWithHugeNumberIsAnInputError) {
  const test::TempDir dir;
  const std::string path =
      dir.write("runs.json", R"([{"row_type": "training_throughput", "mfu": 1e999}])");
  EXPECT_TRUE(
      test::throws_input_error([&] { validate_dataset(path); }, path,
                               "invalid JSON at line 1, column 45: number out of the range"));
}

// The largest finite doubles still parse as JSON; only the field's own range applies.
TEST(FuzzRegressions, LargestFiniteDoubleIsStillJson) {
  EXPECT_DOUBLE_EQ(parse_json_text("[1.7976931348623157e308]", "")[0].get<double>(),
                   1.7976931348623157e308);
}

// plan_fuzz crash-2c267186 (session 3): a plan whose "cost" section is a string. Filling in the
// plan defaults indexed it as an object, and json::type_error escaped as a crash; now the scenario
// parser reports the section with its path.
TEST(FuzzRegressions, PlanWithNonObjectCostSectionIsAnInputError) {
  const std::string input = R"({"cost": "plan-llama3-70b", "model": {"preset": "llama3-8b"},
    "plan": {"deadline_days": 90}})";
  EXPECT_TRUE(test::throws_input_error([&] { parse_plan_text(input); }, "cost", ""));
}

TEST(FuzzRegressions, PlanWithNonObjectReliabilitySectionIsAnInputError) {
  const std::string input = R"({"reliability": [1, 2], "model": {"preset": "llama3-8b"},
    "plan": {"deadline_days": 90}})";
  EXPECT_TRUE(test::throws_input_error([&] { parse_plan_text(input); }, "reliability", ""));
}

}  // namespace
}  // namespace wt
