#pragma once
// The analytical engine's `estimate` path (docs/engine.md, "`estimate`"): the same figures as
// run_scenario's walk, from closed-form per-op costs composed with the pipeline schedule, without
// building programs or a timeline — microseconds per scenario, for the planner. Thread-safe: every
// call works on its own state (it reads the calibration profile named by the scenario, as
// run_scenario does).
//
// It applies the walk's stream rules (docs/engine.md, "`walk`") to whole schedule steps: each
// stage's forward/backward passes in Megatron order, pipeline transfers on a send stream, gradient
// buckets launched as the final backward pass fills them, ZeRO gathers, the tied-embedding sync and
// the optimizer. See docs/engine.md, "estimate", for what it agrees with and how closely.
#include "sim/engine/time_split.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workload/hardware_setup.hpp"
#include "sim/workload/stage_memory.hpp"

namespace wt {

// The whole RunResult: estimate_scenario in sim/run.hpp. Here, the pieces, for callers that prune
// before asking for the whole result. Each throws InputError for an unknown GPU or an unreadable
// calibration profile, like run_scenario, and for a scenario that has not been validated.
struct IterationEstimate : TimedIteration {};
IterationEstimate estimate_iteration(const Scenario& s);
IterationEstimate estimate_iteration(const Scenario& s, const HardwareSetup& hw);
double estimate_iteration_s(const Scenario& s);

// The GPU that needs the most memory and its pipeline stage, equal to what run_scenario reports;
// closed forms per stage and no pipeline recurrence (what a planner checks first).
PeakMemory estimate_peak_memory(const Scenario& s);
PeakMemory estimate_peak_memory(const Scenario& s, double capacity_bytes);

// Both, sharing what they have in common (the stages' weights), at the GPU's capacity: what
// estimate_scenario asks for.
struct ScenarioEstimate {
  IterationEstimate iteration;
  PeakMemory memory;
};
ScenarioEstimate estimate_iteration_and_memory(const Scenario& s, const HardwareSetup& hw);

}  // namespace wt
