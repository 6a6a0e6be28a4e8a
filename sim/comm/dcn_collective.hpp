#pragma once
// Collectives of a group that spans several TPU ICI slices joined by the data-center network
// (docs/collectives.md, "Multi-slice"), as MaxText's data parallelism over DCN runs them: an
// all-reduce is a reduce-scatter inside each slice over ICI, an all-reduce of each chip's shard
// with its peers in the other slices over DCN (a ring over the m slices), and an all-gather over
// ICI. All-gather and reduce-scatter take the two matching halves. Other collectives (all-to-all,
// broadcast, pipeline sends) are priced flat on the DCN link, the slowest one they cross.
#include "sim/comm/collective.hpp"

namespace wt {

// `group.slices` = m > 1 parts of group.ranks / m ranks each; the part inside a slice is priced
// by collective_cost (the torus closed form where it aligns), the DCN part by the ring closed
// form on fabric.dcn. One call overhead in all.
CollectiveCost multi_slice_cost(Collective c, double bytes, GroupShape group, const Fabric& fabric,
                                CollectiveAlgorithm pin);

}  // namespace wt
