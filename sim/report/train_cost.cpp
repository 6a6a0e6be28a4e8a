#include "sim/report/train_cost.hpp"

#include <cmath>
#include <limits>

#include "core/units.hpp"

namespace wt {
namespace {

// Young/Daly: checkpointing every τ = sqrt(2·C·M) minimises the expected overhead. With a free
// checkpoint (C = 0) the job checkpoints continuously: τ = 0 and no work is lost on a failure.
double young_daly_interval_s(double checkpoint_s, double mtbf_s) {
  if (checkpoint_s <= 0.0) return 0.0;
  return std::sqrt(2.0 * checkpoint_s * mtbf_s);
}

// T = T0 · (1 + C/τ) / (1 − (τ/2 + R)/M): checkpoint writes stretch the work, and every failure
// (one per M seconds) costs the restart plus, on average, half an interval of lost work.
double expected_time_with_failures_s(double failure_free_s, const ReliabilityConfig& rel,
                                     double interval_s, double mtbf_s) {
  const double inf = std::numeric_limits<double>::infinity();
  if (mtbf_s <= 0.0) return inf;
  const double checkpoint_factor =
      interval_s > 0.0 ? 1.0 + rel.checkpoint_write_s / interval_s : 1.0;
  const double progress = 1.0 - (interval_s / 2.0 + rel.restart_s) / mtbf_s;
  if (progress <= 0.0) return inf;
  return failure_free_s * checkpoint_factor / progress;
}

// Independent failure processes add their rates: 1/M = 1/M_hardware + 1/M_preemption.
double combined_mtbf_s(double hardware_s, double preemption_s) {
  if (preemption_s <= 0.0) return hardware_s;
  return 1.0 / (1.0 / hardware_s + 1.0 / preemption_s);
}

}  // namespace

TrainCost train_cost(const Scenario& s, double iteration_s) {
  return train_cost(s, iteration_s, SpotPreemption{});
}

TrainCost train_cost(const Scenario& s, double iteration_s, const SpotPreemption& spot) {
  TrainCost c;
  const double tokens_per_iteration =
      static_cast<double>(s.training.global_batch_size) * static_cast<double>(s.model.seq_length);
  const double num_gpus = s.cluster.num_gpus();
  if (s.training.total_tokens <= 0.0 || tokens_per_iteration <= 0.0 || num_gpus <= 0.0) return c;

  c.iterations = s.training.total_tokens / tokens_per_iteration;
  c.time_to_train_s = c.iterations * iteration_s;
  c.gpu_hours = c.time_to_train_s * num_gpus / units::kSecondsPerHour;
  c.cost_usd = c.gpu_hours * s.cost.usd_per_gpu_hour;
  c.hardware_mtbf_s = s.reliability.gpu_mtbf_hours * units::kSecondsPerHour / num_gpus;
  if (s.cost.spot && spot.node_mtbp_hours > 0.0) {
    c.preemption_mtbf_s = spot.node_mtbp_hours * units::kSecondsPerHour / s.cluster.num_nodes;
  }
  c.cluster_mtbf_s = combined_mtbf_s(c.hardware_mtbf_s, c.preemption_mtbf_s);
  c.optimal_checkpoint_interval_s =
      young_daly_interval_s(s.reliability.checkpoint_write_s, c.cluster_mtbf_s);
  c.expected_time_to_train_with_failures_s = expected_time_with_failures_s(
      c.time_to_train_s, s.reliability, c.optimal_checkpoint_interval_s, c.cluster_mtbf_s);
  c.expected_gpu_hours_with_failures =
      c.expected_time_to_train_with_failures_s * num_gpus / units::kSecondsPerHour;
  c.expected_cost_with_failures_usd = c.expected_gpu_hours_with_failures * s.cost.usd_per_gpu_hour;
  return c;
}

}  // namespace wt
