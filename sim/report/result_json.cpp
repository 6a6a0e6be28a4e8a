#include "sim/report/result_json.hpp"

#include <cmath>
#include <cstdint>

namespace wt {
namespace {

// JSON has no infinity or NaN: a non-finite figure is written as null.
template <class Json>
Json number(double v) {
  return std::isfinite(v) ? Json(v) : Json(nullptr);
}

template <class Json>
Json byte_count(double bytes) {
  return std::isfinite(bytes) ? Json(static_cast<int64_t>(std::llround(bytes))) : Json(nullptr);
}

template <class Json>
Json breakdown_json(const Breakdown& b) {
  return {{"compute", number<Json>(b.compute)},
          {"exposed_comm", number<Json>(b.exposed_comm)},
          {"pipeline_bubble", number<Json>(b.pipeline_bubble)},
          {"optimizer", number<Json>(b.optimizer)},
          {"other", number<Json>(b.other)}};
}

template <class Json>
Json exposed_json(const ExposedComm& e) {
  return {{"tp", number<Json>(e.tp)},
          {"pp", number<Json>(e.pp)},
          {"dp", number<Json>(e.dp)},
          {"cp", number<Json>(e.cp)},
          {"ep", number<Json>(e.ep)}};
}

template <class Json>
Json comm_volume_json(const CommVolume& v) {
  return {{"tp", byte_count<Json>(v.tp)},
          {"pp", byte_count<Json>(v.pp)},
          {"dp", byte_count<Json>(v.dp)},
          {"cp", byte_count<Json>(v.cp)},
          {"ep", byte_count<Json>(v.ep)}};
}

template <class Json>
Json memory_json(const MemoryUse& m) {
  return {{"weights", byte_count<Json>(m.weights)},
          {"gradients", byte_count<Json>(m.gradients)},
          {"optimizer", byte_count<Json>(m.optimizer)},
          {"activations", byte_count<Json>(m.activations)},
          {"total", byte_count<Json>(m.total)},
          {"capacity", byte_count<Json>(m.capacity)}};
}

// Keys in the order of the contract (ordered_json) or sorted (Json).
template <class Json>
Json result_json(const RunResult& r) {
  Json j;
  j["schema"] = r.schema;
  j["scenario"] = r.scenario;
  j["engine"] = r.engine;
  j["num_gpus"] = r.num_gpus;
  j["iteration_time_s"] = number<Json>(r.iteration_time_s);
  j["tokens_per_s"] = number<Json>(r.tokens_per_s);
  j["samples_per_s"] = number<Json>(r.samples_per_s);
  j["model_flops_per_iteration"] = number<Json>(r.model_flops_per_iteration);
  j["hardware_flops_per_iteration"] = number<Json>(r.hardware_flops_per_iteration);
  j["model_tflops_per_gpu"] = number<Json>(r.model_tflops_per_gpu);
  j["hardware_tflops_per_gpu"] = number<Json>(r.hardware_tflops_per_gpu);
  j["mfu"] = number<Json>(r.mfu);
  j["hfu"] = number<Json>(r.hfu);
  j["breakdown_s"] = breakdown_json<Json>(r.breakdown_s);
  j["exposed_comm_by_dim_s"] = exposed_json<Json>(r.exposed_comm_by_dim_s);
  j["comm_volume_bytes_per_gpu"] = comm_volume_json<Json>(r.comm_volume_bytes_per_gpu);
  j["memory_per_gpu_bytes"] = memory_json<Json>(r.memory_per_gpu_bytes);
  j["fits_in_memory"] = r.fits_in_memory;
  j["time_to_train_s"] = number<Json>(r.time_to_train_s);
  j["gpu_hours"] = number<Json>(r.gpu_hours);
  j["cost_usd"] = number<Json>(r.cost_usd);
  j["expected_time_to_train_with_failures_s"] =
      number<Json>(r.expected_time_to_train_with_failures_s);
  j["optimal_checkpoint_interval_s"] = number<Json>(r.optimal_checkpoint_interval_s);
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
