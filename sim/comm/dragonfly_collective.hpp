#pragma once
// Collectives over several dragonfly groups as hierarchical MPI and NCCL's topology-aware rings run
// them (docs/collectives.md, "Dragonfly collectives"). A group of G·q ranks, q in each of G
// dragonfly groups (k nodes of r ranks each), all-reduces in two levels: a reduce-scatter inside
// every dragonfly group over its local links (a ring over its q ranks), an all-reduce of each 1/q
// shard across the groups between the ranks at the same position (q rings of G ranks at once;
// ring j visits the groups with stride dragonfly_ring_stride(G, j), so the rings take different
// global links), then an all-gather inside every group. A reduce-scatter (all-gather) is the first
// (last) two phases.
#include "sim/comm/collective.hpp"

namespace wt {

// A group laid on G ≥ 2 dragonfly groups: k nodes of r ranks in each.
struct DragonflyGroup {
  int groups = 2;
  int nodes_per_group = 1;
  int ranks_per_node = 1;
  int ranks_per_group() const { return nodes_per_group * ranks_per_node; }
};

// The stride with which inter-group ring j visits the G groups (G0, G0 + s, G0 + 2s, ... mod G):
// the (j mod φ(G))-th integer in 1 .. G−1 coprime to G, so each stride's ring is one cycle through
// all G groups and rings of different strides cross different group pairs (or the same pairs the
// other way round).
int dragonfly_ring_stride(int groups, int ring);

// Rings on the busiest directed group pair when q rings take the strides in turn: ⌈q / φ(G)⌉.
int dragonfly_rings_per_pair(int groups, int rings);

// The dragonfly groups a communication group fills: `nodes` nodes at `node_stride` (nodes x·stride,
// from a group boundary), on a dragonfly of `nodes_per_group` nodes per group and
// `nodes_per_router` per router. groups = 0 when the nodes do not fill whole groups in equal parts
// nor sit inside one.
DragonflySpan dragonfly_span(int nodes, int node_stride, int nodes_per_group, int nodes_per_router);

// One rank's work in one call of the two-level form: bytes over its local ring (inside the
// dragonfly group) and its inter-group ring, and their latency steps.
struct DragonflyLoads {
  double local_bytes = 0.0;
  double global_bytes = 0.0;
  int local_steps = 0;
  int global_steps = 0;
};
DragonflyLoads dragonfly_two_level_loads(Collective c, const DragonflyGroup& group, double bytes);

// Time of one call (no call overhead) over S bytes, as nccl-tests counts them: local_steps·α_l +
// local_bytes/β_l + global_steps·α_g + global_bytes/β_g. `local` is the link a rank's ring inside
// its dragonfly group sees, `global` the link of one inter-group ring (its share of the global
// cables when they bind). All-reduce, all-gather and reduce-scatter; 0 for the others.
double dragonfly_two_level_s(Collective c, const DragonflyGroup& group, double bytes,
                             LinkClass local, LinkClass global);

// The per-flow network link of a ring laid group by group over a span (a GPU's share of its NIC,
// of a local cable where the ring crosses routers, of the global cables between two groups where
// it crosses groups): `inter` with the fabric's dragonfly shares as upper bounds.
LinkClass dragonfly_ring_link(LinkClass inter, DragonflySpan span, const Fabric& fabric);

// The link of one inter-group ring of the two-level form: `inter`, bounded by the global cables
// of a group pair shared by the rings on it (r ranks per node, dragonfly_rings_per_pair of q).
LinkClass dragonfly_global_link(const DragonflyGroup& group, const Fabric& fabric);

}  // namespace wt
