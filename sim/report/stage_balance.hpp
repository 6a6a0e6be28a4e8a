#pragma once
// A pipeline whose stages are not equally loaded (docs/engine.md, "Where the time goes"): the
// breakdown is the critical stage's, the one that finishes last (stage 0 under 1F1B), so a stage
// that waits for a busier one shows that wait as its pipeline bubble. This says which stage sets
// the pace, and with what.
#include <string>

#include "sim/engine/time_split.hpp"

namespace wt {

// The busiest stage's compute stream must be busy longer than the critical stage's by more than
// this share of the iteration for the warning (the last stage's output layer and loss alone make a
// few percent on the shipped scenarios).
inline constexpr double kStageImbalanceShare = 0.10;

// "" when the pipeline is balanced (or has one stage); else the warning.
std::string stage_balance_warning(const TimedIteration& timed, int pipeline_stages);

}  // namespace wt
