#pragma once
// Cheap checks a candidate must pass before validate(): the layout rules of
// sim/scenario/validate_layout.cpp, as a test that allocates nothing and throws nothing, so that
// the many combinations that break them cost nanoseconds. validate() still runs on every
// candidate that passes; this only answers early and names the rule's JSON path.
#include "sim/scenario/scenario.hpp"

namespace wt {

// nullptr when the layout may be valid, else the JSON path of the first broken rule.
const char* layout_violation(const Scenario& s);

// True when the model states alone (weights, gradients, optimizer over the most even split of the
// layers) cannot fit in the GPU's memory: a lower bound of what the engine computes, so it never
// prunes a layout that fits.
bool model_states_surely_overflow(const Scenario& s, double capacity_bytes);

}  // namespace wt
