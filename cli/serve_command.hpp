#pragma once
// `windtunnel serve SCENARIO`: the scenario's serving block through the serving simulation
// (docs/serving.md), printed as a summary or as one JSON object, optionally with a Chrome trace
// of the engine steps.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace wt::cli {

struct ServeCommandOptions {
  std::string scenario;
  std::vector<std::string> sets;
  bool json = false;
  std::string trace_path;
};

CLI::App* add_serve_command(CLI::App& app, ServeCommandOptions& options);
int serve_command(const ServeCommandOptions& options);  // exit code; bad input throws InputError

}  // namespace wt::cli
