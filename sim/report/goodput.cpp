#include "sim/report/goodput.hpp"

#include <algorithm>
#include <cmath>

#include "core/units.hpp"
#include "sim/report/goodput_monte_carlo.hpp"

namespace wt {

FailureFigures failure_figures(const TrainCost& c) {
  FailureFigures f;
  f.cluster_mtbf_s = c.cluster_mtbf_s;
  f.expected_interruptions = c.expected_interruptions;
  f.ettr = c.ettr;
  f.checkpoint_bytes = c.checkpoint.bytes;
  f.checkpoint_write_s = c.checkpoint.write_s;
  f.checkpoint_blocking_s = c.checkpoint.blocking_s;
  f.checkpoint_read_s = c.checkpoint.read_s;
  f.checkpoint_interval_s = c.checkpoint_interval_s;
  const double t = c.expected_time_to_train_with_failures_s;
  f.interruptions_by_cause.reserve(c.failures.size());
  for (const FailureSource& source : c.failures) {
    f.interruptions_by_cause.emplace_back(source.cause, t * source.rate_per_s);
  }
  return f;
}

namespace {

// Data-parallel replicas a node failure stops: one, or several when a replica (TP × PP × CP GPUs)
// is smaller than a node.
int replicas_per_node(const Scenario& s) {
  const int replica_gpus = s.cluster.num_gpus() / std::max(1, s.parallel.data);
  return std::max(1, s.cluster.gpus_per_node / std::max(1, replica_gpus));
}

}  // namespace

std::optional<MonteCarloFigures> monte_carlo_figures(const Scenario& s, double iteration_s) {
  return monte_carlo_figures(s, iteration_s, SpotPreemption{});
}

std::optional<MonteCarloFigures> monte_carlo_figures(
    const Scenario& s, double iteration_s, const SpotPreemption& spot,
    const std::function<double(int missing)>& slowdown) {
  const int runs = s.reliability.monte_carlo_runs;
  const TrainCost c = train_cost(s, iteration_s, spot);
  if (runs <= 0 || c.time_to_train_s <= 0.0) return std::nullopt;
  MonteCarloFigures m;
  m.seed = s.reliability.seed;
  if (std::isinf(c.expected_time_to_train_with_failures_s)) {
    m.why_not = "failures outpace progress";
    return m;
  }
  // About 30 ns per interruption on the development machine: a billion is half a minute.
  if (runs * c.expected_interruptions > 1e9) {
    m.why_not = "over 10^9 interruptions to simulate; lower reliability.monte_carlo_runs";
    return m;
  }
  const GoodputInputs in{.work_s = c.time_to_train_s,
                         .interval_s = c.checkpoint_interval_s,
                         .blocking_s = c.checkpoint.blocking_s,
                         .lag_s = c.checkpoint.lag_s,
                         .failures = c.failures,
                         .runs = runs,
                         .seed = static_cast<uint64_t>(s.reliability.seed),
                         .expected_interruptions = c.expected_interruptions,
                         .fewer_replicas = s.reliability.continue_with_fewer_replicas,
                         .spare_nodes = s.reliability.spare_nodes,
                         .repair_s = s.reliability.node_repair_hours * units::kSecondsPerHour,
                         .replicas = std::max(1, s.parallel.data),
                         .replicas_per_node = replicas_per_node(s),
                         .rejoin_restart_s = s.reliability.restart_s + c.checkpoint.read_s,
                         .slowdown = slowdown};
  const GoodputStats g = simulate_goodput(in);
  m.runs = g.runs;
  m.why_not = g.why_not;
  const double usd_per_s = s.cluster.num_gpus() * s.cost.usd_per_gpu_hour / units::kSecondsPerHour;
  m.mean_time_s = g.mean_time_s;
  m.stderr_time_s = g.stderr_time_s;
  m.p50_time_s = g.p50_time_s;
  m.p90_time_s = g.p90_time_s;
  m.p50_cost_usd = g.p50_time_s * usd_per_s;
  m.p90_cost_usd = g.p90_time_s * usd_per_s;
  m.ettr = g.ettr;
  m.mean_interruptions = g.mean_interruptions;
  m.ettr_histogram = g.ettr_histogram;
  return m;
}

}  // namespace wt
