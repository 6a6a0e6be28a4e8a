#include "planner/search/plan_block.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/json_text.hpp"
#include "sim/scenario/text_util.hpp"

namespace wt {
namespace {

using nlohmann::json;

const std::vector<std::string> kKeys = {"deadline_days",
                                        "budget_usd",
                                        "max_gpus",
                                        "objective",
                                        "provider",
                                        "spot",
                                        "prices",
                                        "spot_node_mtbp_hours",
                                        "rank_by",
                                        "monte_carlo_runs",
                                        "monte_carlo_candidates"};

double positive_number(const json& v, const std::string& path, const std::string& unit) {
  if (!v.is_number() || !(v.get<double>() > 0.0)) {
    throw InputError(path, "must be a positive number", value_text(v), "> 0 (" + unit + ")");
  }
  return v.get<double>();
}

Objective read_objective(const json& v) {
  for (Objective o : {Objective::cheapest_within_deadline, Objective::fastest_within_budget,
                      Objective::fastest, Objective::cheapest}) {
    if (v.is_string() && v.get<std::string>() == to_string(o)) return o;
  }
  throw InputError("plan.objective", "unknown objective", value_text(v),
                   "cheapest_within_deadline, fastest_within_budget, fastest, cheapest");
}

RankBy read_rank_by(const json& v) {
  for (RankBy r : {RankBy::expected, RankBy::p90}) {
    if (v.is_string() && v.get<std::string>() == to_string(r)) return r;
  }
  throw InputError("plan.rank_by", "unknown ranking", value_text(v), "expected, p90");
}

int whole_number(const json& v, const std::string& path, int most, const std::string& unit) {
  if (!v.is_number_integer() || v.get<int64_t>() < 1 || v.get<int64_t>() > most) {
    throw InputError(path, "must be a whole number of " + unit, value_text(v),
                     "1 .. " + std::to_string(most));
  }
  return v.get<int>();
}

std::string read_provider(const json& v) {
  std::vector<std::string> names = price_providers();
  names.insert(names.begin(), "any");
  const std::string text = v.is_string() ? v.get<std::string>() : "";
  if (std::find(names.begin(), names.end(), text) == names.end()) {
    throw InputError("plan.provider", "unknown provider" + did_you_mean(text, names), value_text(v),
                     join(names));
  }
  return text;
}

UserPrice read_user_price(const json& v, const std::string& path) {
  if (v.is_number()) return {positive_number(v, path, "$/GPU-hour"), 0.0};
  if (!v.is_object()) {
    throw InputError(path, "must be a price or an object", value_text(v),
                     "$/GPU-hour, or {\"on_demand\": $/GPU-hour, \"spot\": $/GPU-hour}");
  }
  UserPrice p;
  for (const auto& item : v.items()) {
    const std::string key_path = path + "." + item.key();
    if (item.key() == "on_demand") {
      p.on_demand_usd_per_gpu_hour = positive_number(item.value(), key_path, "$/GPU-hour");
    } else if (item.key() == "spot") {
      p.spot_usd_per_gpu_hour = positive_number(item.value(), key_path, "$/GPU-hour");
    } else {
      throw InputError(key_path, "unknown key", "", "on_demand, spot");
    }
  }
  return p;
}

void read_prices(const json& v, PriceRequest& r) {
  if (!v.is_object()) {
    throw InputError("plan.prices", "must be an object of GPU → price", value_text(v),
                     "{\"h100\": 2.5} or {\"h100\": {\"on_demand\": 2.5, \"spot\": 1.2}}");
  }
  for (const auto& item : v.items()) {
    const std::string path = "plan.prices." + item.key();
    const GpuSpec* gpu = find_gpu(item.key());
    if (gpu == nullptr) throw InputError(path, "unknown GPU", in_quotes(item.key()), gpu_ids());
    r.user[gpu->id] = read_user_price(item.value(), path);
  }
}

void read_key(const std::string& key, const json& v, PlanSpec& spec) {
  const std::string path = "plan." + key;
  if (key == "deadline_days") spec.constraints.deadline_days = positive_number(v, path, "days");
  if (key == "budget_usd") spec.constraints.budget_usd = positive_number(v, path, "US dollars");
  if (key == "max_gpus") spec.constraints.max_gpus = whole_number(v, path, 10'000'000, "GPUs");
  if (key == "rank_by") spec.monte_carlo.rank_by = read_rank_by(v);
  if (key == "monte_carlo_runs") spec.monte_carlo.runs = whole_number(v, path, 100'000, "runs");
  if (key == "monte_carlo_candidates") {
    spec.monte_carlo.candidates = whole_number(v, path, 1000, "candidates");
  }
  if (key == "objective") spec.objective = read_objective(v);
  if (key == "provider") spec.prices.provider = read_provider(v);
  if (key == "spot") {
    if (!v.is_boolean())
      throw InputError(path, "must be true or false", value_text(v), "true, false");
    spec.prices.spot = v.get<bool>();
  }
  if (key == "prices") read_prices(v, spec.prices);
  if (key == "spot_node_mtbp_hours") spec.spot.node_mtbp_hours = positive_number(v, path, "hours");
}

Objective default_objective(const PlanConstraints& c) {
  if (c.deadline_days > 0.0) return Objective::cheapest_within_deadline;
  if (c.budget_usd > 0.0) return Objective::fastest_within_budget;
  return Objective::fastest;
}

}  // namespace

void read_plan_block(const json& block, bool template_spot, PlanSpec& spec) {
  spec.prices.spot = template_spot;
  if (block.is_null()) {
    spec.objective = default_objective(spec.constraints);
    return;
  }
  if (!block.is_object()) {
    throw InputError("plan", "must be an object", value_text(block),
                     "an object with keys " + join(kKeys));
  }
  for (const auto& item : block.items()) {
    if (std::find(kKeys.begin(), kKeys.end(), item.key()) == kKeys.end()) {
      throw InputError("plan." + item.key(), "unknown key" + did_you_mean(item.key(), kKeys), "",
                       join(kKeys));
    }
  }
  spec.objective = default_objective(spec.constraints);
  for (const auto& item : block.items()) {
    read_key(item.key(), item.value(), spec);
  }
  if (!block.contains("objective")) spec.objective = default_objective(spec.constraints);
}

}  // namespace wt
