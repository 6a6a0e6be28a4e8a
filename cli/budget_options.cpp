#include "cli/budget_options.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "planner/search/search_budget.hpp"

namespace wt::cli {
namespace {

// A positive number followed by one of `units` (longest spelling first; "" = the base unit).
double parse_with_units(const std::string& text, const std::string& option,
                        const std::vector<std::pair<std::string, double>>& units,
                        const std::string& allowed) {
  size_t used = 0;
  double number = 0.0;
  try {
    number = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  const std::string unit = used > 0 ? text.substr(used) : "";
  if (used > 0 && std::isfinite(number) && number > 0.0) {
    for (const auto& [name, scale] : units) {
      if (unit == name && std::isfinite(number * scale)) return number * scale;
    }
  }
  throw InputError(option, "not a positive size with a unit", text, allowed);
}

}  // namespace

double parse_byte_size(const std::string& text, const std::string& option) {
  return parse_with_units(text, option,
                          {{"", 1.0},
                           {"B", 1.0},
                           {"KiB", 1024.0},
                           {"MiB", 1024.0 * 1024.0},
                           {"GiB", kGiB},
                           {"TiB", 1024.0 * kGiB},
                           {"KB", 1e3},
                           {"MB", 1e6},
                           {"GB", 1e9},
                           {"TB", 1e12}},
                          "bytes, or a number with B, KiB, MiB, GiB, TiB, KB, MB, GB or TB "
                          "(e.g. 16GiB)");
}

double parse_duration_s(const std::string& text, const std::string& option) {
  return parse_with_units(text, option,
                          {{"", 1.0}, {"s", 1.0}, {"m", 60.0}, {"h", 3600.0}, {"d", 86400.0}},
                          "seconds, or a number with s, m, h or d (e.g. 6h)");
}

void add_max_memory_option(CLI::App* cmd, BudgetOptions& o) {
  cmd->add_option("--max-memory", o.max_memory,
                  "Refuse when the estimated memory (topology graph, SimGrid platform) passes "
                  "SIZE (default 4GiB; docs/cli.md)")
      ->type_name("SIZE");
}

void add_max_trace_option(CLI::App* cmd, BudgetOptions& o) {
  cmd->add_option(
         "--max-trace", o.max_trace,
         "Refuse when the estimated --trace JSON (uncompressed) passes SIZE (default 1GiB)")
      ->type_name("SIZE");
}

void add_max_search_time_option(CLI::App* cmd, BudgetOptions& o) {
  cmd->add_option("--max-search-time", o.max_search_time,
                  "Refuse when the estimated search time (candidates / measured rate / jobs) "
                  "passes DURATION (default 1h)")
      ->type_name("DURATION");
}

ResourceLimits resource_limits(const BudgetOptions& o) {
  ResourceLimits limits;
  if (!o.max_memory.empty()) limits.memory_bytes = parse_byte_size(o.max_memory, "--max-memory");
  if (!o.max_trace.empty()) limits.trace_bytes = parse_byte_size(o.max_trace, "--max-trace");
  return limits;
}

double search_time_limit_s(const BudgetOptions& o) {
  if (o.max_search_time.empty()) return kDefaultMaxSearch_s;
  return parse_duration_s(o.max_search_time, "--max-search-time");
}

std::function<void(uint64_t, uint64_t)> progress_lines(double every_s) {
  using Clock = std::chrono::steady_clock;
  struct State {
    Clock::time_point start = Clock::now();
    double last_s = 0.0;
    int last_step = 0;  // 5% steps already reported
  };
  auto state = std::make_shared<State>();
  return [state, every_s](uint64_t done, uint64_t total) {
    const double elapsed = std::chrono::duration<double>(Clock::now() - state->start).count();
    const double fraction = total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 1;
    const int step = static_cast<int>(fraction * 20.0);
    if (elapsed - state->last_s < every_s && step <= state->last_step) return;
    state->last_s = elapsed;
    state->last_step = step;
    std::fprintf(stderr, "plan: %llu of %llu candidates (%.0f%%), %.0f s elapsed",
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
                 100.0 * fraction, elapsed);
    if (fraction > 0.0 && fraction < 1.0) {
      std::fprintf(stderr, ", about %.0f s left", elapsed * (1.0 - fraction) / fraction);
    }
    std::fprintf(stderr, "\n");
    std::fflush(stderr);
  };
}

}  // namespace wt::cli
