#pragma once
// `windtunnel sweep SCENARIO --vary path=v1,v2,...`: a scaling table (speedup and scaling
// efficiency against the smallest point), as text or JSON, optionally plotted as SVG.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace wt::cli {

struct SweepOptions {
  std::string scenario;
  std::vector<std::string> varies;
  std::vector<std::string> sets;
  bool json = false;
  std::string plot_path;
  std::string csv_path;  // --csv: the points as a CSV table
};

CLI::App* add_sweep_command(CLI::App& app, SweepOptions& options);
// 0 when a point ran and fits, 3 when points ran but none fits, 2 when no point is valid.
int sweep_command(const SweepOptions& options);

}  // namespace wt::cli
