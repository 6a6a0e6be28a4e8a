#pragma once
// `windtunnel validate DATASET...`: predicted vs published for every row of published-runs
// datasets, the residuals per error class, and (--write-bands) the error-bands file.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace wt::cli {

struct ValidateOptions {
  std::vector<std::string> datasets;
  bool json = false;
  std::string csv_path;     // --csv: the rows as a CSV table
  std::string write_bands;  // --write-bands: the error-bands file to write from the residuals
  bool force = false;       // --force: --write-bands may replace an existing file
  std::string emit_scenarios_dir;  // --emit-scenarios: write each row's scenario here
  std::vector<std::string> sets;   // --set: overrides applied to every row's scenario
};

CLI::App* add_validate_command(CLI::App& app, ValidateOptions& options);
int validate_command(const ValidateOptions& options);

}  // namespace wt::cli
