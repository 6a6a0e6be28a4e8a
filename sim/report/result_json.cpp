#include "sim/report/result_json.hpp"

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/finite.hpp"

namespace wt {
namespace {

// JSON has no infinity or NaN, and a non-finite figure is a bug: it ends the run as an internal
// error naming the quantity (core/finite.hpp). The one figure that may be +infinity is the
// expected time to train when failures outpace progress: it is written as null (docs/cli.md).
template <class Json>
Json number(double v, std::string_view name) {
  return Json(require_finite(v, name));
}

template <class Json>
Json number_or_null(double v, std::string_view name) {
  return std::isinf(require_not_nan(v, name)) ? Json(nullptr) : Json(v);
}

// 2^63 as a double: the first value that does not fit an int64.
constexpr double kInt64Limit = 9223372036854775808.0;

template <class Json>
Json byte_count(double bytes, std::string_view name) {
  require_finite(bytes, name);
  if (std::fabs(bytes) >= kInt64Limit) {
    throw std::logic_error(std::string(name) + " does not fit a 64-bit byte count");
  }
  return Json(static_cast<int64_t>(std::llround(bytes)));
}

template <class Json>
Json breakdown_json(const Breakdown& b) {
  return {{"compute", number<Json>(b.compute, "breakdown_s.compute")},
          {"exposed_comm", number<Json>(b.exposed_comm, "breakdown_s.exposed_comm")},
          {"pipeline_bubble", number<Json>(b.pipeline_bubble, "breakdown_s.pipeline_bubble")},
          {"optimizer", number<Json>(b.optimizer, "breakdown_s.optimizer")},
          {"other", number<Json>(b.other, "breakdown_s.other")}};
}

template <class Json>
Json exposed_json(const ExposedComm& e) {
  return {{"tp", number<Json>(e.tp, "exposed_comm_by_dim_s.tp")},
          {"pp", number<Json>(e.pp, "exposed_comm_by_dim_s.pp")},
          {"dp", number<Json>(e.dp, "exposed_comm_by_dim_s.dp")},
          {"cp", number<Json>(e.cp, "exposed_comm_by_dim_s.cp")},
          {"ep", number<Json>(e.ep, "exposed_comm_by_dim_s.ep")}};
}

template <class Json>
Json comm_volume_json(const CommVolume& v) {
  return {{"tp", byte_count<Json>(v.tp, "comm_volume_bytes_per_gpu.tp")},
          {"pp", byte_count<Json>(v.pp, "comm_volume_bytes_per_gpu.pp")},
          {"dp", byte_count<Json>(v.dp, "comm_volume_bytes_per_gpu.dp")},
          {"cp", byte_count<Json>(v.cp, "comm_volume_bytes_per_gpu.cp")},
          {"ep", byte_count<Json>(v.ep, "comm_volume_bytes_per_gpu.ep")}};
}

template <class Json>
Json memory_json(const MemoryUse& m) {
  return {{"weights", byte_count<Json>(m.weights, "memory_per_gpu_bytes.weights")},
          {"gradients", byte_count<Json>(m.gradients, "memory_per_gpu_bytes.gradients")},
          {"optimizer", byte_count<Json>(m.optimizer, "memory_per_gpu_bytes.optimizer")},
          {"activations", byte_count<Json>(m.activations, "memory_per_gpu_bytes.activations")},
          {"cuda_context", byte_count<Json>(m.cuda_context, "memory_per_gpu_bytes.cuda_context")},
          {"comm_buffers", byte_count<Json>(m.comm_buffers, "memory_per_gpu_bytes.comm_buffers")},
          {"total", byte_count<Json>(m.total, "memory_per_gpu_bytes.total")},
          {"host", byte_count<Json>(m.host, "memory_per_gpu_bytes.host")},
          {"total_range",
           {byte_count<Json>(m.total_low, "memory_per_gpu_bytes.total_range"),
            byte_count<Json>(m.total_high, "memory_per_gpu_bytes.total_range")}},
          {"capacity", byte_count<Json>(m.capacity, "memory_per_gpu_bytes.capacity")}};
}

template <class Json>
Json range_json(const std::optional<ErrorBand>& b) {
  if (!b) return nullptr;
  return {number<Json>(b->low_s, "iteration_time_s_range"),
          number<Json>(b->high_s, "iteration_time_s_range")};
}

template <class Json>
Json band_json(const std::optional<ErrorBand>& b) {
  if (!b) return nullptr;
  Json j;
  j["class"] = b->error_class;
  j["basis"] = b->basis;
  j["half_width"] = number<Json>(b->half_width, "error_band.half_width");
  return j;
}

// Keys in the order of the contract (ordered_json) or sorted (Json).
template <class Json>
Json failures_json(const FailureFigures& f) {
  Json by_cause = Json::object();
  for (const auto& [cause, count] : f.interruptions_by_cause) {
    by_cause[to_string(cause)] = number_or_null<Json>(count, "failures.interruptions_by_cause");
  }
  Json j;
  j["cluster_mtbf_s"] = number<Json>(f.cluster_mtbf_s, "failures.cluster_mtbf_s");
  j["interruptions_by_cause"] = by_cause;
  j["checkpoint_bytes"] = byte_count<Json>(f.checkpoint_bytes, "failures.checkpoint_bytes");
  j["checkpoint_write_s"] = number<Json>(f.checkpoint_write_s, "failures.checkpoint_write_s");
  j["checkpoint_blocking_s"] =
      number<Json>(f.checkpoint_blocking_s, "failures.checkpoint_blocking_s");
  j["checkpoint_read_s"] = number<Json>(f.checkpoint_read_s, "failures.checkpoint_read_s");
  j["checkpoint_interval_s"] =
      number<Json>(f.checkpoint_interval_s, "failures.checkpoint_interval_s");
  return j;
}

template <class Json>
Json monte_carlo_json(const MonteCarloFigures& m) {
  Json j;
  j["runs"] = m.runs;
  j["seed"] = m.seed;
  if (m.runs == 0) {
    j["not_run"] = m.why_not;
    return j;
  }
  j["mean_time_s"] = number<Json>(m.mean_time_s, "monte_carlo.mean_time_s");
  j["stderr_time_s"] = number<Json>(m.stderr_time_s, "monte_carlo.stderr_time_s");
  j["ettr"] = number<Json>(m.ettr, "monte_carlo.ettr");
  j["mean_interruptions"] = number<Json>(m.mean_interruptions, "monte_carlo.mean_interruptions");
  const Histogram& h = m.ettr_histogram;
  Json histogram;
  histogram["low"] = number<Json>(h.low, "monte_carlo.ettr_histogram.low");
  histogram["high"] = number<Json>(h.high, "monte_carlo.ettr_histogram.high");
  histogram["counts"] = h.counts;
  j["ettr_histogram"] = std::move(histogram);
  return j;
}

template <class Json>
Json data_sync_json(const DataSyncFigures& f) {
  Json j;
  j["mode"] = f.mode;
  j["worker_nodes"] = f.worker_nodes;
  j["counted_nodes"] = f.counted_nodes;
  j["gpus_paid"] = f.gpus_paid;
  j["servers"] = f.servers;
  j["server_placement"] = f.server_placement;
  j["grad_bytes_per_worker"] = byte_count<Json>(f.grad_bytes, "data_sync.grad_bytes_per_worker");
  j["worker_nic_bytes"] = byte_count<Json>(f.worker_nic_bytes, "data_sync.worker_nic_bytes");
  j["server_nic_bytes"] = byte_count<Json>(f.server_nic_bytes, "data_sync.server_nic_bytes");
  j["worker_nic_busy"] = number<Json>(f.worker_nic_busy, "data_sync.worker_nic_busy");
  j["server_nic_busy"] = number<Json>(f.server_nic_busy, "data_sync.server_nic_busy");
  j["bottleneck"] = f.bottleneck;
  j["spread_stretch"] = number<Json>(f.spread_stretch, "data_sync.spread_stretch");
  j["noise_stretch"] = number<Json>(f.noise_stretch, "data_sync.noise_stretch");
  j["slow_stretch"] = number<Json>(f.slow_stretch, "data_sync.slow_stretch");
  j["slow_step_probability"] =
      number<Json>(f.slow_step_probability, "data_sync.slow_step_probability");
  if (f.has_staleness) {
    Json st;
    st["mean"] = number<Json>(f.staleness_mean, "data_sync.staleness.mean");
    st["p50"] = number<Json>(f.staleness_p50, "data_sync.staleness.p50");
    st["p90"] = number<Json>(f.staleness_p90, "data_sync.staleness.p90");
    st["max"] = number<Json>(f.staleness_max, "data_sync.staleness.max");
    j["staleness"] = st;
  } else {
    j["staleness"] = nullptr;
  }
  return j;
}

template <class Json>
Json result_json(const RunResult& r) {
  Json j;
  j["schema"] = r.schema;
  j["scenario"] = r.scenario;
  j["engine"] = r.engine;
  j["num_gpus"] = r.num_gpus;
  j["iteration_time_s"] = number<Json>(r.iteration_time_s, "iteration_time_s");
  j["iteration_time_s_range"] = range_json<Json>(r.error_band);
  j["error_band"] = band_json<Json>(r.error_band);
  j["tokens_per_s"] = number<Json>(r.tokens_per_s, "tokens_per_s");
  j["samples_per_s"] = number<Json>(r.samples_per_s, "samples_per_s");
  j["model_flops_per_iteration"] =
      number<Json>(r.model_flops_per_iteration, "model_flops_per_iteration");
  j["hardware_flops_per_iteration"] =
      number<Json>(r.hardware_flops_per_iteration, "hardware_flops_per_iteration");
  j["model_tflops_per_gpu"] = number<Json>(r.model_tflops_per_gpu, "model_tflops_per_gpu");
  j["hardware_tflops_per_gpu"] = number<Json>(r.hardware_tflops_per_gpu, "hardware_tflops_per_gpu");
  j["mfu"] = number<Json>(r.mfu, "mfu");
  j["hfu"] = number<Json>(r.hfu, "hfu");
  j["breakdown_s"] = breakdown_json<Json>(r.breakdown_s);
  j["exposed_comm_by_dim_s"] = exposed_json<Json>(r.exposed_comm_by_dim_s);
  j["compute_beside_comm_s"] = number<Json>(r.compute_beside_comm_s, "compute_beside_comm_s");
  j["comm_volume_bytes_per_gpu"] = comm_volume_json<Json>(r.comm_volume_bytes_per_gpu);
  j["memory_per_gpu_bytes"] = memory_json<Json>(r.memory_per_gpu_bytes);
  j["fits_in_memory"] = r.fits_in_memory;
  j["memory_verdict"] = to_string(r.memory_verdict);
  j["time_to_train_s"] = number<Json>(r.time_to_train_s, "time_to_train_s");
  j["gpu_hours"] = number<Json>(r.gpu_hours, "gpu_hours");
  j["cost_usd"] = number<Json>(r.cost_usd, "cost_usd");
  j["expected_time_to_train_with_failures_s"] = number_or_null<Json>(
      r.expected_time_to_train_with_failures_s, "expected_time_to_train_with_failures_s");
  j["optimal_checkpoint_interval_s"] =
      number<Json>(r.optimal_checkpoint_interval_s, "optimal_checkpoint_interval_s");
  j["expected_interruptions"] =
      number_or_null<Json>(r.failures.expected_interruptions, "expected_interruptions");
  j["ettr"] = number<Json>(r.failures.ettr, "ettr");
  const MonteCarloFigures* mc =
      r.monte_carlo && r.monte_carlo->runs > 0 ? &*r.monte_carlo : nullptr;
  const auto mc_figure = [&](double MonteCarloFigures::*field, const char* name) {
    return mc != nullptr ? number<Json>(mc->*field, name) : Json(nullptr);
  };
  j["time_to_train_p50_s"] = mc_figure(&MonteCarloFigures::p50_time_s, "time_to_train_p50_s");
  j["time_to_train_p90_s"] = mc_figure(&MonteCarloFigures::p90_time_s, "time_to_train_p90_s");
  j["cost_p50_usd"] = mc_figure(&MonteCarloFigures::p50_cost_usd, "cost_p50_usd");
  j["cost_p90_usd"] = mc_figure(&MonteCarloFigures::p90_cost_usd, "cost_p90_usd");
  j["failures"] = failures_json<Json>(r.failures);
  j["monte_carlo"] = r.monte_carlo ? monte_carlo_json<Json>(*r.monte_carlo) : Json(nullptr);
  if (r.data_sync) j["data_sync"] = data_sync_json<Json>(*r.data_sync);
  j["warnings"] = r.warnings;
  if (!r.engine_reductions.empty()) j["engine_reductions"] = r.engine_reductions;
  return j;
}

}  // namespace

nlohmann::json to_json(const RunResult& r) {
  return result_json<nlohmann::json>(r);
}

nlohmann::ordered_json to_ordered_json(const RunResult& r) {
  return result_json<nlohmann::ordered_json>(r);
}

}  // namespace wt
