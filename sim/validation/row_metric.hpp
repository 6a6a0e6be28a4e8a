#pragma once
// Which published figure a training row is compared on, and the simulator's value of it.
// First available: iteration_time_s, tokens_per_sec, mfu_pct, tflops_per_gpu (hardware TFLOP/s when
// the published figure counts recomputation, else model TFLOP/s).
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/report/run_result.hpp"

namespace wt::validation {

enum class Metric {
  iteration_time_s,
  tokens_per_sec,
  mfu_pct,
  hardware_tflops_per_gpu,
  model_tflops_per_gpu
};

struct PublishedMetric {
  Metric metric = Metric::iteration_time_s;
  double value = 0.0;
};

// nullopt when the row's metrics give none of the four figures.
std::optional<PublishedMetric> published_metric(const nlohmann::json& metrics,
                                                const std::string& path);
double predicted_metric(Metric m, const RunResult& r);
const char* to_string(Metric m);

}  // namespace wt::validation
