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
  std::vector<double> optimizer(static_cast<size_t>(s.parallel.pipeline));
  for (int st = 0; st < s.parallel.pipeline; ++st) {
    const int layers = stage_layer_count(s, st);
    const StageWeights weights = stage_weights(s, layers, st);
    optimizer[st] = optimizer_s(s, weights.trainable, weights.expert_params, hw.gpu, hw.profile());
  }
  const PipelineEstimate p = estimate_pipeline(s, costs, optimizer);
  IterationEstimate out;
  out.iteration_s = p.iteration_s;
  out.critical_stage = p.critical_stage;
  out.breakdown_s = p.breakdown_s;
  out.exposed_comm_by_dim_s = p.exposed_comm_by_dim_s;
  out.comm_volume_bytes_per_gpu = p.comm_volume_bytes_per_gpu;
  return out;
}

PeakMemory peak_memory_of(const Scenario& s, double capacity_bytes) {
  const ParallelConfig& par = s.parallel;
  const int p = par.pipeline, v = par.virtual_stages;
  PeakMemory peak;
  for (int st = 0; st < p; ++st) {
    int most_chunk = 0;
    for (int chunk = 0; chunk < v; ++chunk)
      most_chunk = std::max(most_chunk, chunk_layers(s, st, chunk));
    const int in_flight =
        max_in_flight(par.pipeline_schedule, p, st, s.num_micro_batches(), v) * most_chunk;
    const int layers = stage_layer_count(s, st);
    const MemoryUse m =
        stage_memory(s, stage_weights(s, layers, st), in_flight, st == p - 1, capacity_bytes);
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
