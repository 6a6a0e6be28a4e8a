#include "sim/run_fewer_replicas.hpp"

#include <memory>

#include "core/error.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

double proportional(const Scenario& s, int missing) {
  return static_cast<double>(s.parallel.data) / (s.parallel.data - missing);
}

double slowdown_against(const Scenario& s, int missing, double full_iteration_s) {
  const std::optional<Scenario> smaller = fewer_replicas_layout(s, missing);
  if (!smaller || full_iteration_s <= 0.0) return proportional(s, missing);
  return estimate_scenario(*smaller).iteration_time_s / full_iteration_s;
}

}  // namespace

std::optional<Scenario> fewer_replicas_layout(const Scenario& s, int missing) {
  const int replicas = s.parallel.data - missing;
  if (missing < 1 || replicas < 1) return std::nullopt;
  const int64_t replica_gpus = s.cluster.num_gpus() / s.parallel.data;
  const int64_t gpus = replica_gpus * replicas;
  if (gpus % s.cluster.gpus_per_node != 0) return std::nullopt;
  Scenario smaller = s;
  smaller.warnings.clear();
  smaller.parallel.data = replicas;
  smaller.cluster.num_nodes = static_cast<int>(gpus / s.cluster.gpus_per_node);
  const int64_t per_step = s.training.micro_batch_size * replicas;
  smaller.training.global_batch_size =
      (s.training.global_batch_size + per_step - 1) / per_step * per_step;
  try {
    validate(smaller);
  } catch (const InputError&) {
    return std::nullopt;
  }
  return smaller;
}

double fewer_replicas_slowdown(const Scenario& s, int missing) {
  return slowdown_against(s, missing, estimate_scenario(s).iteration_time_s);
}

std::function<double(int missing)> fewer_replicas_slowdowns(const Scenario& s) {
  auto full_iteration_s = std::make_shared<double>(-1.0);  // estimated on the first call
  return [s, full_iteration_s](int missing) {
    if (*full_iteration_s < 0.0) *full_iteration_s = estimate_scenario(s).iteration_time_s;
    return slowdown_against(s, missing, *full_iteration_s);
  };
}

}  // namespace wt
