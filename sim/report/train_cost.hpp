#pragma once
// Time to train, GPU-hours, cost and the failure model (docs/models.md, "Time to train and
// failures"; docs/cli.md, "Time, cost and failures").
#include "sim/scenario/scenario.hpp"

namespace wt {

// Spot capacity: the provider takes nodes back at will. Each preemption interrupts the whole job
// like a hardware failure (restart from the last checkpoint), so preemptions are counted as
// further failures: the cluster's failure rate is num_gpus / gpu_mtbf + num_nodes / node_mtbp.
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
  double cluster_mtbf_s = 0.0;     // per-GPU MTBF / number of GPUs (with spot: and preemptions)
  double hardware_mtbf_s = 0.0;    // hardware failures alone
  double preemption_mtbf_s = 0.0;  // spot preemptions alone; 0 on-demand
  double optimal_checkpoint_interval_s = 0.0;           // Young/Daly: sqrt(2 · C · MTBF)
  double expected_time_to_train_with_failures_s = 0.0;  // +inf when failures outpace progress
  double expected_gpu_hours_with_failures = 0.0;        // the GPUs are paid while they recover
  double expected_cost_with_failures_usd = 0.0;
};

// From the iteration time: iterations = total_tokens / (global_batch · seq_length). A spot
// scenario (cost.spot) counts preemptions at the default SpotPreemption rate.
TrainCost train_cost(const Scenario& s, double iteration_s);
// The same with a given preemption rate (used only when s.cost.spot is true).
TrainCost train_cost(const Scenario& s, double iteration_s, const SpotPreemption& spot);

}  // namespace wt
