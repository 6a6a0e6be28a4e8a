// The error-bands file (data/error-bands.json): written by `validate --write-bands`, read by the
// faces; a malformed one is refused with the field, the value and what is allowed.
#include <cmath>

#include "core/error.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/validation/error_bands.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

constexpr int kSchema = 1;

ordered_json residuals_json(const ClassResiduals& c) {
  return {{"count", c.count},
          {"median_abs", c.median_abs},
          {"p90_abs", c.p90_abs},
          {"max_abs", c.max_abs},
          {"signed_mean", c.signed_mean}};
}

ordered_json table_json(const std::map<std::string, ClassResiduals>& table) {
  ordered_json out = ordered_json::object();
  for (const auto& [key, c] : table)
    out[key] = residuals_json(c);
  return out;
}

const json& field(const json& doc, const std::string& key, const std::string& where) {
  const auto it = doc.find(key);
  if (it == doc.end()) throw InputError(where + "." + key, "is missing");
  return *it;
}

double number_field(const json& doc, const std::string& key, const std::string& where, double min,
                    const char* allowed) {
  const json& v = field(doc, key, where);
  if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < min)
    throw InputError(where + "." + key, "is not allowed", value_text(v), allowed);
  return v.get<double>();
}

int count_field(const json& doc, const std::string& key, const std::string& where, int min) {
  const json& v = field(doc, key, where);
  if (!v.is_number_integer() || v.get<int64_t>() < min || v.get<int64_t>() > 1000000) {
    throw InputError(where + "." + key, "is not allowed", value_text(v),
                     "a whole number from " + std::to_string(min));
  }
  return static_cast<int>(v.get<int64_t>());
}

const json& object_field(const json& doc, const std::string& key, const std::string& where) {
  const json& v = field(doc, key, where);
  if (!v.is_object()) throw InputError(where + "." + key, "is not an object", value_text(v));
  return v;
}

ClassResiduals parse_residuals(const json& doc, const std::string& key, const std::string& where) {
  if (!doc.is_object()) throw InputError(where, "is not an object", value_text(doc));
  ClassResiduals c;
  c.key = key;
  c.count = count_field(doc, "count", where, 0);
  c.median_abs = number_field(doc, "median_abs", where, 0.0, "a fraction >= 0");
  c.p90_abs = number_field(doc, "p90_abs", where, 0.0, "a fraction >= 0");
  c.max_abs = number_field(doc, "max_abs", where, 0.0, "a fraction >= 0");
  c.signed_mean = number_field(doc, "signed_mean", where, -1e9, "a finite number");
  return c;
}

std::map<std::string, ClassResiduals> parse_table(const json& doc, const std::string& where) {
  std::map<std::string, ClassResiduals> out;
  for (const auto& [key, entry] : doc.items())
    out[key] = parse_residuals(entry, key, where + "." + key);
  return out;
}

}  // namespace

ordered_json to_json(const ErrorBands& b) {
  return {{"schema", kSchema},
          {"what",
           "validation residuals (measured iteration time / predicted - 1) per error class; "
           "docs/validation.md, \"Error bands\""},
          {"command", "windtunnel validate DATASETS --write-bands data/error-bands.json --force"},
          {"datasets", b.datasets},
          {"generated_on", b.generated_on},
          {"min_rows", b.min_rows},
          {"parallelism_widening", b.parallelism_widening},
          {"global_widening", b.global_widening},
          {"classes", table_json(b.classes)},
          {"parallelism", table_json(b.parallelism)},
          {"all", residuals_json(b.global)}};
}

ErrorBands parse_error_bands(const json& doc, const std::string& where) {
  if (!doc.is_object())
    throw InputError(where, "is not a JSON object", doc.type_name(), "an error-bands file");
  const json& schema = field(doc, "schema", where);
  if (schema != kSchema)
    throw InputError(where + ".schema", "is not supported", value_text(schema), "1");
  ErrorBands b;
  const json& datasets = field(doc, "datasets", where);
  if (!datasets.is_array()) {
    throw InputError(where + ".datasets", "is not an array", value_text(datasets),
                     "the paths of the validation files");
  }
  for (const json& d : datasets) {
    if (!d.is_string()) throw InputError(where + ".datasets", "holds a non-text", value_text(d));
    b.datasets.push_back(d.get<std::string>());
  }
  const json& date = field(doc, "generated_on", where);
  if (!date.is_string()) throw InputError(where + ".generated_on", "is not text", value_text(date));
  b.generated_on = date.get<std::string>();
  b.min_rows = count_field(doc, "min_rows", where, 1);
  b.parallelism_widening = number_field(doc, "parallelism_widening", where, 1.0, "a factor >= 1");
  b.global_widening = number_field(doc, "global_widening", where, 1.0, "a factor >= 1");
  b.classes = parse_table(object_field(doc, "classes", where), where + ".classes");
  b.parallelism = parse_table(object_field(doc, "parallelism", where), where + ".parallelism");
  b.global = parse_residuals(object_field(doc, "all", where), "all", where + ".all");
  return b;
}

}  // namespace wt::validation
