// Typed reads of profile JSON values with messages that name the path, the value and the file.
#include "sim/hardware/calibration_json_fields.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/scenario/text_util.hpp"

namespace wt {
namespace {

std::vector<std::string> to_strings(auto names) {
  std::vector<std::string> out;
  for (std::string_view name : names) {
    out.emplace_back(name);
  }
  return out;
}

double read_number(const JsonAt& at, const std::string& allowed) {
  if (!at.value.is_number()) fail_at(at, "is not a number", allowed);
  const double x = at.value.get<double>();
  if (!std::isfinite(x)) fail_at(at, "is not finite", allowed);
  return x;
}

}  // namespace

void fail_at(const JsonAt& at, const std::string& problem, const std::string& allowed) {
  const std::string where = at.origin.empty() ? "" : " in " + at.origin;
  throw InputError(at.path, problem + where, value_text(at.value), allowed);
}

void expect_object(const JsonAt& at, std::initializer_list<std::string_view> known) {
  if (!at.value.is_object()) fail_at(at, "is not a JSON object", "an object");
  const std::vector<std::string> names = to_strings(known);
  for (const auto& [key, value] : at.value.items()) {
    if (std::find(names.begin(), names.end(), key) != names.end()) continue;
    const JsonAt unknown{value, at.path + "." + key, at.origin};
    fail_at(unknown, "is not a known key" + did_you_mean(key, names), join(names));
  }
}

JsonAt member(const JsonAt& object, std::string_view key) {
  std::optional<JsonAt> found = optional_member(object, key);
  if (!found) {
    const JsonAt missing{object.value, object.path + "." + std::string(key), object.origin};
    throw InputError(missing.path,
                     "is missing" + (object.origin.empty() ? "" : " in " + object.origin), "",
                     "a value for every required key");
  }
  return *found;
}

std::optional<JsonAt> optional_member(const JsonAt& object, std::string_view key) {
  const auto it = object.value.find(key);
  if (it == object.value.end()) return std::nullopt;
  return JsonAt{*it, object.path + "." + std::string(key), object.origin};
}

std::vector<JsonAt> elements(const JsonAt& at, std::size_t min_count) {
  const std::string allowed = "an array of at least " + std::to_string(min_count) + " elements";
  if (!at.value.is_array()) fail_at(at, "is not an array", allowed);
  if (at.value.size() < min_count) fail_at(at, "has too few elements", allowed);
  std::vector<JsonAt> out;
  out.reserve(at.value.size());
  for (std::size_t i = 0; i < at.value.size(); ++i) {
    out.push_back({at.value[i], at.path + "[" + std::to_string(i) + "]", at.origin});
  }
  return out;
}

int64_t read_integer(const JsonAt& at, int64_t min, int64_t max) {
  const bool unbounded =
      max == std::numeric_limits<int64_t>::max() || max == std::numeric_limits<int>::max();
  const std::string allowed =
      unbounded ? "an integer >= " + std::to_string(min)
                : "an integer from " + std::to_string(min) + " to " + std::to_string(max);
  constexpr double kExactLimit = 9.0e15;  // whole doubles below this convert exactly
  int64_t v = 0;
  if (at.value.is_number_unsigned()) {
    const auto u = at.value.get<uint64_t>();
    if (u > static_cast<uint64_t>(max)) fail_at(at, "is out of range", allowed);
    v = static_cast<int64_t>(u);
  } else if (at.value.is_number_integer()) {
    v = at.value.get<int64_t>();
  } else {
    const double x = read_number(at, allowed);
    if (x != std::floor(x)) fail_at(at, "is not a whole number", allowed);
    if (std::abs(x) > kExactLimit) fail_at(at, "is out of range", allowed);
    v = static_cast<int64_t>(x);
  }
  if (v < min || v > max) fail_at(at, "is out of range", allowed);
  return v;
}

int read_int(const JsonAt& at, int min) {
  return static_cast<int>(read_integer(at, min, std::numeric_limits<int>::max()));
}

double read_positive(const JsonAt& at) {
  const double x = read_number(at, "a finite number > 0");
  if (x <= 0.0) fail_at(at, "is not positive", "a finite number > 0");
  return x;
}

double read_non_negative(const JsonAt& at) {
  const double x = read_number(at, "a finite number >= 0");
  if (x < 0.0) fail_at(at, "is negative", "a finite number >= 0");
  return x;
}

std::string read_text(const JsonAt& at, bool allow_empty) {
  const std::string allowed = allow_empty ? "a string" : "a non-empty string";
  if (!at.value.is_string()) fail_at(at, "is not a string", allowed);
  std::string text = at.value.get<std::string>();
  if (!allow_empty && text.empty()) fail_at(at, "is empty", allowed);
  return text;
}

std::string read_name(const JsonAt& at, std::span<const std::string_view> names) {
  const std::vector<std::string> allowed = to_strings(names);
  const std::string text = read_text(at, false);
  if (std::find(allowed.begin(), allowed.end(), text) == allowed.end()) {
    fail_at(at, "is not a known name" + did_you_mean(text, allowed), join(allowed));
  }
  return text;
}

}  // namespace wt
