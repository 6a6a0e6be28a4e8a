#include "sim/validation/row_metric.hpp"

#include <cstdio>
#include <regex>

#include "core/error.hpp"
#include "sim/validation/row_fields.hpp"

namespace wt::validation {
namespace {

constexpr double kPercent = 100.0;

bool flag(const nlohmann::json& metrics, const char* key) {
  const auto it = metrics.find(key);
  return it != metrics.end() && it->is_boolean() && it->get<bool>();
}

bool counts_recompute(const nlohmann::json& metrics) {
  return flag(metrics, "tflops_includes_recompute");
}

// "readme_projected_days_for_1T_tokens": 10 → tokens/s = 1e12 / (10 · 86400). The first such key.
std::optional<PublishedMetric> time_for_tokens(const nlohmann::json& metrics,
                                               const std::string& path) {
  static const std::regex kKey(R"((?:^|_)(days|hours)_for_(\d+(?:\.\d+)?)([kKMBT])_tokens$)");
  for (const auto& [key, value] : metrics.items()) {
    std::smatch m;
    if (!std::regex_search(key, m, kKey)) continue;
    const std::optional<double> span = row_number(metrics, key.c_str(), path);
    if (!span || !(*span > 0.0)) continue;
    const char unit = m[3].str().front();
    const double scale = unit == 'T' ? 1e12 : unit == 'B' ? 1e9 : unit == 'M' ? 1e6 : 1e3;
    const double tokens = std::stod(m[2].str()) * scale;
    const double seconds = *span * (m[1].str() == "days" ? 86400.0 : 3600.0);
    char text[160];
    std::snprintf(text, sizeof text, "%s %g read as %.6g tokens/s (%g tokens over %g s)",
                  key.c_str(), *span, tokens / seconds, tokens, seconds);
    return PublishedMetric{Metric::tokens_per_sec, tokens / seconds, 0, text};
  }
  return std::nullopt;
}

}  // namespace

std::optional<PublishedMetric> published_metric(const nlohmann::json& metrics,
                                                const std::string& path) {
  if (!metrics.is_object()) return std::nullopt;
  struct Key {
    const char* key;
    Metric metric;
    double scale;  // to the metric's unit
  };
  constexpr double kMs = 1e-3;
  const Metric tflops =
      counts_recompute(metrics) ? Metric::hardware_tflops_per_gpu : Metric::model_tflops_per_gpu;
  // A utilisation the publisher says counts recomputation is an HFU ("mfu_counts_recompute"), one
  // that does not is an MFU ("hfu_counts_recompute": false).
  const Metric mfu = flag(metrics, "mfu_counts_recompute") ? Metric::hfu_pct : Metric::mfu_pct;
  const auto hfu_flag = metrics.find("hfu_counts_recompute");
  const Metric hfu = hfu_flag != metrics.end() && hfu_flag->is_boolean() && !hfu_flag->get<bool>()
                         ? Metric::mfu_pct
                         : Metric::hfu_pct;
  // Each figure under the names sources give it: a unit in the name ("_s", "_sec", "_ms"), "per
  // device" for per GPU, Megatron's log line (elapsed_time_per_iteration_ms).
  const Key keys[] = {{"iteration_time_s", Metric::iteration_time_s, 1.0},
                      {"iteration_time_sec", Metric::iteration_time_s, 1.0},
                      {"step_time_s", Metric::iteration_time_s, 1.0},
                      {"step_time_sec", Metric::iteration_time_s, 1.0},
                      {"seconds_per_iteration", Metric::iteration_time_s, 1.0},
                      {"seconds_per_step", Metric::iteration_time_s, 1.0},
                      {"sec_per_step", Metric::iteration_time_s, 1.0},
                      {"time_per_step_s", Metric::iteration_time_s, 1.0},
                      {"iteration_time_ms", Metric::iteration_time_s, kMs},
                      {"step_time_ms", Metric::iteration_time_s, kMs},
                      {"time_per_step_ms", Metric::iteration_time_s, kMs},
                      {"elapsed_time_per_iteration_ms", Metric::iteration_time_s, kMs},
                      {"tokens_per_sec", Metric::tokens_per_sec, 1.0},
                      {"tokens_per_second", Metric::tokens_per_sec, 1.0},
                      {"throughput_tokens_per_sec", Metric::tokens_per_sec, 1.0},
                      {"tokens_per_sec_per_gpu", Metric::tokens_per_sec_per_gpu, 1.0},
                      {"tokens_per_second_per_gpu", Metric::tokens_per_sec_per_gpu, 1.0},
                      {"tokens_per_sec_per_device", Metric::tokens_per_sec_per_gpu, 1.0},
                      {"tokens_per_second_per_device", Metric::tokens_per_sec_per_gpu, 1.0},
                      {"tokens_per_gpu_per_sec", Metric::tokens_per_sec_per_gpu, 1.0},
                      {"tokens_per_gpu_per_second", Metric::tokens_per_sec_per_gpu, 1.0},
                      {"samples_per_sec", Metric::samples_per_sec, 1.0},
                      {"samples_per_second", Metric::samples_per_sec, 1.0},
                      {"sequences_per_sec", Metric::samples_per_sec, 1.0},
                      {"sequences_per_second", Metric::samples_per_sec, 1.0},
                      {"mfu_pct", mfu, 1.0},
                      {"mfu_percent", mfu, 1.0},
                      {"model_tflops_per_gpu", Metric::model_tflops_per_gpu, 1.0},
                      {"hardware_tflops_per_gpu", Metric::hardware_tflops_per_gpu, 1.0},
                      {"tflops_per_gpu", tflops, 1.0},
                      {"tflops_per_device", tflops, 1.0},
                      {"achieved_tflops_per_gpu", tflops, 1.0},
                      {"teraflops_per_gpu", tflops, 1.0},
                      {"hfu_pct", hfu, 1.0},
                      {"hfu_percent", hfu, 1.0}};
  // In order, reading only up to the first one given: a malformed figure the row is not
  // compared on does not lose the row.
  for (const Key& k : keys) {
    if (const auto v = row_number(metrics, k.key, path)) {
      PublishedMetric p{k.metric, *v * k.scale};
      if (k.metric == Metric::hfu_pct && std::string(k.key) == "mfu_pct") {
        p.reading = "mfu_pct read as an HFU: the row says it counts recomputation";
      } else if (k.metric == Metric::mfu_pct && std::string(k.key) == "hfu_pct") {
        p.reading = "hfu_pct read as an MFU: the row says it does not count recomputation";
      }
      return p;
    }
  }
  // "mfu"/"hfu" as a fraction (0.43) or, above 1, already in percent.
  for (const auto& [key, metric] :
       {std::pair{"mfu", Metric::mfu_pct}, std::pair{"model_flops_utilization", Metric::mfu_pct},
        std::pair{"hfu", Metric::hfu_pct},
        std::pair{"hardware_flops_utilization", Metric::hfu_pct}}) {
    if (const auto v = row_number(metrics, key, path)) {
      return PublishedMetric{metric, *v <= 1.0 ? *v * kPercent : *v};
    }
  }
  // Totals and spans: the cluster's PFLOP/s; a share of peak; the time some tokens take.
  if (const auto v = row_number(metrics, "aggregate_pflops", path)) {
    return PublishedMetric{
        counts_recompute(metrics) ? Metric::hardware_pflops_total : Metric::model_pflops_total, *v};
  }
  if (const auto v = row_number(metrics, "pct_of_peak", path)) {
    return PublishedMetric{
        counts_recompute(metrics) ? Metric::hfu_pct : Metric::mfu_pct, *v, 0,
        std::string("pct_of_peak read as an ") + (counts_recompute(metrics) ? "HFU" : "MFU")};
  }
  if (auto span = time_for_tokens(metrics, path)) return span;
  if (const auto v = row_number(metrics, "scaling_efficiency_pct", path)) {
    const auto base = integer_field(metrics, "scaling_baseline_gpus", path);
    if (!base || *base <= 0) {
      throw InputError(path + ".scaling_baseline_gpus", "is not given with scaling_efficiency_pct",
                       base ? std::to_string(*base) : "null",
                       "the positive GPU count the efficiency is relative to");
    }
    return PublishedMetric{Metric::scaling_efficiency_pct, *v, *base};
  }
  return std::nullopt;
}

double scaling_efficiency_pct(const RunResult& run, const RunResult& baseline) {
  if (run.num_gpus <= 0 || baseline.num_gpus <= 0 || !(baseline.samples_per_s > 0.0)) return 0.0;
  return kPercent * (run.samples_per_s / run.num_gpus) /
         (baseline.samples_per_s / baseline.num_gpus);
}

double predicted_metric(Metric m, const RunResult& r) {
  switch (m) {
    case Metric::iteration_time_s:
      return r.iteration_time_s;
    case Metric::tokens_per_sec:
      return r.tokens_per_s;
    case Metric::tokens_per_sec_per_gpu:
      return r.num_gpus > 0 ? r.tokens_per_s / r.num_gpus : 0.0;
    case Metric::samples_per_sec:
      return r.samples_per_s;
    case Metric::mfu_pct:
      return r.mfu * kPercent;
    case Metric::hfu_pct:
      return r.hfu * kPercent;
    case Metric::hardware_tflops_per_gpu:
      return r.hardware_tflops_per_gpu;
    case Metric::model_tflops_per_gpu:
      return r.model_tflops_per_gpu;
    case Metric::model_pflops_total:
      return r.model_tflops_per_gpu * r.num_gpus / 1000.0;
    case Metric::hardware_pflops_total:
      return r.hardware_tflops_per_gpu * r.num_gpus / 1000.0;
    case Metric::scaling_efficiency_pct:
      return 0.0;
  }
  return 0.0;
}

const char* to_string(Metric m) {
  switch (m) {
    case Metric::iteration_time_s:
      return "iteration_time_s";
    case Metric::tokens_per_sec:
      return "tokens_per_sec";
    case Metric::tokens_per_sec_per_gpu:
      return "tokens_per_sec_per_gpu";
    case Metric::samples_per_sec:
      return "samples_per_sec";
    case Metric::mfu_pct:
      return "mfu_pct";
    case Metric::hfu_pct:
      return "hfu_pct";
    case Metric::hardware_tflops_per_gpu:
      return "hw_tflops_per_gpu";
    case Metric::model_tflops_per_gpu:
      return "model_tflops_per_gpu";
    case Metric::model_pflops_total:
      return "model_pflops_total";
    case Metric::hardware_pflops_total:
      return "hw_pflops_total";
    case Metric::scaling_efficiency_pct:
      return "scaling_efficiency_pct";
  }
  return "?";
}

}  // namespace wt::validation
