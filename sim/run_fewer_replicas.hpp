#pragma once
// reliability.continue_with_fewer_replicas (docs/models.md, "Restart policy"): the smaller layout
// the job continues on while nodes are out, re-timed by the closed-form estimate.
#include <functional>
#include <optional>

#include "sim/scenario/scenario.hpp"

namespace wt {

// The layout without `missing` (1 .. data − 1) of the data-parallel replicas: data − missing
// replicas of the same tensor × pipeline × context GPUs on the nodes they fill, and the same global
// batch, each replica running ⌈global / (micro × (data − missing))⌉ micro-batches (gradient
// accumulation grows; where the batch does not divide, the step takes as long as the replicas with
// the extra micro-batch, counted here as every replica running it). nullopt where the smaller
// layout is not a whole number of nodes or does not validate (the interleaved schedule's
// micro-batches per pipeline, a torus's dims).
std::optional<Scenario> fewer_replicas_layout(const Scenario& s, int missing);

// Wall time per unit of work without `missing` replicas, relative to the full layout: the ratio of
// estimate_scenario's iteration times, both layouts training the same global batch per iteration;
// data / (data − missing) (proportional) where fewer_replicas_layout gives none.
double fewer_replicas_slowdown(const Scenario& s, int missing);

// fewer_replicas_slowdown for GoodputInputs::slowdown, the full layout estimated once.
std::function<double(int missing)> fewer_replicas_slowdowns(const Scenario& s);

}  // namespace wt
