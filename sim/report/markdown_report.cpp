#include "sim/report/markdown_report.hpp"

#include <array>
#include <cstdio>
#include <string_view>

#include "sim/report/result_json.hpp"
#include "sim/report/summary_text.hpp"

namespace wt {
namespace {

using nlohmann::ordered_json;

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// The value in the unit its name carries, for a human: seconds, bytes or a fraction of peak.
std::string readable(const std::string& path, const ordered_json& v) {
  if (!v.is_number()) return "";
  const double x = v.get<double>();
  if (path.find("bytes") != std::string::npos) return format_bytes(x);
  if (ends_with(path, "tflops_per_gpu")) return format_count(x) + " TFLOP/s";
  if (ends_with(path, "flops_per_iteration")) return format_count(x) + " FLOP";
  if (ends_with(path, "_per_s")) return format_count(x) + "/s";
  if (ends_with(path, "_s") || path.rfind("breakdown_s.", 0) == 0) return format_duration(x);
  if (path == "mfu" || path == "hfu") {
    std::array<char, 32> buf{};
    std::snprintf(buf.data(), buf.size(), "%.1f%%", x * 100.0);
    return buf.data();
  }
  if (path == "gpu_hours") return format_count(x);
  if (path == "cost_usd") return "$" + format_count(x);
  return "";
}

void add_rows(std::string& table, const std::string& prefix, const ordered_json& object) {
  for (const auto& [key, value] : object.items()) {
    const std::string path = prefix.empty() ? key : prefix + "." + key;
    if (key == "warnings") continue;
    if (value.is_object()) {
      add_rows(table, path, value);
      continue;
    }
    table += "| `" + path + "` | " + value.dump() + " | " + readable(path, value) + " |\n";
  }
}

std::string warnings_section(const RunResult& r) {
  std::string text = "## Warnings\n\n";
  if (r.warnings.empty()) return text + "None.\n";
  for (const std::string& w : r.warnings)
    text += "- " + w + "\n";
  return text;
}

}  // namespace

std::string markdown_report(const Scenario& s, const RunResult& r) {
  std::string text = "# Windtunnel run: " + (r.scenario.empty() ? s.name : r.scenario) + "\n\n";
  text += "```text\n" + summary_text(s, r) + "```\n\n";
  text += "## Result\n\n| field | value | readable |\n| --- | --- | --- |\n";
  add_rows(text, "", to_ordered_json(r));
  return text + "\n" + warnings_section(r);
}

}  // namespace wt
