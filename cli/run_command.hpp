#pragma once
// `windtunnel run SCENARIO`: one scenario through the simulator, printed as the summary or as the
// result JSON, optionally with a Chrome trace, Chakra execution traces and a markdown report.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/budget_options.hpp"

namespace wt::cli {

struct RunOptions {
  std::string scenario;
  std::string engine = "analytical";
  std::string profile;
  std::vector<std::string> sets;
  bool json = false;
  std::string trace_path;
  std::string report_path;
  std::string plot_path;   // --plot FILE.svg: the breakdown as a stacked bar
  std::string emit_dir;    // --emit DIR: launch configs (planner/emit)
  std::string chakra_dir;  // --chakra DIR: Chakra execution traces (cli/chakra_output.hpp)
  BudgetOptions budget;    // --max-memory, --max-trace (sim/engine/budget.hpp)
};

CLI::App* add_run_command(CLI::App& app, RunOptions& options);
int run_command(const RunOptions& options);  // exit code; bad input throws wt::InputError

}  // namespace wt::cli
