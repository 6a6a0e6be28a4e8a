// The plan as one JSON object, and a shard's state as JSON (read back by shard_read.cpp).
#include "core/error.hpp"
#include "core/finite.hpp"
#include "core/units.hpp"
#include "planner/search/plan_report.hpp"
#include "sim/report/headline.hpp"

namespace wt {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

// Every figure is finite or the plan ends as an internal error naming it (core/finite.hpp):
// candidates whose expected time is infinite were pruned by the search, so none is legitimate.
double finite(double v, const Outcome& o, const char* name) {
  return require_finite(v, "candidate " + std::to_string(o.index) + " " + name);
}

ordered_json exposed_json(const Outcome& o) {
  const ExposedComm& e = o.exposed_fraction_by_dim;
  const char* const n = "exposed_comm_fraction_by_dim";
  return {{"tp", finite(e.tp, o, n)},
          {"pp", finite(e.pp, o, n)},
          {"dp", finite(e.dp, o, n)},
          {"cp", finite(e.cp, o, n)},
          {"ep", finite(e.ep, o, n)}};
}

// Every field of an Outcome: what a shard hands to the merge.
ordered_json outcome_json(const Outcome& o) {
  return {{"index", o.index},
          {"gpu", o.gpu},
          {"num_gpus", o.num_gpus},
          {"engine", o.engine},
          {"iteration_time_s", finite(o.iteration_time_s, o, "iteration_time_s")},
          {"analytical_iteration_time_s",
           finite(o.analytical_iteration_time_s, o, "analytical_iteration_time_s")},
          {"tokens_per_s", finite(o.tokens_per_s, o, "tokens_per_s")},
          {"mfu", finite(o.mfu, o, "mfu")},
          {"bubble_fraction", finite(o.bubble_fraction, o, "bubble_fraction")},
          {"exposed_comm_fraction", finite(o.exposed_comm_fraction, o, "exposed_comm_fraction")},
          {"exposed_comm_fraction_by_dim", exposed_json(o)},
          {"memory_per_gpu_bytes", finite(o.memory_bytes, o, "memory_per_gpu_bytes")},
          {"memory_capacity_bytes", finite(o.capacity_bytes, o, "memory_capacity_bytes")},
          {"memory_verdict", o.memory_tight ? "tight" : "fits"},
          {"time_to_train_s", finite(o.time_to_train_s, o, "time_to_train_s")},
          {"expected_time_to_train_with_failures_s",
           finite(o.expected_time_s, o, "expected_time_to_train_with_failures_s")},
          {"expected_days", finite(o.expected_time_s / units::kSecondsPerDay, o, "expected_days")},
          {"gpu_hours", finite(o.gpu_hours, o, "gpu_hours")},
          {"cost_usd", finite(o.cost_usd, o, "cost_usd")},
          {"usd_per_gpu_hour", finite(o.usd_per_gpu_hour, o, "usd_per_gpu_hour")},
          {"cluster_mtbf_s", finite(o.cluster_mtbf_s, o, "cluster_mtbf_s")},
          {"optimal_checkpoint_interval_s",
           finite(o.checkpoint_interval_s, o, "optimal_checkpoint_interval_s")}};
}

// The error band of the candidate's iteration time (docs/validation.md, "Error bands"); null
// without a bands file. The ranking stays on the expected value, the prediction itself.
void band_json(ordered_json& j, const CandidateSpace& space, const PlanReport& report,
               const Outcome& o) {
  const std::optional<ErrorBand> b = candidate_band(space, report, o);
  if (!b) {
    j["iteration_time_s_range"] = nullptr;
    j["error_band"] = nullptr;
    return;
  }
  j["iteration_time_s_range"] = {finite(b->low_s, o, "iteration_time_s_range"),
                                 finite(b->high_s, o, "iteration_time_s_range")};
  j["error_band"] = {{"class", b->error_class}, {"basis", b->basis}, {"half_width", b->half_width}};
}

// The Monte Carlo of the whole run (plan.rank_by "p90"); null when it was not run.
ordered_json monte_carlo_json(const Outcome& o) {
  if (o.monte_carlo_runs <= 0) return nullptr;
  return {{"runs", o.monte_carlo_runs},
          {"p50_time_s", finite(o.p50_time_s, o, "p50_time_s")},
          {"p90_time_s", finite(o.p90_time_s, o, "p90_time_s")},
          {"p50_days", o.p50_time_s / units::kSecondsPerDay},
          {"p90_days", o.p90_time_s / units::kSecondsPerDay},
          {"p50_cost_usd", finite(o.p50_cost_usd, o, "p50_cost_usd")},
          {"p90_cost_usd", finite(o.p90_cost_usd, o, "p90_cost_usd")}};
}

ordered_json candidate_json(const CandidateSpace& space, const PlanReport& report,
                            const Outcome& o) {
  const PlanSpec& spec = space.spec();
  const PlanConstraints& c = spec.constraints;
  ordered_json j = outcome_json(o);
  j["monte_carlo"] = monte_carlo_json(o);
  const Scenario s = space.scenario(o.index);
  band_json(j, space, report, o);
  j["num_nodes"] = s.cluster.num_nodes;
  j["layout"] = layout_text(space, o);
  j["fabric"] = s.cluster.num_nodes > 1 ? ordered_json(fabric_text(s.cluster.network))
                                        : ordered_json(nullptr);
  j["why"] = why_text(space, o);
  j["meets_deadline"] = meets_deadline(o, c, spec.monte_carlo.rank_by);
  j["within_budget"] = within_budget(o, c, spec.monte_carlo.rank_by);
  j["price"] = space.price_of(o.gpu).describe();
  j["set"] = space.assignments(o.index);
  j["scenario"] = space.document(o.index);
  return j;
}

ordered_json optional_json(const CandidateSpace& space, const PlanReport& report,
                           const std::optional<Outcome>& o) {
  return o ? candidate_json(space, report, *o) : ordered_json(nullptr);
}

ordered_json list_json(const CandidateSpace& space, const PlanReport& report,
                       const std::vector<Outcome>& list) {
  ordered_json a = ordered_json::array();
  for (const Outcome& o : list)
    a.push_back(candidate_json(space, report, o));
  return a;
}

ordered_json counts_json(const std::map<std::string, uint64_t>& counts) {
  ordered_json j = ordered_json::object();
  for (const auto& [k, n] : counts)
    j[k] = n;
  return j;
}

ordered_json plan_constraints_json(const PlanSpec& spec) {
  const PlanConstraints& c = spec.constraints;
  ordered_json j = ordered_json::object();
  j["deadline_days"] = c.deadline_days > 0 ? ordered_json(c.deadline_days) : ordered_json(nullptr);
  j["budget_usd"] = c.budget_usd > 0 ? ordered_json(c.budget_usd) : ordered_json(nullptr);
  j["max_gpus"] = c.max_gpus > 0 ? ordered_json(c.max_gpus) : ordered_json(nullptr);
  j["spot"] = spec.prices.spot;
  j["provider"] = spec.prices.provider;
  return j;
}

}  // namespace

ordered_json plan_json(const CandidateSpace& space, const PlanReport& report) {
  const SearchState& st = report.state;
  const PlanSpec& spec = space.spec();
  ordered_json j;
  j["schema"] = 1;
  j["plan"] = spec.name;
  j["fingerprint"] = spec.fingerprint;
  j["method"] = report.method;
  j["objective"] = to_string(spec.objective);
  j["rank_by"] = to_string(spec.monte_carlo.rank_by);
  j["constraints"] = plan_constraints_json(spec);
  j["combinations"] = st.combinations;
  j["evaluated"] = st.evaluated;
  j["equivalent"] = st.equivalent;
  j["invalid"] = counts_json(st.invalid);
  j["pruned"] = counts_json(st.pruned);
  j["chosen"] = optional_json(space, report, report.chosen());
  j["fastest"] = optional_json(space, report, st.fastest);
  j["cheapest"] = optional_json(space, report, st.cheapest);
  j["cheapest_within_deadline"] = optional_json(space, report, st.cheapest_within_deadline);
  j["fastest_within_budget"] = optional_json(space, report, st.fastest_within_budget);
  j["pareto"] = list_json(space, report, st.pareto);
  std::vector<Outcome> rows;
  for (const auto& [key, o] : st.right_sizing)
    rows.push_back(o);
  j["right_sizing"] = list_json(space, report, rows);
  j["ranked"] = list_json(space, report, st.ranked);
  j["refined"] = list_json(space, report, report.refined);
  return j;
}

ordered_json shard_json(const PlanSpec& spec, const SearchState& st, const Shard& shard) {
  ordered_json j;
  j["schema"] = 1;
  j["kind"] = "windtunnel-plan-shard";
  j["plan"] = spec.name;
  j["fingerprint"] = spec.fingerprint;
  j["shard"] = {{"index", shard.index}, {"count", shard.count}};
  j["keep"] = st.keep;
  j["combinations"] = st.combinations;
  j["evaluated"] = st.evaluated;
  j["equivalent"] = st.equivalent;
  j["invalid"] = counts_json(st.invalid);
  j["pruned"] = counts_json(st.pruned);
  ordered_json all = ordered_json::array();
  for (const std::optional<Outcome>* slot :
       {&st.fastest, &st.cheapest, &st.cheapest_within_deadline, &st.fastest_within_budget}) {
    if (*slot) all.push_back(outcome_json(**slot));
  }
  for (const Outcome& o : st.pareto)
    all.push_back(outcome_json(o));
  for (const auto& [key, o] : st.right_sizing)
    all.push_back(outcome_json(o));
  for (const Outcome& o : st.ranked)
    all.push_back(outcome_json(o));
  j["outcomes"] = all;
  return j;
}

}  // namespace wt
