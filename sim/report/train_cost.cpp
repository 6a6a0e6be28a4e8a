#include "sim/report/train_cost.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/units.hpp"
#include "sim/hardware/stragglers.hpp"

namespace wt {

// With a free checkpoint (C = 0) the job checkpoints continuously: τ = 0.
double young_daly_interval_s(double blocking_s, double mtbf_s, double iteration_s, double lag_s) {
  if (blocking_s <= 0.0) return 0.0;
  const double tau = std::sqrt(2.0 * blocking_s * mtbf_s);
  if (iteration_s <= 0.0) return std::max(tau, lag_s);
  const double n = std::max({1.0, std::round(tau / iteration_s), std::ceil(lag_s / iteration_s)});
  return n * iteration_s;
}

double expected_time_with_failures_s(double t0, double blocking_s, double interval_s, double lag_s,
                                     double restart_s, double mtbf_s) {
  const double inf = std::numeric_limits<double>::infinity();
  if (mtbf_s <= 0.0) return inf;
  const double checkpoint_factor = interval_s > 0.0 ? 1.0 + blocking_s / interval_s : 1.0;
  const double progress = 1.0 - (interval_s / 2.0 + lag_s + restart_s) / mtbf_s;
  if (progress <= 0.0) return inf;
  return t0 * checkpoint_factor / progress;
}

namespace {

// 1 / (the rate of the failures that lose work): all but the announced preemptions.
double lossy_mtbf_s(const std::vector<FailureSource>& failures) {
  double rate = 0.0;
  for (const FailureSource& f : failures)
    rate += f.notice_save_s < 0.0 ? f.rate_per_s : 0.0;
  return rate > 0.0 ? 1.0 / rate : std::numeric_limits<double>::infinity();
}

// The closed form charges every failure (τ/2 + L + R̄)/M; an announced preemption loses the save
// s instead of τ/2 + L. Folded into the mean restart: Σ λ_i (s − (τ/2 + L)) / Σ λ_i.
double notice_adjustment_s(const std::vector<FailureSource>& failures, double lost_s) {
  double rate = 0.0, adjustment = 0.0;
  for (const FailureSource& f : failures) {
    rate += f.rate_per_s;
    if (f.notice_save_s >= 0.0) adjustment += f.rate_per_s * (f.notice_save_s - lost_s);
  }
  return rate > 0.0 ? adjustment / rate : 0.0;
}

}  // namespace

TrainCost train_cost(const Scenario& s, double iteration_s) {
  return train_cost(s, iteration_s, SpotPreemption{});
}

TrainCost train_cost(const Scenario& s, double iteration_s, const SpotPreemption& spot) {
  TrainCost c;
  const double tokens_per_iteration =
      static_cast<double>(s.training.global_batch_size) * static_cast<double>(s.model.seq_length);
  // Backup workers run (and are paid for) beside the job's nodes (sim/hardware/stragglers.hpp).
  const double num_gpus =
      units::as_double(worker_nodes_running(s)) * units::as_double(s.cluster.gpus_per_node);
  if (s.training.total_tokens <= 0.0 || tokens_per_iteration <= 0.0 || num_gpus <= 0.0) return c;

  c.iterations = s.training.total_tokens / tokens_per_iteration;
  c.time_to_train_s = c.iterations * iteration_s;
  c.gpu_hours = c.time_to_train_s * num_gpus / units::kSecondsPerHour;
  c.cost_usd = c.gpu_hours * s.cost.usd_per_gpu_hour;

  c.checkpoint = checkpoint_cost(s);
  c.failures = failure_sources(s, spot.node_mtbp_hours);
  // Every restart loads the last checkpoint back. A preemption announced at least a checkpoint's
  // save (block and write) ahead saves one first and loses no work.
  const double save_s = c.checkpoint.blocking_s + c.checkpoint.lag_s;
  for (FailureSource& f : c.failures) {
    f.restart_s += c.checkpoint.read_s;
    if (f.cause == InterruptionCause::spot_preemption && s.cost.spot_notice_s >= save_s)
      f.notice_save_s = save_s;
  }
  double hardware_rate = 0.0, preemption_rate = 0.0;
  for (const FailureSource& f : c.failures) {
    (f.cause == InterruptionCause::spot_preemption ? preemption_rate : hardware_rate) +=
        f.rate_per_s;
  }
  const double inf = std::numeric_limits<double>::infinity();
  c.hardware_mtbf_s = hardware_rate > 0.0 ? 1.0 / hardware_rate : inf;
  c.preemption_mtbf_s = preemption_rate > 0.0 ? 1.0 / preemption_rate : 0.0;
  const double rate = hardware_rate + preemption_rate;
  c.cluster_mtbf_s = rate > 0.0 ? 1.0 / rate : inf;
  c.mean_restart_s = mean_restart_s(c.failures);

  // Young/Daly against the failures that lose work (announced preemptions lose none).
  c.optimal_checkpoint_interval_s = young_daly_interval_s(
      c.checkpoint.blocking_s, lossy_mtbf_s(c.failures), iteration_s, c.checkpoint.lag_s);
  c.checkpoint_interval_s = s.reliability.checkpoint_interval_iterations > 0
                                ? s.reliability.checkpoint_interval_iterations * iteration_s
                                : c.optimal_checkpoint_interval_s;
  // Assumption: an async save waits for the previous write to finish (the storage bandwidth is
  // spent on it anyway), so a set interval shorter than the write blocks for the rest of it.
  if (c.checkpoint_interval_s > 0.0 && c.checkpoint_interval_s < c.checkpoint.lag_s) {
    c.checkpoint.blocking_s += c.checkpoint.lag_s - c.checkpoint_interval_s;
  }
  c.expected_time_to_train_with_failures_s = expected_time_with_failures_s(
      c.time_to_train_s, c.checkpoint.blocking_s, c.checkpoint_interval_s, c.checkpoint.lag_s,
      c.mean_restart_s +
          notice_adjustment_s(c.failures, c.checkpoint_interval_s / 2.0 + c.checkpoint.lag_s),
      c.cluster_mtbf_s);
  c.expected_gpu_hours_with_failures =
      c.expected_time_to_train_with_failures_s * num_gpus / units::kSecondsPerHour;
  c.expected_cost_with_failures_usd = c.expected_gpu_hours_with_failures * s.cost.usd_per_gpu_hour;
  const double t = c.expected_time_to_train_with_failures_s;
  c.expected_interruptions = std::isinf(t) ? inf : t * rate;
  c.ettr = std::isinf(t) || t <= 0.0 ? 0.0 : c.time_to_train_s / t;
  return c;
}

}  // namespace wt
