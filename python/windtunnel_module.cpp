// The Python module `windtunnel` (docs/python.md): run, plan, sweep, validate and catalog return
// the object the command prints with --json, as Python dicts. Each calls the same library code as
// the CLI (planner/commands/, planner/sweep/, sim/validation/); the JSON text is read back with
// Python's json module, so the dict is `json.loads(windtunnel run --json)`.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/input_file.hpp"
#include "planner/commands/catalog_json.hpp"
#include "planner/commands/plan_answer.hpp"
#include "planner/commands/run_answer.hpp"
#include "planner/commands/validate_answer.hpp"
#include "planner/search/plan_spec.hpp"
#include "planner/search/search_budget.hpp"
#include "planner/sweep/sweep.hpp"
#include "planner/sweep/sweep_report.hpp"
#include "sim/engine/budget.hpp"
#include "sim/hardware/calibration_profile.hpp"
#include "sim/report/result_json.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/validation/validate.hpp"

namespace py = pybind11;

namespace wt::python {
namespace {

// A scenario, plan or dataset argument: a path (str or os.PathLike) or a dict (the document).
struct Source {
  std::string path;                        // set for a path
  std::optional<nlohmann::json> document;  // set for a dict
};

Source source_of(const py::object& arg, const std::string& argument) {
  if (py::isinstance<py::dict>(arg)) {
    const std::string text = py::module_::import("json").attr("dumps")(arg).cast<std::string>();
    return {"", parse_json_text(text, argument)};
  }
  const py::object os = py::module_::import("os");
  if (py::isinstance<py::str>(arg) || py::isinstance(arg, os.attr("PathLike"))) {
    const std::string path = os.attr("fspath")(arg).cast<std::string>();
    require_input_file(argument, path);
    return {path, std::nullopt};
  }
  throw InputError(argument, "neither a path nor a dict",
                   py::str(arg.get_type().attr("__name__")).cast<std::string>(),
                   "a path to a JSON file, or a dict");
}

// --set overrides: a dict {"parallel.tensor": 4} (each value written as JSON, as --set reads it)
// or a list of "parallel.tensor=4" strings.
std::vector<std::string> overrides_of(const py::object& sets) {
  std::vector<std::string> out;
  if (sets.is_none()) return out;
  if (py::isinstance<py::dict>(sets)) {
    const py::object dumps = py::module_::import("json").attr("dumps");
    for (const auto& [key, value] : sets.cast<py::dict>()) {
      out.push_back(py::str(key).cast<std::string>() + "=" + dumps(value).cast<std::string>());
    }
    return out;
  }
  if (py::isinstance<py::str>(sets)) return {sets.cast<std::string>()};
  return sets.cast<std::vector<std::string>>();
}

// The object as a Python dict (key order kept): json.loads of its text, as a script would read
// the CLI's output.
py::object to_python(const std::string& json_text) {
  return py::module_::import("json").attr("loads")(json_text);
}

std::string base_dir_of(const Source& s, const std::string& base_dir) {
  if (s.document) return base_dir;
  const std::filesystem::path file(s.path);
  return file.has_parent_path() ? file.parent_path().string() : ".";
}

// A note (no error-bands file) goes where the CLI prints it: stderr, via Python's warnings.
void warn(const std::string& note) {
  // -1: the warnings filter made it an error, which is then raised.
  if (!note.empty() && PyErr_WarnEx(PyExc_UserWarning, note.c_str(), 1) != 0) {
    throw py::error_already_set();
  }
}

py::object run(const py::object& scenario, const std::string& engine, const py::object& sets,
               const std::optional<std::string>& profile, const std::string& base_dir) {
  const Source source = source_of(scenario, "scenario");
  const std::vector<std::string> overrides = overrides_of(sets);
  const EngineKind kind = parse_engine_kind(engine, "engine");
  if (profile) require_input_file("profile", *profile);
  std::string bands_note;
  nlohmann::ordered_json answer;
  {
    const py::gil_scoped_release unlocked;
    Scenario s = source.document
                     ? parse_scenario(*source.document, overrides, base_dir_of(source, base_dir))
                     : load_scenario_file(source.path, overrides);
    if (profile) {
      read_profile(*profile);  // a profile that cannot be read is refused before the run
      s.calibration = *profile;
    }
    const std::optional<validation::ErrorBands> bands = validation::default_error_bands(bands_note);
    check_resources(estimate_resources(s, false, kind == EngineKind::simgrid), ResourceLimits{});
    answer = to_ordered_json(run_with_figures(s, kind, {}, bands).result);
  }
  warn(bands_note);
  return to_python(answer.dump());
}

py::object plan(const py::object& plan_file, int top, int jobs, int refine,
                const std::optional<double>& max_search_time_s, const std::string& base_dir) {
  const Source source = source_of(plan_file, "plan");
  if (top < 1 || top > 1000)
    throw InputError("top", "out of range", std::to_string(top), "1..1000");
  if (jobs < 0)
    throw InputError("jobs", "negative", std::to_string(jobs), "0 (one per CPU) or more");
  if (refine < 0) throw InputError("refine", "negative", std::to_string(refine), "0 or more");
  std::string bands_note;
  nlohmann::ordered_json answer;
  {
    const py::gil_scoped_release unlocked;
    const PlanSpec spec = source.document
                              ? parse_plan(*source.document, base_dir_of(source, base_dir), "plan")
                              : load_plan_file(source.path);
    const CandidateSpace space(spec);
    const PlanReport report = run_plan(space, plan_search_options(jobs, top, refine), refine,
                                       max_search_time_s.value_or(kDefaultMaxSearch_s), bands_note);
    answer = plan_json(space, report);
  }
  warn(bands_note);
  return to_python(answer.dump());
}

// vary: a dict {"cluster.num_nodes": [1, 2, 4]} (values written as JSON) or a list of
// "cluster.num_nodes=1,2,4" strings, as --vary.
std::vector<SweepAxis> axes_of(const py::object& vary) {
  std::vector<SweepAxis> axes;
  if (py::isinstance<py::dict>(vary)) {
    const py::object dumps = py::module_::import("json").attr("dumps");
    for (const auto& [key, values] : vary.cast<py::dict>()) {
      SweepAxis axis{py::str(key).cast<std::string>(), {}};
      for (const py::handle value : py::iter(values))
        axis.values.push_back(dumps(value).cast<std::string>());
      axes.push_back(std::move(axis));
    }
    return axes;
  }
  for (const std::string& option : overrides_of(vary))
    axes.push_back(parse_vary(option));
  return axes;
}

py::object sweep(const py::object& scenario, const py::object& vary, const py::object& sets,
                 const std::string& base_dir) {
  const Source source = source_of(scenario, "scenario");
  SweepRequest request;
  request.scenario_path = source.document ? "scenario" : source.path;
  request.document = source.document;
  request.base_dir = base_dir;
  request.sets = overrides_of(sets);
  request.axes = axes_of(vary);
  nlohmann::ordered_json answer;
  {
    const py::gil_scoped_release unlocked;
    answer = sweep_json(run_sweep(request));
  }
  return to_python(answer.dump());
}

py::object validate(const py::object& datasets, const py::object& sets) {
  std::vector<std::string> paths;
  if (py::isinstance<py::str>(datasets) || !py::isinstance<py::iterable>(datasets)) {
    paths.push_back(source_of(datasets, "datasets").path);
  } else {
    for (const py::handle d : py::iter(datasets))
      paths.push_back(source_of(py::reinterpret_borrow<py::object>(d), "datasets").path);
  }
  const std::vector<std::string> overrides = overrides_of(sets);
  require_scenario_field_assignments(overrides, "sets");
  nlohmann::json answer;
  {
    const py::gil_scoped_release unlocked;
    answer = to_json(validate_datasets(paths, overrides));
  }
  return to_python(answer.dump());
}

}  // namespace
}  // namespace wt::python

PYBIND11_MODULE(windtunnel, m) {
  using namespace wt::python;
  m.doc() =
      "Windtunnel: fly a distributed training job through a simulated GPU cluster. Each function "
      "returns the object the command of the same name prints with --json (docs/cli.md), as a "
      "dict; bad input raises windtunnel.Error with the JSON path (docs/python.md).";
  m.attr("__version__") = WT_VERSION;

  // windtunnel.Error(ValueError): str() is the message the CLI prints after "windtunnel: error: ";
  // .path, .problem, .value and .allowed are its parts (core/error.hpp).
  static py::exception<wt::InputError> error(m, "Error", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const wt::InputError& e) {
      py::object instance = py::handle(error.ptr())(e.what());
      instance.attr("path") = e.path();
      instance.attr("problem") = e.problem();
      instance.attr("value") = e.value();
      instance.attr("allowed") = e.allowed();
      PyErr_SetObject(error.ptr(), instance.ptr());
    }
  });

  m.def("run", &run, "The `windtunnel run --json` object of a scenario (a path or a dict).",
        py::arg("scenario"), py::kw_only(), py::arg("engine") = "analytical",
        py::arg("sets") = py::none(), py::arg("profile") = py::none(), py::arg("base_dir") = ".");
  m.def("plan", &plan, "The `windtunnel plan --json` object of a plan (a path or a dict).",
        py::arg("plan"), py::kw_only(), py::arg("top") = 5, py::arg("jobs") = 0,
        py::arg("refine") = 0, py::arg("max_search_time_s") = py::none(),
        py::arg("base_dir") = ".");
  m.def("sweep", &sweep,
        "The `windtunnel sweep --json` object: `vary` is {path: [values]} or a list of "
        "'path=v1,v2' strings.",
        py::arg("scenario"), py::kw_only(), py::arg("vary"), py::arg("sets") = py::none(),
        py::arg("base_dir") = ".");
  m.def("validate", &validate,
        "The `windtunnel validate --json` object of one or more published-runs files.",
        py::arg("datasets"), py::kw_only(), py::arg("sets") = py::none());
  m.def(
      "catalog", [] { return to_python(wt::catalog_json().dump()); },
      "The `windtunnel catalog --json` object: the built-in GPUs and model presets.");
}
