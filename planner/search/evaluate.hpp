#pragma once
// The one function every planner evaluation goes through: the analytical closed-form estimate when
// this build has it (sim/engine/analytical/estimate.hpp), else the analytical walk. Thread-safe.
#include "sim/report/run_result.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

RunResult evaluate_candidate(const Scenario& s);
// "analytical estimate" or "analytical walk": what evaluate_candidate uses in this build.
const char* evaluation_method();

// Re-times one candidate with the SimGrid engine (plan --refine). Throws InputError naming
// --refine when this build has no SimGrid engine.
RunResult refine_candidate(const Scenario& s);
bool simgrid_available();

}  // namespace wt
