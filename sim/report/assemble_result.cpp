#include "sim/report/assemble_result.hpp"

#include <cmath>
#include <utility>

#include "sim/report/data_sync.hpp"
#include "sim/report/goodput.hpp"
#include "sim/report/stage_balance.hpp"
#include "sim/report/train_cost.hpp"
#include "sim/workload/costs.hpp"

namespace wt {
namespace {

std::vector<std::string> warnings_of(const Scenario& s, const Calibration* calibration,
                                     const PeakMemory& mem, const TrainCost& cost) {
  std::vector<std::string> out = s.warnings;
  if (calibration != nullptr) {
    for (std::string& gap : calibration_fallbacks(s, *calibration))
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

RunResult assemble_result(const Scenario& s, const GpuSpec& gpu, const Calibration* calibration,
                          const TimedIteration& timed, const IterationWork& work,
                          std::string engine) {
  RunResult r;
  const double t = timed.iteration_s;
  const int n = s.cluster.num_gpus();
  const double peak = gpu.peak_flops(s.training.precision);
  r.scenario = s.name;
  r.engine = std::move(engine);
  r.num_gpus = n;
  r.iteration_time_s = t;
  r.samples_per_s = static_cast<double>(s.training.global_batch_size) / t;
  r.tokens_per_s = r.samples_per_s * static_cast<double>(s.model.seq_length);
  r.samples_not_tokens = s.model.is_layer_list();
  r.model_flops_per_iteration = work.model_flops;
  r.hardware_flops_per_iteration = work.hardware_flops;
  r.model_tflops_per_gpu = work.model_flops / t / n / 1e12;
  r.hardware_tflops_per_gpu = work.hardware_flops / t / n / 1e12;
  r.mfu = work.model_flops / (t * n * peak);
  r.hfu = work.hardware_flops / (t * n * peak);
  r.breakdown_s = timed.breakdown_s;
  r.exposed_comm_by_dim_s = timed.exposed_comm_by_dim_s;
  r.compute_beside_comm_s = timed.compute_beside_comm_s;
  r.comm_volume_bytes_per_gpu = timed.comm_volume_bytes_per_gpu;

  r.memory_per_gpu_bytes = work.memory.use;
  r.memory_verdict = memory_verdict(work.memory.use);
  r.fits_in_memory = r.memory_verdict != MemoryVerdict::does_not_fit;

  const TrainCost cost = train_cost(s, t);
  r.time_to_train_s = cost.time_to_train_s;
  r.gpu_hours = cost.gpu_hours;
  r.cost_usd = cost.cost_usd;
  r.expected_time_to_train_with_failures_s = cost.expected_time_to_train_with_failures_s;
  r.optimal_checkpoint_interval_s = cost.optimal_checkpoint_interval_s;
  r.failures = failure_figures(cost);
  r.data_sync = data_sync_figures(s, t, timed.breakdown_s.compute);
  r.warnings = warnings_of(s, calibration, work.memory, cost);
  if (std::string balance = stage_balance_warning(timed, s.parallel.pipeline); !balance.empty()) {
    r.warnings.push_back(std::move(balance));
  }
  return r;
}

}  // namespace wt
