#include "sim/run_checks.hpp"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace wt {
namespace {

struct Figure {
  const char* name;
  double value;
  bool may_be_infinite = false;
};

std::vector<Figure> figures(const RunResult& r) {
  const Breakdown& b = r.breakdown_s;
  const MemoryUse& m = r.memory_per_gpu_bytes;
  return {
      {"iteration_time_s", r.iteration_time_s},
      {"tokens_per_s", r.tokens_per_s},
      {"samples_per_s", r.samples_per_s},
      {"model_tflops_per_gpu", r.model_tflops_per_gpu},
      {"hardware_tflops_per_gpu", r.hardware_tflops_per_gpu},
      {"mfu", r.mfu},
      {"hfu", r.hfu},
      {"breakdown_s.compute", b.compute},
      {"breakdown_s.exposed_comm", b.exposed_comm},
      {"breakdown_s.pipeline_bubble", b.pipeline_bubble},
      {"breakdown_s.optimizer", b.optimizer},
      {"breakdown_s.other", b.other},
      {"memory_per_gpu_bytes.total", m.total},
      {"time_to_train_s", r.time_to_train_s},
      {"gpu_hours", r.gpu_hours},
      {"cost_usd", r.cost_usd},
      {"expected_time_to_train_with_failures_s", r.expected_time_to_train_with_failures_s, true},
      {"optimal_checkpoint_interval_s", r.optimal_checkpoint_interval_s},
      {"expected_interruptions", r.failures.expected_interruptions, true},
      {"ettr", r.failures.ettr},
      {"failures.checkpoint_write_s", r.failures.checkpoint_write_s},
      {"failures.checkpoint_read_s", r.failures.checkpoint_read_s}};
}

std::string value_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

InputSuspect furthest_input(const Scenario& s) {
  const Scenario d;  // the defaults
  struct Input {
    const char* path;
    double value;
    double reference;
    bool small_is_slow;  // the figures grow as the value shrinks (a rate) rather than grows
  };
  const std::vector<Input> inputs = {
      {"cluster.intra_node.bandwidth_GBps", s.cluster.intra_node.bandwidth_GBps, 100.0, true},
      {"cluster.network.link_bandwidth_Gbps", s.cluster.network.link_bandwidth_Gbps,
       d.cluster.network.link_bandwidth_Gbps, true},
      {"parallel.dp_bucket_mb", s.parallel.dp_bucket_mb, d.parallel.dp_bucket_mb, true},
      // References: Llama 3's all-cause per-GPU MTBF and a minute's checkpoint (the values are
      // < 0, skipped, when the per-cause rates and the storage model are used).
      {"reliability.gpu_mtbf_hours", s.reliability.gpu_mtbf_hours, 50677.0, true},
      {"cluster.gpu_sustained_speed", s.cluster.gpu_sustained_speed, d.cluster.gpu_sustained_speed,
       true},
      {"cluster.intra_node.latency_us", s.cluster.intra_node.latency_us,
       d.cluster.intra_node.latency_us, false},
      {"cluster.network.link_latency_us", s.cluster.network.link_latency_us,
       d.cluster.network.link_latency_us, false},
      {"reliability.checkpoint_write_s", s.reliability.checkpoint_write_s, 60.0, false},
      {"reliability.storage_GBps", s.reliability.storage_GBps, d.reliability.storage_GBps, true},
      {"reliability.storage_node_GBps", s.reliability.storage_node_GBps,
       d.reliability.storage_node_GBps, true},
      {"reliability.restart_s", s.reliability.restart_s, d.reliability.restart_s, false},
      {"training.total_tokens", s.training.total_tokens, 1e12, false},
      {"cost.usd_per_gpu_hour", s.cost.usd_per_gpu_hour, 10.0, false},
  };
  InputSuspect best{"scenario", 0.0};
  double best_ratio = 1.0;
  for (const Input& in : inputs) {
    if (in.value <= 0.0) continue;  // 0 means "the default figure" (NVLink) or "none" (cost)
    const double ratio = in.small_is_slow ? in.reference / in.value : in.value / in.reference;
    if (ratio > best_ratio || std::isinf(ratio)) {
      best = {in.path, in.value};
      best_ratio = std::isinf(ratio) ? INFINITY : ratio;
    }
  }
  return best;
}

void check_result_finite(const Scenario& s, const RunResult& r) {
  for (const Figure& f : figures(r)) {
    if (std::isfinite(f.value) || (f.may_be_infinite && f.value == INFINITY)) continue;
    const InputSuspect suspect = furthest_input(s);
    const std::string what = std::string(f.name) + " is " +
                             (std::isnan(f.value) ? "NaN"
                              : f.value > 0       ? "+infinity"
                                                  : "-infinity");
    throw InputError(suspect.path,
                     "too far from what the model computes in finite figures: " + what,
                     suspect.path == "scenario" ? "" : value_text(suspect.value),
                     "a value closer to its default (docs/scenario.md lists the ranges)");
  }
}

void require_training_job(const Scenario& s) {
  if (!s.serving_only()) return;
  throw InputError("training.global_batch_size",
                   "required for a training run; this scenario has only a serving block", "",
                   "sequences per step, or run it with windtunnel serve");
}

}  // namespace wt
