// The bounded JSON reader (issue 18, items 1 and 4): nesting, size and duplicate keys refused while
// parsing, with line and column or the JSON path, in time and memory linear in the text; and
// invalid UTF-8 refused where it enters a document from outside JSON text (--set, file names).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "scenario_test_util.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/validation/validate.hpp"

namespace wt {
namespace {

const std::string kScenariosDir = std::string(WT_SOURCE_DIR) + "/scenarios";

std::string repeated(const std::string& s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i)
    out += s;
  return out;
}

// Before: a path string copied per level (100,000 levels took 10 GB) and a recursive walk of the
// built document overflowed the stack (SIGSEGV). Now the 257th '[' is refused as it is read.
TEST(JsonLimits, DeepArraysAreRefusedAtTheLevelOverTheLimit) {
  const std::string text = repeated("[", 100000) + repeated("]", 100000);
  EXPECT_TRUE(test::throws_input_error([&] { parse_json_text(text, "d.json"); }, "d.json",
                                       "line 1, column 257: nesting deeper than 256 levels"));
}

// {"a": is 5 characters, so the '{' of level k is at column 5 (k - 1) + 1: level 257 at 1281.
TEST(JsonLimits, DeepObjectsAreRefusedToo) {
  const std::string text = repeated("{\"a\":", 100000) + "1" + repeated("}", 100000);
  EXPECT_TRUE(test::throws_input_error([&] { parse_json_text(text, "o.json"); }, "o.json",
                                       "line 1, column 1281: nesting deeper than 256 levels"));
}

// Before: 200 KB of '[' ran for more than 40 s (or ran out of memory).
TEST(JsonLimits, UnclosedBracketsEndAtTheLimit) {
  EXPECT_TRUE(test::throws_input_error([] { parse_json_text(std::string(200000, '['), "u"); }, "u",
                                       "nesting deeper than 256 levels"));
}

TEST(JsonLimits, TheLimitItselfIsAllowed) {
  const nlohmann::json doc = parse_json_text(repeated("[", 256) + repeated("]", 256), "");
  ASSERT_TRUE(doc.is_array());
  EXPECT_THROW(parse_json_text(repeated("[", 257) + repeated("]", 257), ""), InputError);
}

// Each empty array inside the outer one costs 32 bytes of element and 24 + 16 of vector: 1,000,000
// of them are 3 MB of text but 72 MB > 64 MiB (67.1 MB) of document.
TEST(JsonLimits, ADocumentTooLargeInMemoryIsRefusedWhileRead) {
  const std::string text = "[" + repeated("[],", 1000000) + "[]]";
  EXPECT_TRUE(test::throws_input_error([&] { parse_json_text(text, "big"); }, "big",
                                       "more than 64 MiB of memory once read"));
}

// The size is checked before a byte is read (the file here is sparse).
TEST(JsonLimits, AFileOverTheSizeLimitIsRefusedBeforeReading) {
  const test::TempDir dir;
  const std::string path = dir.write("huge.json", "{}");
  std::filesystem::resize_file(path, kMaxJsonBytes + 1);
  EXPECT_TRUE(test::throws_input_error([&] { read_text_file(path); }, path,
                                       "larger than the 64 MiB limit for a JSON input"));
  EXPECT_TRUE(test::throws_input_error([&] { load_scenario_file(path); }, path, "64 MiB"));
}

TEST(JsonLimits, DuplicateKeysNameTheArrayIndex) {
  EXPECT_TRUE(test::throws_input_error(
      [] { parse_json_text(R"({"l": [{"x": 1}, {"y": {"x": 1, "x": 2}}]})", "f"); }, "l[1].y.x",
      "duplicate key (got \"x\")"));
}

TEST(JsonLimits, SyntaxErrorsKeepTheirPosition) {
  EXPECT_TRUE(test::throws_input_error([] { parse_json_text("[1,\n 2,,]", "f"); }, "f",
                                       "invalid JSON at line 2, column 4"));
}

// A --set value is read by the same reader: too deep is an error, not a string.
TEST(JsonLimits, SetValueNestedTooDeepIsRefused) {
  nlohmann::json doc = nlohmann::json::object();
  EXPECT_TRUE(test::throws_input_error(
      [&] { apply_override(doc, "name=" + repeated("[", 300) + repeated("]", 300)); }, "--set",
      "nesting deeper than 256 levels"));
  apply_override(doc, "name=[[1]");  // not JSON: a plain string, as before
  EXPECT_EQ(doc["name"], "[[1]");
}

TEST(JsonLimits, ValueTextRendersOnlyWhatItShows) {
  nlohmann::json big = nlohmann::json::array();
  for (int i = 0; i < 100000; ++i)
    big.push_back(i);
  const std::string shown = value_text(big);
  EXPECT_EQ(shown.substr(0, 10), "[0,1,2,3,4");
  EXPECT_EQ(shown.size(), 60u);  // 57 + "..."
  // A cut never splits a UTF-8 character: "é" is 2 bytes, so 57 bytes end inside one.
  const std::string accents = value_text(nlohmann::json(repeated("é", 40)));
  EXPECT_TRUE(is_utf8(accents)) << accents;
}

TEST(Utf8, WellFormedAndNot) {
  EXPECT_TRUE(is_utf8("plain"));
  EXPECT_TRUE(is_utf8("h\xC3\xA9llo \xE2\x82\xAC \xF0\x9F\x98\x80"));  // é € 😀
  EXPECT_FALSE(is_utf8("\xFF"));
  EXPECT_FALSE(is_utf8("\xC0\x80"));          // overlong NUL
  EXPECT_FALSE(is_utf8("\xE0\x80\x80"));      // overlong
  EXPECT_FALSE(is_utf8("\xED\xA0\x80"));      // a UTF-16 surrogate
  EXPECT_FALSE(is_utf8("\xF4\x90\x80\x80"));  // beyond U+10FFFF
  EXPECT_FALSE(is_utf8("\xE2\x82"));          // cut short
  EXPECT_FALSE(is_utf8("a\x80"));             // a lone continuation byte
}

// Before: `--set $'name=\xff' --json` ended in "internal error: [json.exception.type_error.316]"
// when the result was written.
TEST(Utf8, SetValueIsRefusedWithTheAssignment) {
  EXPECT_TRUE(test::throws_input_error(
      [] { parse_scenario_text(test::small_base().dump(), {"name=\xFF"}, kScenariosDir); }, "--set",
      "the assignment is not valid UTF-8 (byte 6 is \\xFF) (got name=\\xFF)"));
}

// Before: a scenario file named with a 0xFF byte and no "name" took the file name as its name.
TEST(Utf8, FileNameUsedAsTheNameMustBeUtf8) {
  const test::TempDir dir;
  nlohmann::json doc = test::small_base();
  doc.erase("name");
  const std::string path = dir.write("run-\xFF.json", doc.dump());
  EXPECT_TRUE(test::throws_input_error([&] { load_scenario_file(path); }, path,
                                       "the file name (the scenario's name, as it gives none)"));
  doc["name"] = "named";  // a name in the file is enough
  const std::string named = dir.write("named-\xFF.json", doc.dump());
  EXPECT_EQ(load_scenario_file(named).name, "named");
}

TEST(Utf8, DatasetPathIsWrittenIntoTheReportSoMustBeUtf8) {
  const test::TempDir dir;
  const std::string path = dir.write("rows-\xFF.json", "[]");
  EXPECT_TRUE(
      test::throws_input_error([&] { validate_dataset(path, {}); }, "DATASET", "not valid UTF-8"));
}

}  // namespace
}  // namespace wt
