#pragma once
// One run end to end: scenario → workload → cost model → engine → result. The CLI, the validator,
// the tests (and later the planner and the GUI) all go through here.
#include <functional>
#include <string>

#include "sim/engine/timeline.hpp"
#include "sim/report/run_result.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workload/program.hpp"

namespace wt {

enum class EngineKind { analytical, simgrid };

struct EngineOptions {
  // SimGrid engine: called with the fraction of ops simulated (0..1), from the simulation.
  std::function<void(double)> progress;
};

struct RunOutput {
  Workload workload;
  Timeline timeline;
  RunResult result;
};

RunOutput run_scenario(const Scenario& s, EngineKind engine = EngineKind::analytical);
RunOutput run_scenario(const Scenario& s, EngineKind engine, const EngineOptions& options);

}  // namespace wt
