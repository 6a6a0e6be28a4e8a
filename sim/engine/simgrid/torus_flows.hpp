#pragma once
// A collective over a torus sub-block as the walk prices it (sim/comm/torus_collective.hpp,
// docs/engine.md "Torus collectives"): a ring along every dimension of the sub-block, one each way
// round where the dimension wraps (each carrying half), one over a line without wrap-around. Each
// ring carries the bytes its dimension's load Lᵢ puts on it (torus_dimension_loads), all dimensions
// at once, so an uncontended run reproduces Σ(kᵢ−1)·α + maxᵢ Lᵢ/(cᵢ·β) and a contended one shares
// the torus links as the per-dimension rings do.
#include <cstdint>
#include <optional>
#include <vector>

#include "sim/comm/torus_collective.hpp"
#include "sim/engine/simgrid/collective_flows.hpp"

namespace wt::sg {

// The sub-block a group of GPUs (in group order) occupies on `torus`: the members lie inside one
// block of the torus, at one stride, starting at an aligned position, and torus_group() accepts
// that stride and size. nullopt otherwise (the group keeps the flat algorithms).
std::optional<TorusGroup> torus_members(const std::vector<int32_t>& members,
                                        const ChipTorus& torus);

// The flows of `call` (an all-reduce, all-gather or reduce-scatter) over `members` laid out as
// `group`. `aggregate` (reduction B): every ring's steps and calls are one flow per neighbour pair,
// latencies a sleep; otherwise every call is its steps, in step s every dimension with more than s
// steps moving one step of its ring (dimensions of unequal sizes then wait for each other, so the
// time exceeds the closed form's perfect overlap).
CommWork torus_group_work(const GroupCall& call, const std::vector<int32_t>& members,
                          const TorusGroup& group, const Fabric& fabric, RouteLatency& latency,
                          bool aggregate);

}  // namespace wt::sg
