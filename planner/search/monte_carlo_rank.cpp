// plan.rank_by "p90": the Monte Carlo of the whole run for the candidates the closed form ranked
// first, and both lists ordered again by its P90 (docs/planner.md, "Ranking by P90").
#include <algorithm>

#include "planner/search/plan_report.hpp"
#include "sim/report/goodput.hpp"
#include "sim/run_fewer_replicas.hpp"

namespace wt {
namespace {

void add_monte_carlo(const CandidateSpace& space, Outcome& o) {
  const PlanSpec& spec = space.spec();
  Scenario s = space.scenario(o.index);
  s.reliability.monte_carlo_runs = spec.monte_carlo.runs;
  const std::optional<MonteCarloFigures> m =
      monte_carlo_figures(s, o.iteration_time_s, spec.spot, fewer_replicas_slowdowns(s));
  if (!m || m->runs <= 0) return;  // the closed form ranks it (pruned candidates never get here)
  o.monte_carlo_runs = m->runs;
  o.p50_time_s = m->p50_time_s;
  o.p90_time_s = m->p90_time_s;
  o.p50_cost_usd = m->p50_cost_usd;
  o.p90_cost_usd = m->p90_cost_usd;
}

void rank_list(const CandidateSpace& space, std::vector<Outcome>& list) {
  const PlanSpec& spec = space.spec();
  for (Outcome& o : list)
    add_monte_carlo(space, o);
  std::stable_sort(list.begin(), list.end(), [&](const Outcome& a, const Outcome& b) {
    return ranks_before(a, b, spec.objective, spec.constraints, RankBy::p90);
  });
}

}  // namespace

void rank_by_monte_carlo(const CandidateSpace& space, PlanReport& report) {
  if (space.spec().monte_carlo.rank_by != RankBy::p90) return;
  rank_list(space, report.state.ranked);
  rank_list(space, report.refined);
}

}  // namespace wt
