#pragma once
// What `windtunnel run` computes once the scenario is loaded, shared by the CLI and the Python
// module so that `run --json` and windtunnel.run() give the same object.
#include <optional>
#include <string>

#include "sim/run.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/validation/error_bands.hpp"

namespace wt {

// "analytical" or "simgrid"; InputError naming `argument` otherwise.
EngineKind parse_engine_kind(const std::string& name, const std::string& argument);

// The engine's run of `s`, with the figures `run` adds to its result: the Monte Carlo goodput
// figures (sim/report/goodput.hpp) and, when `bands` is set, the error band of the iteration time
// (sim/validation/error_bands.hpp). to_ordered_json(output.result) is the `run --json` object.
RunOutput run_with_figures(const Scenario& s, EngineKind engine, const EngineOptions& options,
                           const std::optional<validation::ErrorBands>& bands);

}  // namespace wt
