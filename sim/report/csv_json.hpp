#pragma once
// A JSON value as a CSV cell, for the --csv tables built from the --json documents (so that both
// carry the same figures): a number as the shortest text that reads back as the same double, a
// string as is, true/false, null as an empty field, an array or object as its compact JSON.
#include <string>

#include <nlohmann/json.hpp>

#include "core/csv.hpp"

namespace wt {

template <class Json>
std::string csv_cell(const Json& v) {
  if (v.is_null()) return {};
  if (v.is_boolean()) return v.template get<bool>() ? "true" : "false";
  if (v.is_number_unsigned()) return std::to_string(v.template get<unsigned long long>());
  if (v.is_number_integer()) return csv_integer(v.template get<long long>());
  if (v.is_number_float()) return csv_number(v.template get<double>());
  if (v.is_string()) return v.template get<std::string>();
  return v.dump();
}

// The cell of `key` in `object`; empty when the key is missing.
template <class Json>
std::string csv_cell(const Json& object, const char* key) {
  const auto it = object.find(key);
  return it == object.end() ? std::string() : csv_cell(*it);
}

}  // namespace wt
