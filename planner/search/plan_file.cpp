// Plan file → PlanSpec: axes out of the scenario part, the plan block, defaults, and a check of
// every alternative against the scenario's field table before any search.
#include <filesystem>

#include "core/error.hpp"
#include "planner/search/plan_axes.hpp"
#include "planner/search/plan_block.hpp"
#include "planner/search/plan_document.hpp"
#include "planner/search/plan_spec.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/document_walk.hpp"
#include "sim/scenario/json_text.hpp"

namespace wt {
namespace {

using nlohmann::json;

constexpr uint64_t kMaxCombinations = uint64_t{1} << 40;

bool has_topology_axis(const std::vector<Axis>& axes) {
  for (const Axis& a : axes) {
    if (a.path == "cluster.network.topology" || a.path == "cluster.network" ||
        a.path == "cluster") {
      return true;
    }
  }
  return false;
}

// A GPU alternative must be a catalog id or alias (or a calibration profile, checked later).
void require_known_gpu(const json& value) {
  const std::string name = value.is_string() ? value.get<std::string>() : "";
  if (name.size() >= 5 && name.substr(name.size() - 5) == ".json") return;
  if (find_gpu(name) == nullptr) {
    throw InputError("cluster.gpu", "unknown GPU", value_text(value), gpu_ids());
  }
}

// Each alternative is read with the others at their first value, so a wrong type or an
// out-of-range value names its place in the list.
void check_alternatives(const PlanSpec& spec) {
  const ReadContext ctx{spec.base_dir};
  const bool strip = has_topology_axis(spec.axes);
  {
    json doc = spec.template_doc;  // the file's own mistakes first, with their own paths
    if (strip) keep_only_chosen_topology_block(doc);
    Scenario s;
    read_document(doc, s, ctx);
  }
  for (const Axis& axis : spec.axes) {
    for (size_t i = 0; i < axis.values.size(); ++i) {
      try {
        json doc = spec.template_doc;
        set_at_path(doc, axis.path, axis.values[i]);
        if (strip) keep_only_chosen_topology_block(doc);
        Scenario s;
        read_document(doc, s, ctx);
        if (axis.path == "cluster.gpu") require_known_gpu(axis.values[i]);
      } catch (const InputError& e) {
        rethrow_at_alternative(e, axis.path, i);
      }
    }
  }
}

uint64_t count_combinations(const std::vector<Axis>& axes) {
  uint64_t n = 1;
  for (const Axis& a : axes) {
    if (n > kMaxCombinations / a.values.size()) {
      throw InputError(a.path, "the plan has more than 2^40 combinations", "",
                       "fewer alternatives (split the search with --shard, or narrow the ranges)");
    }
    n *= a.values.size();
  }
  return n;
}

// FNV-1a of the canonical plan: equal for the shards of one plan, different for any edit.
std::string fingerprint_of(const json& canonical) {
  uint64_t h = 1469598103934665603ULL;
  for (const char c : canonical.dump()) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ULL;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

bool object_or_absent(const json& doc, const char* key) {
  const auto it = doc.find(key);
  return it == doc.end() || it->is_object();
}

// A section of the wrong type (found by fuzzing: "cost": "text") is left alone for the scenario
// parser, which reports it with its path.
void apply_defaults(json& doc, const PlanSpec& spec) {
  // Per-cause rates (reliability.failures) replace the single MTBF, so it is not filled in then.
  if (object_or_absent(doc, "reliability") &&
      (!doc.contains("reliability") || (!doc["reliability"].contains("gpu_mtbf_hours") &&
                                        !doc["reliability"].contains("failures")))) {
    doc["reliability"]["gpu_mtbf_hours"] = kLlama3GpuMtbfHours;
  }
  if (object_or_absent(doc, "cost")) doc["cost"]["spot"] = spec.prices.spot;
}

}  // namespace

const char* to_string(Objective o) {
  switch (o) {
    case Objective::cheapest_within_deadline:
      return "cheapest_within_deadline";
    case Objective::fastest_within_budget:
      return "fastest_within_budget";
    case Objective::fastest:
      return "fastest";
    case Objective::cheapest:
      break;
  }
  return "cheapest";
}

const char* to_string(RankBy r) {
  return r == RankBy::p90 ? "p90" : "expected";
}

PlanSpec parse_plan(const json& input, const std::string& base_dir,
                    const std::string& default_name) {
  if (!input.is_object()) {
    throw InputError("", "a plan must be a JSON object", value_text(input),
                     "a scenario object with lists or ranges, and a \"plan\" block");
  }
  PlanSpec spec;
  spec.base_dir = base_dir;
  json doc = input;
  const json block = doc.contains("plan") ? doc["plan"] : json();
  doc.erase("plan");
  const bool template_spot = doc.contains("cost") && doc["cost"].contains("spot") &&
                             doc["cost"]["spot"].is_boolean() && doc["cost"]["spot"].get<bool>();
  spec.axes = extract_axes(doc);
  read_plan_block(block, template_spot, spec);
  if (spec.objective == Objective::cheapest_within_deadline &&
      spec.constraints.deadline_days <= 0) {
    throw InputError("plan.objective", "needs plan.deadline_days", "\"cheapest_within_deadline\"",
                     "a deadline, or another objective");
  }
  if (spec.objective == Objective::fastest_within_budget && spec.constraints.budget_usd <= 0) {
    throw InputError("plan.objective", "needs plan.budget_usd", "\"fastest_within_budget\"",
                     "a budget, or another objective");
  }
  if (doc.contains("cost") && doc["cost"].contains("usd_per_gpu_hour") &&
      doc["cost"]["usd_per_gpu_hour"].is_number()) {
    spec.prices.flat_usd_per_gpu_hour = doc["cost"]["usd_per_gpu_hour"].get<double>();
  }
  apply_defaults(doc, spec);
  spec.name = doc.contains("name") && doc["name"].is_string() ? doc["name"].get<std::string>()
                                                              : default_name;
  // The name is written into JSON output, which must be UTF-8; "" names the file in errors.
  require_utf8(spec.name, "", "the file name (the plan's name, as it gives none)",
               "a \"name\" in the file, or a UTF-8 file name");
  spec.template_doc = std::move(doc);
  spec.combinations = count_combinations(spec.axes);  // before reading each alternative: cheap
  check_alternatives(spec);
  json axes = json::array();
  for (const Axis& a : spec.axes)
    axes.push_back({a.path, a.values});
  spec.fingerprint = fingerprint_of({spec.template_doc, axes, block});
  return spec;
}

void rethrow_at_alternative(const InputError& e, const std::string& axis_path, size_t i) {
  std::string problem = e.problem();
  if (!e.path().empty() && e.path() != axis_path) problem += " (at " + e.path() + ")";
  throw InputError(axis_path + "[" + std::to_string(i) + "]", problem, e.value(), e.allowed());
}

PlanFileText read_plan_file_json(const std::string& path, const std::string& what) {
  const std::optional<std::string> text = read_text_file(path);
  if (!text) throw InputError(path, "cannot read " + what, "", "an existing JSON file");
  const std::filesystem::path file(path);
  PlanFileText out;
  out.base_dir = file.has_parent_path() ? file.parent_path().string() : ".";
  out.stem = file.stem().string();
  try {
    out.doc = parse_json_text(*text, "");
  } catch (const InputError& e) {
    if (!e.path().empty()) throw;
    throw InputError(path, e.problem(), e.value(), e.allowed());
  }
  return out;
}

PlanSpec load_plan_file(const std::string& path) {
  PlanFileText f = read_plan_file_json(path, "the plan file");
  try {
    return parse_plan(f.doc, f.base_dir, f.stem);
  } catch (const InputError& e) {
    if (!e.path().empty()) throw;
    throw InputError(path, e.problem(), e.value(), e.allowed());
  }
}

}  // namespace wt
