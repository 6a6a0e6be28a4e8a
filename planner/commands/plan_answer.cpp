#include "planner/commands/plan_answer.hpp"

#include <algorithm>
#include <thread>

#include "core/error.hpp"
#include "planner/search/evaluate.hpp"
#include "planner/search/search_budget.hpp"

namespace wt {

SearchOptions plan_search_options(int jobs, int top, int refine) {
  SearchOptions s;
  s.jobs = jobs > 0 ? jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  s.keep = static_cast<size_t>(std::max(top, refine));
  return s;
}

PlanReport new_plan_report(bool with_bands, std::string& bands_note) {
  PlanReport report;
  report.method = evaluation_method();
  if (with_bands) report.bands = validation::default_error_bands(bands_note);
  return report;
}

void require_refine_engine(int refine, const std::string& argument) {
  if (refine > 0 && !simgrid_available()) {
    throw InputError(argument, "the SimGrid engine is not part of this build",
                     std::to_string(refine), "0 (no refinement)");
  }
}

PlanReport run_plan(const CandidateSpace& space, const SearchOptions& options, int refine,
                    double max_search_s, std::string& bands_note) {
  require_refine_engine(refine, "refine");
  check_search_time(estimate_search(space.size(), options.jobs), max_search_s);
  PlanReport report = new_plan_report(true, bands_note);
  report.state = run_search(space, options);
  refine_top(space, static_cast<size_t>(refine), report);
  rank_by_monte_carlo(space, report);
  return report;
}

}  // namespace wt
