#pragma once
// The serving goldens (serve and serve-plan): where the files are, and the comparison: numbers to
// 1e-6 relative, everything else exactly.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

namespace wt {

inline const std::filesystem::path kServingScenarioDir =
    std::filesystem::path(WT_SOURCE_DIR) / "scenarios" / "serving";
inline const std::filesystem::path kServingExpectedDir =
    std::filesystem::path(WT_SOURCE_DIR) / "tests" / "serving" / "expected";

// Numbers to 1e-6 relative, everything else exactly; the path of the first difference, or "".
inline std::string compare_golden(const nlohmann::json& want, const nlohmann::json& got,
                                  const std::string& path) {
  if (want.is_number() && got.is_number()) {
    const double a = want.get<double>(), b = got.get<double>();
    const bool ok = std::abs(a - b) <= 1e-6 * std::max({std::abs(a), std::abs(b), 1e-12});
    return ok ? "" : path + ": " + want.dump() + " -> " + got.dump();
  }
  if (want.is_object() && got.is_object()) {
    if (want.size() != got.size()) return path + ": keys differ";
    for (const auto& [k, v] : want.items()) {
      if (!got.contains(k)) return path + "." + k + ": missing";
      if (std::string d = compare_golden(v, got.at(k), path + "." + k); !d.empty()) return d;
    }
    return "";
  }
  if (want.is_array() && got.is_array() && want.size() == got.size()) {
    for (std::size_t i = 0; i < want.size(); ++i) {
      if (std::string d = compare_golden(want[i], got[i], path + "[" + std::to_string(i) + "]");
          !d.empty()) {
        return d;
      }
    }
    return "";
  }
  return want == got ? "" : path + ": " + want.dump() + " -> " + got.dump();
}

}  // namespace wt
