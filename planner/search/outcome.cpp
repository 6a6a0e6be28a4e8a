#include "planner/search/outcome.hpp"

#include <tuple>

#include "core/units.hpp"

namespace wt {

Outcome make_outcome(uint64_t index, const Scenario& s, const RunResult& r,
                     const SpotPreemption& spot) {
  Outcome o;
  o.index = index;
  o.gpu = s.cluster.gpu;
  o.num_gpus = s.cluster.num_gpus();
  o.engine = r.engine;
  o.iteration_time_s = r.iteration_time_s;
  o.analytical_iteration_time_s = r.iteration_time_s;
  o.tokens_per_s = r.tokens_per_s;
  o.mfu = r.mfu;
  const double t = r.iteration_time_s > 0.0 ? r.iteration_time_s : 1.0;
  o.bubble_fraction = r.breakdown_s.pipeline_bubble / t;
  o.exposed_comm_fraction = r.breakdown_s.exposed_comm / t;
  const ExposedComm& e = r.exposed_comm_by_dim_s;
  o.exposed_fraction_by_dim = {e.tp / t, e.pp / t, e.dp / t, e.cp / t, e.ep / t};
  o.memory_bytes = r.memory_per_gpu_bytes.total;
  o.capacity_bytes = r.memory_per_gpu_bytes.capacity;
  o.memory_tight = r.memory_verdict == MemoryVerdict::tight;
  const TrainCost c = train_cost(s, r.iteration_time_s, spot);
  o.time_to_train_s = c.time_to_train_s;
  o.expected_time_s = c.expected_time_to_train_with_failures_s;
  o.gpu_hours = c.expected_gpu_hours_with_failures;
  o.cost_usd = c.expected_cost_with_failures_usd;
  o.usd_per_gpu_hour = s.cost.usd_per_gpu_hour;
  o.cluster_mtbf_s = c.cluster_mtbf_s;
  o.checkpoint_interval_s = c.optimal_checkpoint_interval_s;
  return o;
}

namespace {

// The figures a ranking compares.
struct Figures {
  double time_s = 0.0;
  double cost_usd = 0.0;
  uint64_t index = 0;
};

Figures figures(const Outcome& o, RankBy by) {
  if (by == RankBy::p90 && o.monte_carlo_runs > 0) return {o.p90_time_s, o.p90_cost_usd, o.index};
  return {o.expected_time_s, o.cost_usd, o.index};
}

bool faster(const Figures& a, const Figures& b) {
  return std::tie(a.time_s, a.cost_usd, a.index) < std::tie(b.time_s, b.cost_usd, b.index);
}

bool cheaper(const Figures& a, const Figures& b) {
  return std::tie(a.cost_usd, a.time_s, a.index) < std::tie(b.cost_usd, b.time_s, b.index);
}

bool in_time(const Figures& f, const PlanConstraints& c) {
  return c.deadline_days <= 0.0 || f.time_s <= c.deadline_days * units::kSecondsPerDay;
}

bool in_budget(const Figures& f, const PlanConstraints& c) {
  return c.budget_usd <= 0.0 || f.cost_usd <= c.budget_usd;
}

}  // namespace

bool faster(const Outcome& a, const Outcome& b) {
  return faster(figures(a, RankBy::expected), figures(b, RankBy::expected));
}

bool cheaper(const Outcome& a, const Outcome& b) {
  return cheaper(figures(a, RankBy::expected), figures(b, RankBy::expected));
}

bool meets_deadline(const Outcome& o, const PlanConstraints& c, RankBy by) {
  return in_time(figures(o, by), c);
}

bool within_budget(const Outcome& o, const PlanConstraints& c, RankBy by) {
  return in_budget(figures(o, by), c);
}

bool ranks_before(const Outcome& oa, const Outcome& ob, Objective objective,
                  const PlanConstraints& c, RankBy by) {
  const Figures a = figures(oa, by), b = figures(ob, by);
  switch (objective) {
    case Objective::cheapest_within_deadline: {
      const bool ma = in_time(a, c), mb = in_time(b, c);
      if (ma != mb) return ma;
      return ma ? cheaper(a, b) : faster(a, b);  // none meets it: the closest to it first
    }
    case Objective::fastest_within_budget: {
      const bool wa = in_budget(a, c), wb = in_budget(b, c);
      if (wa != wb) return wa;
      return wa ? faster(a, b) : cheaper(a, b);  // none is within it: the closest first
    }
    case Objective::fastest:
      return faster(a, b);
    case Objective::cheapest:
      break;
  }
  return cheaper(a, b);
}

}  // namespace wt
