// Lists and range objects in a plan document become axes; the document keeps the first value.
#include "planner/search/plan_axes.hpp"

#include <cmath>
#include <set>

#include "core/error.hpp"
#include "sim/scenario/field_binding.hpp"
#include "sim/scenario/json_text.hpp"

namespace wt {
namespace {

using nlohmann::json;

constexpr size_t kMaxValuesPerAxis = 100'000;

std::string child_path(const std::string& path, const std::string& key) {
  return path.empty() ? key : path + "." + key;
}

bool is_range(const json& v) {
  if (!v.is_object() || !v.contains("from") || !v.contains("to")) return false;
  for (const auto& item : v.items()) {
    const std::string& k = item.key();
    if (k != "from" && k != "to" && k != "times" && k != "step") return false;
  }
  return true;
}

// A list is a list of alternatives, except for a list-valued field (torus.dims), whose
// alternatives are lists of lists.
bool is_alternatives(const json& v, const FieldBinding* field) {
  if (!v.is_array()) return false;
  if (field == nullptr || field->info.type != FieldType::integer_list) return true;
  return !v.empty() && v.front().is_array();
}

// Fields whose reading changes other fields or the shape of the document are re-read as a document.
AxisKind kind_of(const std::string& path, const std::vector<json>& values) {
  static const std::set<std::string> kDocumentFields = {
      "name",       "schema", "model.preset", "model.hf_config", "cluster.network.topology",
      "calibration"};
  if (find_field_binding(path) == nullptr || kDocumentFields.count(path) > 0)
    return AxisKind::document;
  for (const json& v : values) {
    if (v.is_object()) return AxisKind::document;
  }
  return AxisKind::field;
}

// O(n log n), so that a long list is refused or accepted quickly rather than compared pairwise.
void require_distinct(const std::vector<json>& values, const std::string& path) {
  std::set<json> seen;
  for (size_t i = 0; i < values.size(); ++i) {
    if (!seen.insert(values[i]).second) {
      throw InputError(path + "[" + std::to_string(i) + "]", "repeats an earlier alternative",
                       value_text(values[i]), "each alternative once");
    }
  }
}

void walk(json& node, const std::string& path, std::vector<Axis>& axes) {
  const FieldBinding* field = find_field_binding(path);
  std::vector<json> values;
  if (is_range(node)) {
    values = expand_range(node, path);
  } else if (is_alternatives(node, field)) {
    if (node.empty()) {
      throw InputError(path, "an empty list of alternatives", "[]",
                       "one value, or a list of one or more alternatives");
    }
    if (node.size() > kMaxValuesPerAxis) {
      throw InputError(path, "a list of more than 100,000 alternatives",
                       std::to_string(node.size()) + " values", "at most 100,000 per axis");
    }
    values.assign(node.begin(), node.end());
    require_distinct(values, path);
  } else if (node.is_object()) {
    for (auto& item : node.items()) {
      walk(item.value(), child_path(path, item.key()), axes);
    }
    return;
  } else {
    return;
  }
  node = values.front();
  if (values.size() > 1) axes.push_back({path, kind_of(path, values), std::move(values)});
}

double range_number(const json& range, const char* key, const std::string& path) {
  const json& v = range.at(key);
  if (!v.is_number()) {
    throw InputError(path + "." + key, "must be a number", value_text(v),
                     "a number (ranges: {\"from\": a, \"to\": b, \"times\": k} or "
                     "{\"from\": a, \"to\": b, \"step\": d})");
  }
  return v.get<double>();
}

json as_value(double v, bool integers) {
  if (integers) return json(static_cast<int64_t>(std::llround(v)));
  return json(v);
}

}  // namespace

std::vector<json> expand_range(const json& range, const std::string& path) {
  const double from = range_number(range, "from", path);
  const double to = range_number(range, "to", path);
  if (range.contains("times") && range.contains("step")) {
    throw InputError(
        path, "a range takes \"times\" or \"step\", not both", value_text(range),
        "{\"from\": a, \"to\": b, \"times\": k} or {\"from\": a, \"to\": b, \"step\": d}");
  }
  if (to < from) {
    throw InputError(path + ".to", "must not be below \"from\"", value_text(range.at("to")),
                     "a number >= " + value_text(range.at("from")));
  }
  const bool geometric = range.contains("times");
  const double by = range.contains("times")  ? range_number(range, "times", path)
                    : range.contains("step") ? range_number(range, "step", path)
                                             : 1.0;
  if ((geometric && !(by > 1.0)) || (!geometric && !(by > 0.0))) {
    throw InputError(path + (geometric ? ".times" : ".step"),
                     geometric ? "must be greater than 1" : "must be greater than 0",
                     value_text(range.at(geometric ? "times" : "step")), geometric ? "> 1" : "> 0");
  }
  const bool integers = range.at("from").is_number_integer() &&
                        range.at("to").is_number_integer() &&
                        (!range.contains(geometric ? "times" : "step") ||
                         range.at(geometric ? "times" : "step").is_number_integer());
  if (geometric && !(from > 0.0)) {
    throw InputError(path + ".from", "must be greater than 0 for a \"times\" range",
                     value_text(range.at("from")), "> 0");
  }
  std::vector<json> values;
  const double slack = 1e-9 * std::max(1.0, std::fabs(to));
  for (size_t i = 0;; ++i) {
    const double v = geometric ? from * std::pow(by, static_cast<double>(i))
                               : from + by * static_cast<double>(i);
    if (v > to + slack) break;
    if (values.size() == kMaxValuesPerAxis) {
      throw InputError(path, "a range of more than 100,000 values", value_text(range),
                       "a shorter range or a larger step");
    }
    values.push_back(as_value(v, integers));
  }
  return values;
}

std::vector<Axis> extract_axes(json& doc) {
  std::vector<Axis> found;
  walk(doc, "", found);
  std::vector<Axis> axes;
  for (AxisKind kind : {AxisKind::document, AxisKind::field}) {
    for (Axis& a : found) {
      if (a.kind == kind) axes.push_back(std::move(a));
    }
  }
  return axes;
}

}  // namespace wt
