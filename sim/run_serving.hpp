#pragma once
// One serving run end to end (`windtunnel serve`, docs/serving.md): the scenario's serving block →
// the replica's memory and KV blocks → the requests → the SimGrid simulation of the replicas, each
// step timed by the step-cost model → the result.
#include "sim/engine/simgrid/serving_des.hpp"
#include "sim/report/serving_result.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

struct ServeOptions {
  bool record_steps = false;  // keep every engine step (for --trace)
};

struct ServeOutput {
  ServingResult result;
  serving::SimulationOutput simulation;
};

// InputError at "serving" when the scenario has no serving block. When the weights leave no room
// for a KV block, nothing is simulated and result.fits is false.
ServeOutput serve_scenario(const Scenario& s, const ServeOptions& options = {});

}  // namespace wt
