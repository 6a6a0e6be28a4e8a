#pragma once
// What `windtunnel plan` computes, shared by the CLI and the Python module so that `plan --json`
// and windtunnel.plan() give the same object (plan_json of the report).
#include <string>

#include "planner/search/candidate_space.hpp"
#include "planner/search/plan_report.hpp"
#include "planner/search/search.hpp"

namespace wt {

// `jobs` threads (0: one per hardware thread); the ranked list keeps max(top, refine) candidates.
SearchOptions plan_search_options(int jobs, int top, int refine);

// An empty report: how candidates are evaluated and, when `with_bands`, the committed error bands
// (InputError for a malformed bands file; a missing one leaves none and `bands_note` says so).
PlanReport new_plan_report(bool with_bands, std::string& bands_note);

// InputError at `argument` when `refine` > 0 and this build has no SimGrid engine.
void require_refine_engine(int refine, const std::string& argument);

// The whole plan in this process: refused when its estimated time passes `max_search_s`
// (planner/search/search_budget.hpp), searched, the best `refine` re-timed with SimGrid.
PlanReport run_plan(const CandidateSpace& space, const SearchOptions& options, int refine,
                    double max_search_s, std::string& bands_note);

}  // namespace wt
