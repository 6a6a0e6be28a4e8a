#include "planner/sweep/sweep_report.hpp"
#include "sim/report/result_json.hpp"
#include "sim/scenario/json_text.hpp"

namespace wt {
namespace {

using Json = nlohmann::ordered_json;

// A --vary value as JSON, read the way --set reads it: JSON when it parses, else a string.
// The bounded reader checks it first: a value nested too deep is never built (dumping it would
// recurse once per level); the ordered value is read only from text that passed.
Json value_json(const std::string& text) {
  try {
    (void)parse_json_text(text, "");
  } catch (const InputError&) {
    return Json(text);
  }
  return Json::parse(text);
}

Json axes_json(const std::vector<SweepAxis>& axes) {
  Json out = Json::array();
  for (const SweepAxis& a : axes) {
    Json values = Json::array();
    for (const std::string& v : a.values)
      values.push_back(value_json(v));
    out.push_back({{"path", a.path}, {"values", values}});
  }
  return out;
}

Json point_json(const SweepResult& sweep, const SweepPoint& p) {
  Json values = Json::object();
  for (size_t a = 0; a < sweep.axes.size(); ++a) {
    values[sweep.axes[a].path] = value_json(p.values[a]);
  }
  Json out = {{"values", values}, {"ok", p.ran}, {"error", nullptr}};
  if (!p.ran) {
    out["error"] = p.error;
    return out;
  }
  const RunResult& r = p.result;
  const Json result = to_ordered_json(r);
  out["num_gpus"] = r.num_gpus;
  out["iteration_time_s"] = result["iteration_time_s"];
  out["tokens_per_s"] = result["tokens_per_s"];
  out["tokens_per_s_per_gpu"] = p.tokens_per_s_per_gpu;
  out["speedup"] = p.speedup;
  out["scaling_efficiency"] = p.scaling_efficiency;
  out["mfu"] = result["mfu"];
  out["fits_in_memory"] = r.fits_in_memory;
  out["memory_per_gpu_bytes"] = result["memory_per_gpu_bytes"]["total"];
  out["time_to_train_s"] = result["time_to_train_s"];
  out["cost_usd"] = result["cost_usd"];
  out["result"] = result;
  return out;
}

}  // namespace

nlohmann::ordered_json sweep_json(const SweepResult& sweep) {
  Json out;
  out["schema"] = 1;
  out["scenario"] = sweep.scenario;
  out["model"] = sweep.model;
  out["axes"] = axes_json(sweep.axes);
  out["reference_point"] = sweep.reference >= 0 ? Json(sweep.reference) : Json(nullptr);
  out["data_parallel_derived"] = sweep.data_parallel_derived;
  Json points = Json::array();
  for (const SweepPoint& p : sweep.points)
    points.push_back(point_json(sweep, p));
  out["points"] = points;
  return out;
}

}  // namespace wt
