#include <algorithm>
#include <filesystem>
#include <optional>

#include "core/error.hpp"
#include "planner/sweep/sweep.hpp"
#include "sim/report/headline.hpp"
#include "sim/run.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

using nlohmann::json;

std::string path_of(const std::string& assignment) {
  return assignment.substr(0, assignment.find('='));
}

bool axes_name(const SweepRequest& r, const std::string& path) {
  return std::any_of(r.axes.begin(), r.axes.end(),
                     [&](const SweepAxis& a) { return a.path == path; });
}

bool sets_name(const SweepRequest& r, const std::string& path) {
  return std::any_of(r.sets.begin(), r.sets.end(),
                     [&](const std::string& s) { return path_of(s) == path; });
}

// Varying the GPU count with parallel.data pinned in the file would make every other point invalid:
// the pinned value is dropped so that validation derives it, unless the sweep names it.
bool drop_pinned_data(json& doc, const SweepRequest& r) {
  const bool gpus_vary = axes_name(r, "cluster.num_nodes") || axes_name(r, "cluster.gpus_per_node");
  if (!gpus_vary || axes_name(r, "parallel.data") || sets_name(r, "parallel.data")) return false;
  const auto parallel = doc.find("parallel");
  if (parallel == doc.end() || !parallel->is_object()) return false;
  return parallel->erase("data") > 0;
}

json read_document(const std::string& path) {
  const std::optional<std::string> text = read_text_file(path);
  if (!text) throw InputError(path, "cannot read the scenario file", "", "an existing JSON file");
  json doc = parse_json_text(*text, path);
  if (!doc.is_object()) throw InputError(path, "the scenario must be a JSON object");
  return doc;
}

std::vector<std::string> point_overrides(const SweepRequest& r,
                                         const std::vector<std::string>& values) {
  std::vector<std::string> overrides = r.sets;
  for (size_t i = 0; i < values.size(); ++i)
    overrides.push_back(r.axes[i].path + "=" + values[i]);
  return overrides;
}

struct PointRun {
  SweepPoint point;
  std::string model;  // display name, when the scenario parsed
};

PointRun run_point(const json& doc, const SweepRequest& r, const std::vector<std::string>& values,
                   const std::string& base_dir) {
  PointRun out;
  out.point.values = values;
  try {
    const Scenario s = parse_scenario(doc, point_overrides(r, values), base_dir);
    out.model = model_display_name(s);
    out.point.result = run_scenario(s).result;
    out.point.ran = true;
  } catch (const InputError& e) {
    out.point.error = e.what();
  }
  return out;
}

}  // namespace

SweepResult run_sweep(const SweepRequest& request, const SweepProgress& progress) {
  if (request.axes.empty()) {
    throw InputError("--vary", "a sweep needs at least one --vary", "", "path=v1,v2,...");
  }
  const std::filesystem::path file(request.scenario_path);
  json doc;
  std::string base_dir = request.base_dir;
  if (request.document) {
    doc = *request.document;
    if (!doc.is_object()) throw InputError("scenario", "the scenario must be a JSON object");
  } else {
    doc = read_document(request.scenario_path);
    base_dir = file.has_parent_path() ? file.parent_path().string() : ".";
  }
  SweepResult result;
  result.axes = request.axes;
  result.data_parallel_derived = drop_pinned_data(doc, request);
  const auto name = doc.find("name");
  result.scenario =
      name != doc.end() && name->is_string() ? name->get<std::string>() : file.stem().string();
  // The name and every --vary value are written into JSON output, which must be UTF-8.
  require_utf8(result.scenario, request.scenario_path,
               "the file name (the scenario's name, as it gives none)",
               "a \"name\" in the file, or a UTF-8 file name");
  for (const SweepAxis& axis : request.axes) {
    for (const std::string& value : axis.values)
      require_utf8(axis.path + "=" + value, "--vary", "the value", "UTF-8 text");
  }
  const auto grid = sweep_grid(request.axes);
  for (const std::vector<std::string>& values : grid) {
    PointRun run = run_point(doc, request, values, base_dir);
    if (result.model.empty()) result.model = run.model;
    result.points.push_back(std::move(run.point));
    if (progress) progress(result.points.size(), grid.size());
  }
  if (result.model.empty()) result.model = result.scenario;
  result.reference = reference_point(result.points);
  apply_scaling(result.points, result.reference);
  return result;
}

}  // namespace wt
