// serve-plan file → ServePlanSpec: the axes (lists and ranges, as in training plans), the
// serve_plan block, and a check of every alternative against the field table before any search.
#include <algorithm>

#include "core/error.hpp"
#include "planner/search/plan_axes.hpp"
#include "planner/search/plan_block.hpp"
#include "planner/search/plan_document.hpp"
#include "planner/serving/serve_plan.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/document_walk.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/scenario/text_util.hpp"
#include "sim/scenario/validate_rules.hpp"

namespace wt {
namespace {

using nlohmann::json;

const std::vector<std::string> kKeys = {"min_replicas", "max_replicas", "cold_start_s",
                                        "provider",     "spot",         "prices"};

// The planner chooses the replicas; the traffic, the SLOs and the simulation's length are the
// question, one per plan.
bool is_deployment_axis(const std::string& path) {
  static const std::vector<std::string> kFixed = {
      "serving.replicas",   "serving.traffic", "serving.slo",     "serving.num_requests",
      "serving.duration_s", "serving.seed",    "serving.enabled", "serving.encode"};
  for (const std::string& f : kFixed) {
    if (path == f || path.rfind(f + ".", 0) == 0) return false;
  }
  return path.rfind("serving.", 0) == 0 || path.rfind("cluster.", 0) == 0 || path == "calibration";
}

int whole_number(const json& v, const std::string& path, int lo, int hi) {
  if (!v.is_number_integer() || v.get<int64_t>() < lo || v.get<int64_t>() > hi) {
    throw InputError(path, "must be a whole number in range", value_text(v),
                     std::to_string(lo) + " .. " + std::to_string(hi));
  }
  return v.get<int>();
}

// provider, spot and prices as the training plan block reads them (plan_block.cpp), with their
// paths under serve_plan.
void read_prices(const json& block, ServePlanSpec& spec) {
  json plan = json::object();
  for (const char* key : {"provider", "spot", "prices"}) {
    if (block.contains(key)) plan[key] = block[key];
  }
  PlanSpec p;
  try {
    read_plan_block(plan, false, p);
  } catch (const InputError& e) {
    std::string path = e.path();
    if (path.rfind("plan", 0) == 0) path = "serve_plan" + path.substr(4);
    throw InputError(path, e.problem(), e.value(), e.allowed());
  }
  spec.prices.provider = p.prices.provider;
  spec.prices.spot = p.prices.spot;
  spec.prices.user = p.prices.user;
}

void read_block(const json& block, ServePlanSpec& spec) {
  if (block.is_null()) return;
  if (!block.is_object()) {
    throw InputError("serve_plan", "must be an object", value_text(block),
                     "an object with keys " + join(kKeys));
  }
  for (const auto& item : block.items()) {
    if (std::find(kKeys.begin(), kKeys.end(), item.key()) == kKeys.end()) {
      throw InputError("serve_plan." + item.key(), "unknown key" + did_you_mean(item.key(), kKeys),
                       "", join(kKeys));
    }
  }
  if (block.contains("min_replicas")) {
    spec.min_replicas = whole_number(block["min_replicas"], "serve_plan.min_replicas", 0, 100'000);
  }
  if (block.contains("max_replicas")) {
    spec.max_replicas = whole_number(block["max_replicas"], "serve_plan.max_replicas", 1, 100'000);
  }
  if (spec.max_replicas < std::max(spec.min_replicas, 1)) {
    throw InputError("serve_plan.max_replicas", "must be at least serve_plan.min_replicas",
                     std::to_string(spec.max_replicas),
                     ">= " + std::to_string(std::max(spec.min_replicas, 1)));
  }
  if (block.contains("cold_start_s")) {
    const json& v = block["cold_start_s"];
    if (!v.is_number() || v.get<double>() < 0.0 || v.get<double>() > 86'400.0) {
      throw InputError("serve_plan.cold_start_s", "must be a number of seconds", value_text(v),
                       "0 .. 86400 (s)");
    }
    spec.cold_start_s = v.get<double>();
  }
  if (spec.min_replicas == 0 && !block.contains("cold_start_s")) {
    throw InputError("serve_plan.cold_start_s", "required when serve_plan.min_replicas is 0", "",
                     "the seconds a replica takes from zero to serving (load the weights, "
                     "capture the graphs), measured for your deployment");
  }
  read_prices(block, spec);
}

// Each alternative is read with the others at their first value, so that a wrong type or an
// out-of-range value names its place in the list (combinations are validated in the search).
void check_alternatives(const ServePlanSpec& spec) {
  const ReadContext ctx{spec.base_dir};
  {
    Scenario s;
    read_document(spec.template_doc, s, ctx);
    if (!spec.template_doc.contains("serving")) {
      throw InputError("serving", "missing: serve-plan needs a serving block", "",
                       "a serving block with the traffic and the SLOs (docs/serving.md)");
    }
    // An encoder's latency target is e2e_ms (ttft_ms is the same figure); no tpot_ms.
    check_encoder_slo(s.serving);
    const SloConfig& slo = s.serving.slo;
    if (slo.ttft_ms <= 0.0 && slo.tpot_ms <= 0.0 && slo.e2e_ms <= 0.0) {
      throw InputError("serving.slo", "serve-plan needs at least one latency target", "",
                       s.serving.encode ? "e2e_ms above 0 (an encoder's request latency)"
                                        : "ttft_ms, tpot_ms or e2e_ms above 0");
    }
  }
  for (const Axis& axis : spec.axes) {
    if (!is_deployment_axis(axis.path)) {
      throw InputError(axis.path, "cannot vary in a serve-plan", "a list of alternatives",
                       "lists only in cluster.*, calibration and the serving block's deployment "
                       "fields (not replicas, traffic, slo, num_requests, duration_s, seed)");
    }
    for (size_t i = 0; i < axis.values.size(); ++i) {
      try {
        json doc = spec.template_doc;
        set_at_path(doc, axis.path, axis.values[i]);
        Scenario s;
        read_document(doc, s, ctx);
        if (axis.path == "cluster.gpu") {
          const std::string name =
              axis.values[i].is_string() ? axis.values[i].get<std::string>() : "";
          if (find_gpu(name) == nullptr) {
            throw InputError("cluster.gpu", "unknown GPU", value_text(axis.values[i]), gpu_ids());
          }
        }
      } catch (const InputError& e) {
        rethrow_at_alternative(e, axis.path, i);
      }
    }
  }
}

}  // namespace

ServePlanSpec parse_serve_plan(const json& input, const std::string& base_dir,
                               const std::string& default_name) {
  if (!input.is_object()) {
    throw InputError("", "a serve-plan must be a JSON object", value_text(input),
                     "a serving scenario with lists of alternatives, and a \"serve_plan\" block");
  }
  ServePlanSpec spec;
  spec.base_dir = base_dir;
  json doc = input;
  const json block = doc.contains("serve_plan") ? doc["serve_plan"] : json();
  doc.erase("serve_plan");
  if (doc.contains("plan")) {
    throw InputError("plan", "a serve-plan takes a \"serve_plan\" block", "",
                     "serve_plan (min_replicas, max_replicas, cold_start_s, provider, spot, "
                     "prices); training plans go to windtunnel plan");
  }
  spec.axes = extract_axes(doc);
  read_block(block, spec);
  if (doc.contains("cost") && doc["cost"].is_object()) {
    const json& cost = doc["cost"];
    if (cost.contains("usd_per_gpu_hour") && cost["usd_per_gpu_hour"].is_number()) {
      spec.prices.flat_usd_per_gpu_hour = cost["usd_per_gpu_hour"].get<double>();
    }
    if (!block.is_object() || !block.contains("spot")) {
      spec.prices.spot =
          cost.contains("spot") && cost["spot"].is_boolean() && cost["spot"].get<bool>();
    }
  }
  spec.name = doc.contains("name") && doc["name"].is_string() ? doc["name"].get<std::string>()
                                                              : default_name;
  require_utf8(spec.name, "", "the file name (the plan's name, as it gives none)",
               "a \"name\" in the file, or a UTF-8 file name");
  spec.template_doc = std::move(doc);
  for (const Axis& a : spec.axes) {
    spec.combinations *= a.values.size();
    if (spec.combinations > 100'000) {
      throw InputError(a.path, "the serve-plan has more than 100,000 deployments", "",
                       "fewer alternatives");
    }
  }
  check_alternatives(spec);
  return spec;
}

ServePlanSpec load_serve_plan_file(const std::string& path,
                                   const std::vector<std::string>& overrides) {
  PlanFileText f = read_plan_file_json(path, "the serve-plan file");
  for (const std::string& o : overrides) {
    apply_override(f.doc, o);
  }
  try {
    return parse_serve_plan(f.doc, f.base_dir, f.stem);
  } catch (const InputError& e) {
    if (!e.path().empty()) throw;
    throw InputError(path, e.problem(), e.value(), e.allowed());
  }
}

}  // namespace wt
