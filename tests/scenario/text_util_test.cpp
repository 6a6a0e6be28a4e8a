// Message helpers: edit distance, suggestions, JSON error positions.
#include <gtest/gtest.h>

#include "scenario_test_util.hpp"
#include "sim/scenario/field_readers.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/scenario/text_util.hpp"

namespace wt {
namespace {

TEST(TextUtil, EditDistance) {
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("tensor", "tensor"), 0u);
  EXPECT_EQ(edit_distance("Bandwidth_GBps", "bandwidth_gbps"), 0u);  // case ignored
  EXPECT_EQ(edit_distance("tensr", "tensor"), 1u);
}

TEST(TextUtil, ClosestMatchOnlyWhenClose) {
  const std::vector<std::string> keys = {"tensor", "pipeline", "data", "context"};
  EXPECT_EQ(closest_match("tensr", keys), "tensor");
  EXPECT_EQ(closest_match("pipline", keys), "pipeline");
  EXPECT_EQ(closest_match("batch", keys), std::nullopt);
  EXPECT_EQ(did_you_mean("dat", keys), "; did you mean \"data\"?");
  EXPECT_EQ(did_you_mean("zzzzzz", keys), "");
}

TEST(TextUtil, NumberText) {
  EXPECT_EQ(number_text(25.0), "25");
  EXPECT_EQ(number_text(0.7), "0.7");
  EXPECT_EQ(number_text(1e16), "1e+16");
  EXPECT_EQ(number_text(-1.5), "-1.5");
}

TEST(JsonText, ErrorsGiveLineAndColumn) {
  EXPECT_TRUE(test::throws_input_error([] { parse_json_text("{\n  \"a\": 1,\n  \"b\" 2\n}", "f"); },
                                       "f", "line 3, column 7"));
}

TEST(JsonText, DuplicateKeysAreRefusedWithTheirPath) {
  EXPECT_TRUE(test::throws_input_error(
      [] { parse_json_text(R"({"a": {"b": [{"c": 1}], "d": {"e": 1, "e": 2}}})", "f"); }, "a.d.e",
      "duplicate key"));
  EXPECT_NO_THROW(
      parse_json_text(R"({"a": {"x": 1}, "b": {"x": 1}, "l": [{"x": 1}, {"x": 2}]})", "f"));
}

TEST(JsonText, ValueTextIsShort) {
  EXPECT_EQ(value_text(nlohmann::json("x")), "\"x\"");
  EXPECT_LE(value_text(nlohmann::json(std::string(500, 'a'))).size(), 60u);
}

}  // namespace
}  // namespace wt
