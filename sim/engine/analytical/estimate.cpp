#include "sim/engine/analytical/estimate.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "sim/engine/analytical/estimate_costs.hpp"
#include "sim/engine/analytical/estimate_pipeline.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/schedule.hpp"
#include "sim/workload/stage_memory.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {
namespace {

// A scenario built in code must have been through validate(): the data-parallel size derived and at
// least one micro-batch per iteration (the planner calls estimate from many threads; a division
// by zero there would take the process down).
void check_validated(const Scenario& s) {
  if (s.parallel.data < 1) {
    throw InputError("parallel.data", "not derived yet: validate the scenario first",
                     std::to_string(s.parallel.data), ">= 1");
  }
  if (s.training.micro_batch_size < 1 || s.num_micro_batches() < 1) {
    throw InputError("training.global_batch_size",
                     "gives no micro-batch per iteration: validate the scenario first",
                     std::to_string(s.training.global_batch_size), ">= micro_batch_size x data");
  }
}

int stage_layer_count(const Scenario& s, int stage) {
  int layers = 0;
  for (int chunk = 0; chunk < s.parallel.virtual_stages; ++chunk) {
    layers += chunk_layers(s, stage, chunk);
  }
  return layers;
}

IterationEstimate iteration(const Scenario& s, const HardwareSetup& hw) {
  const StepCosts costs = step_costs(s, hw.gpu, hw.fabric, hw.profile());
  // A stage's weights depend on its layer count and on whether it is the first or the last
  // (workload_sizes.hpp, stage_params): the middle stages of a deep pipeline share one optimizer
  // time, priced once per layer count.
  const int p = s.parallel.pipeline;
  std::vector<double> optimizer(static_cast<size_t>(p));
  int middle_layers[2] = {-1, -1};  // chunk_layers gives at most two counts
  double middle_s[2] = {0.0, 0.0};
  for (int st = 0; st < p; ++st) {
    const int layers = stage_layer_count(s, st);
    const bool middle = st > 0 && st < p - 1;
    const int known = !middle                      ? -1
                      : layers == middle_layers[0] ? 0
                      : layers == middle_layers[1] ? 1
                                                   : -1;
    if (known >= 0) {
      optimizer[st] = middle_s[known];
      continue;
    }
    const StageWeights weights = stage_weights(s, layers, st);
    optimizer[st] = optimizer_s(s, weights.trainable, weights.expert_params, hw.gpu, hw.profile());
    if (middle) {
      const int slot = middle_layers[0] < 0 ? 0 : 1;
      middle_layers[slot] = layers;
      middle_s[slot] = optimizer[st];
    }
  }
  const PipelineEstimate pipe = estimate_pipeline(s, costs, optimizer);
  IterationEstimate out;
  out.iteration_s = pipe.iteration_s;
  out.critical_stage = pipe.critical_stage;
  out.breakdown_s = pipe.breakdown_s;
  out.exposed_comm_by_dim_s = pipe.exposed_comm_by_dim_s;
  out.comm_volume_bytes_per_gpu = pipe.comm_volume_bytes_per_gpu;
  return out;
}

PeakMemory peak_memory_of(const Scenario& s, double capacity_bytes) {
  const ParallelConfig& par = s.parallel;
  const int p = par.pipeline, v = par.virtual_stages;
  PeakMemory peak;
  // The middle stages' weights depend on their layer count only (as in iteration()).
  int middle_layers = -1;
  StageWeights middle_weights{};
  for (int st = 0; st < p; ++st) {
    int most_chunk = 0;
    for (int chunk = 0; chunk < v; ++chunk)
      most_chunk = std::max(most_chunk, chunk_layers(s, st, chunk));
    const int in_flight =
        max_in_flight(par.pipeline_schedule, p, st, s.num_micro_batches(), v) * most_chunk;
    const int layers = stage_layer_count(s, st);
    const bool middle = st > 0 && st < p - 1;
    StageWeights weights;
    if (middle && layers == middle_layers) {
      weights = middle_weights;
    } else {
      weights = stage_weights(s, layers, st);
      if (middle) {
        middle_layers = layers;
        middle_weights = weights;
      }
    }
    const MemoryUse m = stage_memory(s, weights, in_flight, st == p - 1, capacity_bytes);
    if (st == 0 || m.total > peak.use.total) peak = {st, m};
  }
  return peak;
}

}  // namespace

IterationEstimate estimate_iteration(const Scenario& s, const HardwareSetup& hw) {
  check_validated(s);
  return iteration(s, hw);
}

IterationEstimate estimate_iteration(const Scenario& s) {
  return estimate_iteration(s, HardwareSetup(s));
}

double estimate_iteration_s(const Scenario& s) {
  return estimate_iteration(s).iteration_s;
}

PeakMemory estimate_peak_memory(const Scenario& s) {
  return estimate_peak_memory(s, scenario_gpu(s).memory_bytes());
}

PeakMemory estimate_peak_memory(const Scenario& s, double capacity_bytes) {
  check_validated(s);
  return peak_memory_of(s, capacity_bytes);
}

}  // namespace wt
