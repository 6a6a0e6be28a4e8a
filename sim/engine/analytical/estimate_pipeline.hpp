#pragma once
// The `estimate` path's pipeline timing: the walk's stream rules applied to whole schedule steps
// (one forward or backward pass of one micro-batch chunk on one stage) instead of single ops, so
// that one iteration costs O(stages × micro-batches × chunks) additions and no programs.
#include <cstdint>
#include <span>

#include "sim/engine/analytical/estimate_costs.hpp"
#include "sim/engine/time_split.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

struct PipelineEstimate {
  double iteration_s = 0.0;
  int critical_stage = 0;  // the stage that finishes last (the first of them on a tie)
  Breakdown breakdown_s;   // on the critical stage, as run_scenario splits it
  ExposedComm exposed_comm_by_dim_s;
  double compute_beside_comm_s = 0.0;    // of the breakdown's compute (TimedIteration's)
  StageLoad busiest;                     // the stage whose compute stream was busiest
  CommVolume comm_volume_bytes_per_gpu;  // per dimension, the most any stage's GPU sends
  int64_t steps_timed = 0;  // schedule steps timed one by one (the rest were skipped over)
};

// `optimizer_s[stage]`: the optimizer step of each stage. `skip_steady_state` = false times every
// step (estimate_steady.hpp; the tests compare the two).
PipelineEstimate estimate_pipeline(const Scenario& s, const StepCosts& costs,
                                   std::span<const double> optimizer_s,
                                   bool skip_steady_state = true);

}  // namespace wt
