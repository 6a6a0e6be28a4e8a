#pragma once
// Time to train, GPU-hours, cost and the failure model (DESIGN.md §4, "Reliability and cost").
#include "sim/scenario/scenario.hpp"

namespace wt {

struct TrainCost {
  double iterations = 0.0;
  double time_to_train_s = 0.0;  // failure-free
  double gpu_hours = 0.0;
  double cost_usd = 0.0;
  double cluster_mtbf_s = 0.0;                          // per-GPU MTBF / number of GPUs
  double optimal_checkpoint_interval_s = 0.0;           // Young/Daly: sqrt(2 · C · MTBF)
  double expected_time_to_train_with_failures_s = 0.0;  // +inf when failures outpace progress
};

// From the iteration time: iterations = total_tokens / (global_batch · seq_length).
TrainCost train_cost(const Scenario& s, double iteration_s);

}  // namespace wt
