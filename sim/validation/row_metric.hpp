#pragma once
// Which published figure a training row is compared on, and the simulator's value of it.
// First available: the iteration time (iteration_time_s; or step_time_s, iteration_time_ms,
// step_time_ms, read in seconds), then throughput (tokens_per_sec, tokens_per_sec_per_gpu,
// samples_per_sec), then utilisation (mfu_pct, model_tflops_per_gpu, tflops_per_gpu: hardware
// TFLOP/s when the published figure counts recomputation, else model TFLOP/s; hfu_pct).
// Times and throughputs come first: they do not depend on how the publisher counted FLOPs.
// Last, a data-parallel scaling efficiency (scaling_efficiency_pct, with scaling_baseline_gpus):
// throughput per GPU on the row's GPUs over that on the baseline's, the per-GPU batch kept.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/report/run_result.hpp"

namespace wt::validation {

enum class Metric {
  iteration_time_s,
  tokens_per_sec,
  tokens_per_sec_per_gpu,
  samples_per_sec,
  mfu_pct,
  hfu_pct,
  hardware_tflops_per_gpu,
  model_tflops_per_gpu,
  model_pflops_total,     // aggregate_pflops: model TFLOP/s per GPU × GPUs / 1000
  hardware_pflops_total,  // the same counting recomputation
  scaling_efficiency_pct
};

// The metrics keys published_metric reads, in its order of preference, for messages.
inline constexpr const char* kMetricKeys =
    "iteration_time_s (or _sec), step_time_s (or _sec), seconds_per_iteration, seconds_per_step, "
    "sec_per_step, time_per_step_s, iteration_time_ms, step_time_ms, time_per_step_ms, "
    "elapsed_time_per_iteration_ms, tokens_per_sec(ond), throughput_tokens_per_sec, "
    "tokens_per_sec(ond)_per_gpu (or _per_device), tokens_per_gpu_per_sec(ond), "
    "samples_per_sec(ond), sequences_per_sec(ond), mfu_pct (or _percent), model_tflops_per_gpu, "
    "hardware_tflops_per_gpu, tflops_per_gpu (or _per_device), achieved_tflops_per_gpu, "
    "teraflops_per_gpu, hfu_pct (or _percent), mfu, hfu, model_flops_utilization, "
    "hardware_flops_utilization, aggregate_pflops, pct_of_peak, "
    "<days|hours>_for_<N><K|M|B|T>_tokens, scaling_efficiency_pct (with scaling_baseline_gpus)";

struct PublishedMetric {
  Metric metric = Metric::iteration_time_s;
  double value = 0.0;
  int64_t baseline_gpus = 0;  // scaling_efficiency_pct only: the GPUs it is relative to
  std::string reading;        // how a figure was converted or reinterpreted ("" when as given)
};

// nullopt when the row's metrics give none of the figures of kMetricKeys.
std::optional<PublishedMetric> published_metric(const nlohmann::json& metrics,
                                                const std::string& path);
// Not for scaling_efficiency_pct, which takes two runs (scaling_efficiency_pct below): 0.
double predicted_metric(Metric m, const RunResult& r);
// 100 × (samples/s per GPU of `run`) / (samples/s per GPU of `baseline`): the weak-scaling
// efficiency of Goyal et al. 2017 (throughput on N GPUs over N/b times that on b).
double scaling_efficiency_pct(const RunResult& run, const RunResult& baseline);
const char* to_string(Metric m);

}  // namespace wt::validation
