#pragma once
// A plan file (docs/planner.md): a scenario whose fields may be lists or ranges of alternatives,
// plus a top-level "plan" block of constraints, prices and failure assumptions.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "planner/prices/prices.hpp"
#include "sim/report/train_cost.hpp"

namespace wt {

// One varied field: its dotted JSON path and its alternatives, in the order the file gives them.
// `field` axes (a plain scenario field) are applied to a parsed Scenario directly; `document` axes
// (model.preset, the network topology, whole objects, ...) re-read the scenario document.
enum class AxisKind { field, document };

struct Axis {
  std::string path;
  AxisKind kind = AxisKind::field;
  std::vector<nlohmann::json> values;
};

// What the recommendation optimises; the default follows the constraints given.
enum class Objective { cheapest_within_deadline, fastest_within_budget, fastest, cheapest };
const char* to_string(Objective o);

// What the ranked list compares (plan.rank_by): the closed-form expectation of time and cost, or
// the P90 of a Monte Carlo of the whole run for the first `candidates` of the closed-form ranking.
enum class RankBy { expected, p90 };
const char* to_string(RankBy r);

struct PlanMonteCarlo {
  RankBy rank_by = RankBy::expected;
  int runs = 200;       // per candidate, from the scenario's reliability.seed
  int candidates = 10;  // the ranked list keeps at least this many for the Monte Carlo
};

struct PlanConstraints {
  double deadline_days = 0.0;  // 0 = none
  double budget_usd = 0.0;     // 0 = none
  int max_gpus = 0;            // 0 = none
};

struct PlanSpec {
  std::string name;
  std::string base_dir = ".";  // relative paths in the file resolve here
  // The scenario part of the file: every axis replaced by its first value, "plan" removed.
  nlohmann::json template_doc;
  std::vector<Axis> axes;  // document axes first, then field axes, each in file order
  PlanConstraints constraints;
  Objective objective = Objective::fastest;
  PlanMonteCarlo monte_carlo;
  PriceRequest prices;
  SpotPreemption spot;
  uint64_t combinations = 1;  // product of the axis sizes
  std::string fingerprint;    // of the canonical plan: shards of one plan carry the same
};

// Reads a plan file; every error is an InputError naming the JSON path, the value and what is
// allowed (paths inside a list carry the index: "parallel.tensor[2]").
PlanSpec load_plan_file(const std::string& path);

// A plan-like file's JSON, its folder (relative paths resolve there) and its stem (the default
// name); `what` names the file in the error when it cannot be read ("the plan file").
struct PlanFileText {
  nlohmann::json doc;
  std::string base_dir;
  std::string stem;
};
PlanFileText read_plan_file_json(const std::string& path, const std::string& what);
// Rethrows `e`, raised while reading alternative i of the axis at `axis_path`, at "axis_path[i]".
[[noreturn]] void rethrow_at_alternative(const InputError& e, const std::string& axis_path,
                                         size_t i);
PlanSpec parse_plan(const nlohmann::json& doc, const std::string& base_dir,
                    const std::string& default_name);

}  // namespace wt
