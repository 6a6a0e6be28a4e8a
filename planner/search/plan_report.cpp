#include "planner/search/plan_report.hpp"

#include <algorithm>

#include "planner/search/evaluate.hpp"

namespace wt {

std::optional<Outcome> PlanReport::chosen() const {
  if (!refined.empty()) return refined.front();
  if (!state.ranked.empty()) return state.ranked.front();
  return std::nullopt;
}

std::optional<ErrorBand> candidate_band(const CandidateSpace& space, const PlanReport& report,
                                        const Outcome& o) {
  if (!report.bands) return std::nullopt;
  const Scenario s = space.scenario(o.index);
  // The bands were measured on transformer runs (docs/validation.md): none for a layer list.
  if (s.model.is_layer_list()) return std::nullopt;
  return validation::band_of(*report.bands, s, o.iteration_time_s);
}

void refine_top(const CandidateSpace& space, size_t n, PlanReport& report) {
  if (n == 0) return;
  if (!simgrid_available()) refine_candidate(Scenario{});  // throws: no SimGrid engine
  const PlanSpec& spec = space.spec();
  const size_t count = std::min(n, report.state.ranked.size());
  for (size_t i = 0; i < count; ++i) {
    const Outcome& analytical = report.state.ranked[i];
    const Scenario s = space.scenario(analytical.index);
    Outcome o = make_outcome(analytical.index, s, refine_candidate(s), spec.spot);
    o.analytical_iteration_time_s = analytical.iteration_time_s;
    report.refined.push_back(o);
  }
  std::sort(report.refined.begin(), report.refined.end(), [&](const Outcome& a, const Outcome& b) {
    return ranks_before(a, b, spec.objective, spec.constraints);
  });
}

}  // namespace wt
