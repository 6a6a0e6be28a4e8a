#pragma once
// One run end to end: scenario → workload → cost model → engine → result. The CLI, the validator,
// the tests (and later the planner and the GUI) all go through here.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

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

// What one directed link of the topology graph carried in the simulated iteration (SimGrid runs).
struct LinkLoad {
  int32_t link = 0;    // index into topo::Topology::links() of build_topology(simulated_cluster(s))
  double bytes = 0.0;  // bytes that crossed the link in one iteration
  double utilisation = 0.0;  // busy fraction of the simulated iteration, 0..1
  // Time at line rate: the bytes at the link's bandwidth over the iteration, 0..1. Unlike busy
  // time, a link that is busy only because a slower hop elsewhere paces its flows stays low.
  double line_rate = 0.0;
};

struct RunOutput {
  Workload workload;
  Timeline timeline;
  RunResult result;
  // One entry per directed link that carried traffic, ascending by link; SimGrid runs only (empty
  // for the analytical engine). Not part of RunResult, so `run --json` stays unchanged.
  std::vector<LinkLoad> link_loads;
};

// Builds the workload, costs it and times it with the engine of `engine` (one Engine interface,
// sim/engine/timeline.hpp); the result is assembled by sim/report/assemble_result.
RunOutput run_scenario(const Scenario& s, EngineKind engine = EngineKind::analytical);
RunOutput run_scenario(const Scenario& s, EngineKind engine, const EngineOptions& options);

// The `estimate` path (docs/engine.md, sim/engine/analytical/estimate.hpp): every RunResult field
// run_scenario fills, with the same meaning, from closed forms without programs or a timeline;
// engine = "estimate". Thread-safe. Throws InputError for an unknown GPU, an unreadable calibration
// profile or a scenario that was not validated.
RunResult estimate_scenario(const Scenario& s);

}  // namespace wt
