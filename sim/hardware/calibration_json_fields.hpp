#pragma once
// Typed reads of one JSON value inside a calibration profile. Each failure is an InputError whose
// path is the value's JSON path ("profile.gemm[3].m") and whose problem names the file it came
// from.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace wt {

// A value, its path inside the profile, and the file (or "" for a document given in memory).
struct JsonAt {
  const nlohmann::json& value;
  std::string path;
  const std::string& origin;
};

[[noreturn]] void fail_at(const JsonAt& at, const std::string& problem, const std::string& allowed);

// Requires an object whose keys are all in `known`; an unknown key is refused at its own path.
void expect_object(const JsonAt& at, std::initializer_list<std::string_view> known);
JsonAt member(const JsonAt& object, std::string_view key);  // a required key
std::optional<JsonAt> optional_member(const JsonAt& object, std::string_view key);
// The elements of an array that must hold at least `min_count` of them.
std::vector<JsonAt> elements(const JsonAt& at, std::size_t min_count);

int64_t read_integer(const JsonAt& at, int64_t min, int64_t max);
int read_int(const JsonAt& at, int min);
double read_positive(const JsonAt& at);      // finite, > 0
double read_non_negative(const JsonAt& at);  // finite, >= 0
std::string read_text(const JsonAt& at, bool allow_empty);
// One of `names`, spelled exactly.
std::string read_name(const JsonAt& at, std::span<const std::string_view> names);

}  // namespace wt
