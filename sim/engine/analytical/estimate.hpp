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
#include "sim/report/run_result.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workload/stage_memory.hpp"

namespace wt {

// Every RunResult field that run_scenario fills, with the same meaning; engine = "estimate".
// Throws InputError for an unknown GPU or an unreadable calibration profile, like run_scenario.
RunResult estimate_scenario(const Scenario& s);

// The pieces, for callers that prune before asking for the whole result.
struct IterationEstimate {
  double iteration_s = 0.0;
  int critical_stage = 0;  // the pipeline stage that finishes last
  Breakdown breakdown_s;   // on the critical stage
  ExposedComm exposed_comm_by_dim_s;
  CommVolume comm_volume_bytes_per_gpu;
};
IterationEstimate estimate_iteration(const Scenario& s);
double estimate_iteration_s(const Scenario& s);

// The GPU that needs the most memory and its pipeline stage, equal to what run_scenario reports;
// closed forms per stage and no pipeline recurrence (what a planner checks first).
PeakMemory estimate_peak_memory(const Scenario& s);

}  // namespace wt
