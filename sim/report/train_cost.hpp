#pragma once
// Time to train, GPU-hours, cost and the failure model (docs/models.md, "Time to train and
// failures"; docs/cli.md, "Time, cost and failures").
#include <vector>

#include "sim/report/checkpoint_cost.hpp"
#include "sim/report/failure_sources.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// Spot capacity: the provider takes nodes back at will. Each preemption interrupts the whole job
// like a hardware failure (restart from the last checkpoint), so preemptions are counted as
// further failures: the cluster's failure rate is the hardware rate + num_nodes / node_mtbp.
struct SpotPreemption {
  // Mean hours between preemptions of one node. Assumption (no provider publishes a rate for
  // 8-GPU instances): one preemption per node per 30 days. Override it with your provider's data.
  double node_mtbp_hours = 720.0;
};

struct TrainCost {
  double iterations = 0.0;
  double time_to_train_s = 0.0;  // failure-free
  double gpu_hours = 0.0;
  double cost_usd = 0.0;
  double cluster_mtbf_s = 0.0;     // 1 / (sum of the failure rates), spot preemptions included
  double hardware_mtbf_s = 0.0;    // failures alone
  double preemption_mtbf_s = 0.0;  // spot preemptions alone; 0 on-demand
  double optimal_checkpoint_interval_s = 0.0;  // Young/Daly √(2·C·M), in whole iterations
  double checkpoint_interval_s = 0.0;          // used: the scenario's or the optimal one
  double mean_restart_s = 0.0;                 // rate-weighted, the checkpoint read included
  CheckpointCost checkpoint;
  std::vector<FailureSource> failures;
  double expected_time_to_train_with_failures_s = 0.0;  // +inf when failures outpace progress
  double expected_gpu_hours_with_failures = 0.0;        // the GPUs are paid while they recover
  double expected_cost_with_failures_usd = 0.0;
  double expected_interruptions = 0.0;  // over the expected time: T / M
  double ettr = 0.0;                    // effective training time ratio T0 / T (0 when infinite)
};

// Young/Daly's interval √(2·C·M) rounded to whole iterations of iteration_s (at least one, and
// at least lag_s so that an async write ends before the next one starts); 0 when C = 0.
double young_daly_interval_s(double blocking_s, double mtbf_s, double iteration_s, double lag_s);

// T = T0 · (1 + C/τ) / (1 − (τ/2 + L + R)/M): checkpoint blocks stretch the work, and every
// failure (one per M seconds) costs the restart R plus, on average, half an interval and the
// async lag L of lost work. τ = 0: T0 / (1 − (L + R)/M). +inf when the denominator is ≤ 0.
double expected_time_with_failures_s(double t0, double blocking_s, double interval_s, double lag_s,
                                     double restart_s, double mtbf_s);

// From the iteration time: iterations = total_tokens / (global_batch · seq_length). A spot
// scenario (cost.spot) counts preemptions at the default SpotPreemption rate.
TrainCost train_cost(const Scenario& s, double iteration_s);
// The same with a given preemption rate (used only when s.cost.spot is true).
TrainCost train_cost(const Scenario& s, double iteration_s, const SpotPreemption& spot);

}  // namespace wt
