#pragma once
// Typed reads of one JSON value at a known path, with the type and range checks every scenario
// field gets. Each failure is an InputError naming the path, the value and what is allowed.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "sim/scenario/enum_names.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/scenario/text_util.hpp"

namespace wt {

struct IntRange {
  int64_t min = 0;
  int64_t max = 0;
  bool even = false;
};

struct NumberRange {
  double min = 0.0;
  double max = 0.0;
  bool min_exclusive = false;  // (min, max] instead of [min, max]
};

struct ListSize {
  std::size_t min = 0;
  std::size_t max = 0;
};

std::string range_text(const IntRange& range);
std::string range_text(const NumberRange& range);
std::string list_range_text(const ListSize& size, const IntRange& each);

// A number as short as it reads back exactly: "0.7", "25", "1e+16".
std::string number_text(double value);

int64_t read_integer(const nlohmann::json& value, const std::string& path, const IntRange& range);
double read_number(const nlohmann::json& value, const std::string& path, const NumberRange& range);
bool read_boolean(const nlohmann::json& value, const std::string& path);
std::string read_string(const nlohmann::json& value, const std::string& path);  // non-empty
std::vector<int> read_integer_list(const nlohmann::json& value, const std::string& path,
                                   const ListSize& size, const IntRange& each);

void check_integer(int64_t value, const std::string& path, const IntRange& range);
void check_number(double value, const std::string& path, const NumberRange& range);
void check_integer_list(const std::vector<int>& values, const std::string& path,
                        const ListSize& size, const IntRange& each);

template <class E>
E read_choice(const nlohmann::json& value, const std::string& path) {
  const std::vector<std::string> names = enum_names<E>();
  if (!value.is_string()) {
    throw InputError(path, "must be a string", value_text(value), join(names));
  }
  const std::string text = value.get<std::string>();
  if (const std::optional<E> e = enum_from_string<E>(text)) return *e;
  throw InputError(path, "unknown value" + did_you_mean(text, names), value_text(value),
                   join(names));
}

// A non-empty JSON array of distinct enum names (read_choice for each).
template <class E>
std::vector<E> read_choice_list(const nlohmann::json& value, const std::string& path) {
  const std::string allowed = "a non-empty list of " + join(enum_names<E>());
  if (!value.is_array() || value.empty()) {
    throw InputError(path, "must be a non-empty list", value_text(value), allowed);
  }
  std::vector<E> out;
  for (size_t i = 0; i < value.size(); ++i) {
    const std::string at = path + "[" + std::to_string(i) + "]";
    const E e = read_choice<E>(value[i], at);
    if (std::find(out.begin(), out.end(), e) != out.end()) {
      throw InputError(at, "is listed twice", value_text(value[i]), allowed);
    }
    out.push_back(e);
  }
  return out;
}

}  // namespace wt
