#include "sim/engine/analytical/estimate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "sim/comm/fabric.hpp"
#include "sim/core/error.hpp"
#include "sim/engine/analytical/estimate_costs.hpp"
#include "sim/engine/analytical/estimate_pipeline.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/report/train_cost.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/schedule.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {
namespace {

const GpuSpec& gpu_of(const Scenario& s) {
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  if (gpu == nullptr) throw InputError("cluster.gpu", "unknown GPU", s.cluster.gpu, gpu_ids());
  return *gpu;
}

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

// The GPU, the fabric and the calibration, exactly as run_scenario sets them up.
struct Hardware {
  explicit Hardware(const Scenario& s) : gpu(gpu_of(s)), fabric(make_fabric(s, gpu)) {
    check_validated(s);
    if (s.calibration) {
      calibration.emplace(read_profile(*s.calibration), gpu);
      fabric = calibrate_fabric(fabric, s.cluster.gpus_per_node, *calibration);
    }
  }
  const Calibration* profile() const { return calibration ? &*calibration : nullptr; }

  const GpuSpec& gpu;
  Fabric fabric;
  std::optional<Calibration> calibration;
};

int stage_layer_count(const Scenario& s, int stage) {
  int layers = 0;
  for (int chunk = 0; chunk < s.parallel.virtual_stages; ++chunk) {
    layers += chunk_layers(s.model.num_layers, s.parallel.pipeline, s.parallel.virtual_stages,
                           stage, chunk);
  }
  return layers;
}

IterationEstimate iteration(const Scenario& s, const Hardware& hw) {
  const StepCosts costs = step_costs(s, hw.gpu, hw.fabric, hw.profile());
  std::vector<double> optimizer(static_cast<size_t>(s.parallel.pipeline));
  for (int st = 0; st < s.parallel.pipeline; ++st) {
    optimizer[st] =
        optimizer_s(s, stage_params(s, stage_layer_count(s, st), st), hw.gpu, hw.profile());
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
      most_chunk = std::max(most_chunk, chunk_layers(s.model.num_layers, p, v, st, chunk));
    const int in_flight =
        max_in_flight(par.pipeline_schedule, p, st, s.num_micro_batches(), v) * most_chunk;
    const MemoryUse m = stage_memory(s, stage_params(s, stage_layer_count(s, st), st), in_flight,
                                     st == p - 1, capacity_bytes);
    if (st == 0 || m.total > peak.use.total) peak = {st, m};
  }
  return peak;
}

// The warnings run_scenario gives, word for word.
std::vector<std::string> warnings_of(const Scenario& s, const Hardware& hw, const PeakMemory& mem,
                                     const TrainCost& cost) {
  std::vector<std::string> out = s.warnings;
  if (hw.calibration) {
    for (std::string& gap : calibration_fallbacks(s, *hw.calibration))
      out.push_back(std::move(gap));
  }
  if (std::string memory = memory_warning(mem.use, mem.stage); !memory.empty()) {
    out.push_back(std::move(memory));
  }
  if (std::isinf(cost.expected_time_to_train_with_failures_s)) {
    out.push_back(
        "failures outpace progress: the expected time between failures of the cluster is shorter "
        "than checkpoint interval plus restart; training would not finish");
  }
  return out;
}

}  // namespace

IterationEstimate estimate_iteration(const Scenario& s) {
  return iteration(s, Hardware(s));
}

double estimate_iteration_s(const Scenario& s) {
  return estimate_iteration(s).iteration_s;
}

PeakMemory estimate_peak_memory(const Scenario& s) {
  check_validated(s);
  return peak_memory_of(s, gpu_of(s).memory_bytes());
}

RunResult estimate_scenario(const Scenario& s) {
  const Hardware hw(s);
  const IterationEstimate it = iteration(s, hw);
  RunResult r;
  const double t = it.iteration_s;
  const int n = s.cluster.num_gpus();
  const double peak = hw.gpu.peak_flops(s.training.precision);
  const double model_flops = model_flops_per_iteration(s);
  const double hardware_flops = hardware_flops_per_iteration(s);
  r.scenario = s.name;
  r.engine = "estimate";
  r.num_gpus = n;
  r.iteration_time_s = t;
  r.samples_per_s = static_cast<double>(s.training.global_batch_size) / t;
  r.tokens_per_s = r.samples_per_s * static_cast<double>(s.model.seq_length);
  r.model_flops_per_iteration = model_flops;
  r.hardware_flops_per_iteration = hardware_flops;
  r.model_tflops_per_gpu = model_flops / t / n / 1e12;
  r.hardware_tflops_per_gpu = hardware_flops / t / n / 1e12;
  r.mfu = model_flops / (t * n * peak);
  r.hfu = hardware_flops / (t * n * peak);
  r.breakdown_s = it.breakdown_s;
  r.exposed_comm_by_dim_s = it.exposed_comm_by_dim_s;
  r.comm_volume_bytes_per_gpu = it.comm_volume_bytes_per_gpu;

  const PeakMemory mem = peak_memory_of(s, hw.gpu.memory_bytes());
  r.memory_per_gpu_bytes = mem.use;
  r.memory_verdict = memory_verdict(mem.use);
  r.fits_in_memory = r.memory_verdict != MemoryVerdict::does_not_fit;

  const TrainCost cost = train_cost(s, t);
  r.time_to_train_s = cost.time_to_train_s;
  r.gpu_hours = cost.gpu_hours;
  r.cost_usd = cost.cost_usd;
  r.expected_time_to_train_with_failures_s = cost.expected_time_to_train_with_failures_s;
  r.optimal_checkpoint_interval_s = cost.optimal_checkpoint_interval_s;
  r.warnings = warnings_of(s, hw, mem, cost);
  return r;
}

}  // namespace wt
