#include "planner/search/evaluate.hpp"

#include "core/error.hpp"
#include "sim/run.hpp"

#if __has_include("sim/engine/analytical/estimate.hpp")
#include "sim/engine/analytical/estimate.hpp"
#define WT_PLANNER_HAS_ESTIMATE 1
#else
#define WT_PLANNER_HAS_ESTIMATE 0
#endif

namespace wt {
namespace {

// EngineKind::simgrid exists once the SimGrid engine is part of the build.
template <class E>
concept HasSimgrid = requires {
  E::simgrid;
};

template <class E>
RunResult run_with_simgrid(const Scenario& s) {
  if constexpr (HasSimgrid<E>) {
    return run_scenario(s, E::simgrid).result;
  } else {
    (void)s;
    throw InputError("--refine", "the SimGrid engine is not part of this build", "",
                     "0 (no refinement)");
  }
}

}  // namespace

RunResult evaluate_candidate(const Scenario& s) {
#if WT_PLANNER_HAS_ESTIMATE
  return estimate_scenario(s);
#else
  return run_scenario(s).result;
#endif
}

const char* evaluation_method() {
  return WT_PLANNER_HAS_ESTIMATE ? "analytical estimate" : "analytical walk";
}

RunResult refine_candidate(const Scenario& s) {
  return run_with_simgrid<EngineKind>(s);
}

bool simgrid_available() {
  return HasSimgrid<EngineKind>;
}

}  // namespace wt
