#include "core/error.hpp"
#include "planner/sweep/sweep.hpp"

namespace wt {
namespace {

constexpr const char* kAllowed = "path=v1,v2,... e.g. cluster.num_nodes=1,2,4,8";

// Splits at commas that are not inside brackets, braces or a double-quoted string.
std::vector<std::string> split_values(const std::string& text) {
  std::vector<std::string> values;
  std::string current;
  int depth = 0;
  bool in_string = false;
  for (const char c : text) {
    if (c == '"') in_string = !in_string;
    if (!in_string && (c == '[' || c == '{')) ++depth;
    if (!in_string && (c == ']' || c == '}')) --depth;
    if (c == ',' && depth == 0 && !in_string) {
      values.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  values.push_back(current);
  return values;
}

}  // namespace

SweepAxis parse_vary(const std::string& option) {
  const size_t eq = option.find('=');
  if (eq == std::string::npos || eq == 0) {
    throw InputError("--vary", "expected a dotted path, '=' and values", option, kAllowed);
  }
  SweepAxis axis{option.substr(0, eq), split_values(option.substr(eq + 1))};
  for (const std::string& v : axis.values) {
    if (v.empty()) throw InputError("--vary", "empty value in the list", option, kAllowed);
  }
  return axis;
}

std::vector<std::vector<std::string>> sweep_grid(const std::vector<SweepAxis>& axes) {
  std::vector<std::vector<std::string>> points = {{}};
  for (const SweepAxis& axis : axes) {
    std::vector<std::vector<std::string>> next;
    for (const std::vector<std::string>& prefix : points) {
      for (const std::string& v : axis.values) {
        next.push_back(prefix);
        next.back().push_back(v);
      }
    }
    points = std::move(next);
  }
  return axes.empty() ? std::vector<std::vector<std::string>>{} : points;
}

}  // namespace wt
