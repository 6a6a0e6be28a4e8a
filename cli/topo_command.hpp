#pragma once
// `windtunnel topo SCENARIO`: the scenario's network as built by topology/ — switches, cables,
// links, bisection, diameter, oversubscription, per-GPU injection and the node fabric.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/budget_options.hpp"

namespace wt::cli {

struct TopoOptions {
  std::string scenario;
  std::vector<std::string> sets;
  bool json = false;
  BudgetOptions budget;  // --max-memory (sim/engine/budget.hpp)
};

CLI::App* add_topo_command(CLI::App& app, TopoOptions& options);
int topo_command(const TopoOptions& options);  // exit code; bad input throws wt::InputError

}  // namespace wt::cli
