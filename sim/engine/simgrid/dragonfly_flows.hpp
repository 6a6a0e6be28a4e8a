#pragma once
// A collective over several dragonfly groups as the walk prices it when its cost model picks the
// two-level form (sim/comm/dragonfly_collective.hpp, docs/engine.md "Dragonfly collectives"): a
// reduce-scatter inside every dragonfly group (the flat rings over its members), then q rings of G
// members, ring j over the j-th member of every group in stride dragonfly_ring_stride(G, j), each
// all-reducing 1/q of the buffer, then an all-gather inside every group. The phases run one after
// the other; the parts of a phase all at once. On a network where the rings share no link the run
// reproduces the closed form.
#include <cstdint>
#include <vector>

#include "sim/comm/dragonfly_collective.hpp"
#include "sim/engine/simgrid/collective_flows.hpp"

namespace wt::sg {

// A group's members split by dragonfly group (nodes of `nodes_per_group` consecutive nodes), in
// group order, and its span as the cost model reads it (dragonfly_span: groups 0 unless the parts
// are equal and hold the same number of members on every node; `crosses_routers` when a part's
// nodes sit on more than one router).
struct DragonflyParts {
  std::vector<std::vector<int32_t>> parts;
  DragonflySpan span{};
};
DragonflyParts dragonfly_parts(const std::vector<int32_t>& members, int gpus_per_node,
                               int nodes_per_group, int nodes_per_router);

// The flows of `call` (all-reduce, all-gather or reduce-scatter; its protocol latency paid once per
// call) over the parts, as above.
CommWork dragonfly_group_work(const GroupCall& call, const DragonflyParts& parts, int gpus_per_node,
                              const Fabric& fabric, RouteLatency& latency, bool aggregate);

}  // namespace wt::sg
