#pragma once
// `windtunnel validate DATASET`: predicted vs published for every row of a published-runs dataset.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace wt::cli {

struct ValidateOptions {
  std::string dataset;
  bool json = false;
  std::string emit_scenarios_dir;  // --emit-scenarios: write each row's scenario here
  std::vector<std::string> sets;   // --set: overrides applied to every row's scenario
};

CLI::App* add_validate_command(CLI::App& app, ValidateOptions& options);
int validate_command(const ValidateOptions& options);

}  // namespace wt::cli
