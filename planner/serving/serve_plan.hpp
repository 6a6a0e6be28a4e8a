#pragma once
// A serve-plan file (docs/serving.md, "serve-plan"): a serving scenario whose deployment fields may
// be lists or ranges of alternatives (the training plan's convention, planner/search/plan_axes.hpp)
// plus a top-level "serve_plan" block: prices, the replica limits of the autoscaler and the cold
// start of a replica scaled up from zero.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/prices/prices.hpp"
#include "planner/search/plan_spec.hpp"

namespace wt {

struct ServePlanSpec {
  std::string name;
  std::string base_dir = ".";
  nlohmann::json template_doc;  // every axis at its first value, "serve_plan" removed
  std::vector<Axis> axes;       // cluster.* and serving.* deployment fields only
  uint64_t combinations = 1;
  PriceRequest prices;
  int min_replicas = 1;  // 0: an hour without traffic scales to zero
  int max_replicas = 64;
  double cold_start_s = 0.0;  // required when min_replicas is 0
};

// Every error is an InputError naming the JSON path ("serving.tensor[2]",
// "serve_plan.prices.h100").
ServePlanSpec parse_serve_plan(const nlohmann::json& doc, const std::string& base_dir,
                               const std::string& default_name);
// `overrides` are "dotted.path=value" strings (--set), applied to the file before it is read; a
// value may be a list of alternatives (--set 'serving.tensor=[1,2]').
ServePlanSpec load_serve_plan_file(const std::string& path,
                                   const std::vector<std::string>& overrides = {});

}  // namespace wt
