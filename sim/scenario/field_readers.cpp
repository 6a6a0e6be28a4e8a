#include "sim/scenario/field_readers.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace wt {
namespace {

bool in_range(double value, const NumberRange& range) {
  const bool above_min = range.min_exclusive ? value > range.min : value >= range.min;
  return above_min && value <= range.max;  // false for NaN
}

void require_integral(const nlohmann::json& value, const std::string& path,
                      const std::string& allowed) {
  const bool integral =
      value.is_number_integer() || (value.is_number_float() && std::isfinite(value.get<double>()) &&
                                    std::floor(value.get<double>()) == value.get<double>());
  if (!integral) throw InputError(path, "must be an integer", value_text(value), allowed);
}

}  // namespace

std::string number_text(double value) {
  constexpr double kExactIntegers = 1e15;
  if (std::isfinite(value) && std::floor(value) == value && std::fabs(value) < kExactIntegers) {
    return std::to_string(static_cast<int64_t>(value));
  }
  for (int digits = 1; digits <= 17; ++digits) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
    if (std::strtod(buffer, nullptr) == value) return buffer;
  }
  return nlohmann::json(value).dump();
}

std::string range_text(const IntRange& range) {
  std::string text = range.min == range.max
                         ? std::to_string(range.min)
                         : std::to_string(range.min) + " .. " + std::to_string(range.max);
  return range.even ? text + ", even" : text;
}

std::string range_text(const NumberRange& range) {
  if (range.min_exclusive) {
    return "> " + number_text(range.min) + " and <= " + number_text(range.max);
  }
  return number_text(range.min) + " .. " + number_text(range.max);
}

std::string list_range_text(const ListSize& size, const IntRange& each) {
  return std::to_string(size.min) + " .. " + std::to_string(size.max) + " entries, each " +
         range_text(each);
}

void check_integer(int64_t value, const std::string& path, const IntRange& range) {
  if (value < range.min || value > range.max) {
    throw InputError(path, "out of range", std::to_string(value), range_text(range));
  }
  if (range.even && value % 2 != 0) {
    throw InputError(path, "must be even", std::to_string(value), range_text(range));
  }
}

void check_number(double value, const std::string& path, const NumberRange& range) {
  if (!in_range(value, range)) {
    throw InputError(path, "out of range", number_text(value), range_text(range));
  }
}

int64_t read_integer(const nlohmann::json& value, const std::string& path, const IntRange& range) {
  require_integral(value, path, range_text(range));
  const double as_double = value.get<double>();
  const NumberRange bounds{static_cast<double>(range.min), static_cast<double>(range.max)};
  if (!in_range(as_double, bounds)) {
    throw InputError(path, "out of range", value_text(value), range_text(range));
  }
  const auto integer = static_cast<int64_t>(as_double);
  check_integer(integer, path, range);
  return integer;
}

double read_number(const nlohmann::json& value, const std::string& path, const NumberRange& range) {
  if (!value.is_number()) {
    throw InputError(path, "must be a number", value_text(value), range_text(range));
  }
  const double number = value.get<double>();
  if (!in_range(number, range)) {
    throw InputError(path, "out of range", value_text(value), range_text(range));
  }
  return number;
}

bool read_boolean(const nlohmann::json& value, const std::string& path) {
  if (!value.is_boolean()) {
    throw InputError(path, "must be a boolean", value_text(value), "true, false");
  }
  return value.get<bool>();
}

std::string read_string(const nlohmann::json& value, const std::string& path) {
  if (!value.is_string()) {
    throw InputError(path, "must be a string", value_text(value), "a non-empty string");
  }
  std::string text = value.get<std::string>();
  if (text.empty()) throw InputError(path, "must not be empty", "\"\"", "a non-empty string");
  return text;
}

std::vector<int> read_integer_list(const nlohmann::json& value, const std::string& path,
                                   const ListSize& size, const IntRange& each) {
  const std::string allowed = list_range_text(size, each);
  if (!value.is_array()) {
    throw InputError(path, "must be a list of integers", value_text(value), allowed);
  }
  if (value.size() < size.min || value.size() > size.max) {
    throw InputError(path, "wrong number of entries", value_text(value), allowed);
  }
  std::vector<int> out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::string item_path = path + "[" + std::to_string(i) + "]";
    out.push_back(static_cast<int>(read_integer(value[i], item_path, each)));
  }
  return out;
}

void check_integer_list(const std::vector<int>& values, const std::string& path,
                        const ListSize& size, const IntRange& each) {
  if (values.size() < size.min || values.size() > size.max) {
    throw InputError(path, "wrong number of entries", std::to_string(values.size()) + " entries",
                     list_range_text(size, each));
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    check_integer(values[i], path + "[" + std::to_string(i) + "]", each);
  }
}

}  // namespace wt
