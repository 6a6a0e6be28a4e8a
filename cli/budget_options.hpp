#pragma once
// The resource-budget options shared by the commands (docs/cli.md, "Resource budget"):
// --max-memory SIZE, --max-trace SIZE and --max-search-time DURATION raise the limits of
// sim/engine/budget.hpp and planner/search/search_budget.hpp; and the progress lines a plan
// prints when stderr is not a terminal.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <string>

#include "sim/engine/budget.hpp"

namespace wt::cli {

struct BudgetOptions {
  std::string max_memory;  // "" = the default limit
  std::string max_trace;
  std::string max_search_time;
};

void add_max_memory_option(CLI::App* cmd, BudgetOptions& o);
void add_max_trace_option(CLI::App* cmd, BudgetOptions& o);
void add_max_search_time_option(CLI::App* cmd, BudgetOptions& o);

ResourceLimits resource_limits(const BudgetOptions& o);
double search_time_limit_s(const BudgetOptions& o);

// "16GiB", "512MiB", "2.5GB", "1e9" (bytes); InputError naming `option` otherwise.
double parse_byte_size(const std::string& text, const std::string& option);
// "6h", "90m", "45s", "2d", "3600" (seconds); InputError naming `option` otherwise.
double parse_duration_s(const std::string& text, const std::string& option);

// A progress callback for run_search, for a stderr that is not a terminal: a line every `every_s`
// seconds and at every 5% step, e.g. "plan: 1200 of 5000 candidates (24%), 10 s elapsed, about
// 32 s left".
std::function<void(uint64_t, uint64_t)> progress_lines(double every_s = 10.0);

}  // namespace wt::cli
