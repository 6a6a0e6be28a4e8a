#include "sim/validation/row_metric.hpp"

#include "sim/validation/row_fields.hpp"

namespace wt::validation {
namespace {

constexpr double kPercent = 100.0;

bool counts_recompute(const nlohmann::json& metrics) {
  const auto it = metrics.find("tflops_includes_recompute");
  return it != metrics.end() && it->is_boolean() && it->get<bool>();
}

}  // namespace

std::optional<PublishedMetric> published_metric(const nlohmann::json& metrics,
                                                const std::string& path) {
  if (!metrics.is_object()) return std::nullopt;
  if (const auto v = row_number(metrics, "iteration_time_s", path)) {
    return PublishedMetric{Metric::iteration_time_s, *v};
  }
  if (const auto v = row_number(metrics, "tokens_per_sec", path)) {
    return PublishedMetric{Metric::tokens_per_sec, *v};
  }
  if (const auto v = row_number(metrics, "mfu_pct", path))
    return PublishedMetric{Metric::mfu_pct, *v};
  if (const auto v = row_number(metrics, "tflops_per_gpu", path)) {
    return PublishedMetric{
        counts_recompute(metrics) ? Metric::hardware_tflops_per_gpu : Metric::model_tflops_per_gpu,
        *v};
  }
  return std::nullopt;
}

double predicted_metric(Metric m, const RunResult& r) {
  switch (m) {
    case Metric::iteration_time_s:
      return r.iteration_time_s;
    case Metric::tokens_per_sec:
      return r.tokens_per_s;
    case Metric::mfu_pct:
      return r.mfu * kPercent;
    case Metric::hardware_tflops_per_gpu:
      return r.hardware_tflops_per_gpu;
    case Metric::model_tflops_per_gpu:
      return r.model_tflops_per_gpu;
  }
  return 0.0;
}

const char* to_string(Metric m) {
  switch (m) {
    case Metric::iteration_time_s:
      return "iteration_time_s";
    case Metric::tokens_per_sec:
      return "tokens_per_sec";
    case Metric::mfu_pct:
      return "mfu_pct";
    case Metric::hardware_tflops_per_gpu:
      return "hw_tflops_per_gpu";
    case Metric::model_tflops_per_gpu:
      return "model_tflops_per_gpu";
  }
  return "?";
}

}  // namespace wt::validation
