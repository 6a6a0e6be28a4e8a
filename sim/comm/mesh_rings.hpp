#pragma once
// Collectives inside a full-mesh node (xGMI, NVLink mesh; docs/collectives.md "Full-mesh nodes").
// A mesh has no switch: each GPU reaches each of its g − 1 peers by one link of beta / (g − 1), so
// what a group sees depends on how many of its members share the node. RCCL (and NCCL) run one
// channel per ring and lay as many rings over the mesh as it has link-disjoint directed
// Hamiltonian cycles through the group's members; a direct algorithm (all-to-all) sends to every
// peer at once, on all r − 1 links.
#include <algorithm>

#include "sim/comm/collective.hpp"

namespace wt {

// The most link-disjoint directed Hamiltonian cycles through r GPUs of a full mesh: r − 1 (each
// GPU's r − 1 outgoing links each carry one ring), except 2 for r = 4 and 4 for r = 6, where the
// complete symmetric digraph has no decomposition into Hamiltonian cycles (Tillson, "A Hamiltonian
// decomposition of K*_2m, 2m ≥ 8", J. Combin. Theory B 29, 1980); 0 for r < 2.
inline int mesh_ring_count(int r) {
  if (r < 2) return 0;
  if (r == 4 || r == 6) return r - 2;
  return r - 1;
}

// The intra-node link class of a group with `ranks_per_node` members in each node: the fabric's
// own on a switch (every member has its full bandwidth), on a mesh of g GPUs the per-link
// bandwidth beta / (g − 1) times the rings (`direct`: times the r − 1 links).
// Inline: collective_cost takes it for every call.
inline LinkClass intra_group_link(const Fabric& f, int ranks_per_node, bool direct = false) {
  if (f.mesh_gpus < 2 || ranks_per_node < 2) return f.intra;
  const int r = std::min(ranks_per_node, f.mesh_gpus);
  const double link_Bps = f.intra.beta_Bps / (f.mesh_gpus - 1);
  return {f.intra.alpha_s, link_Bps * (direct ? r - 1 : mesh_ring_count(r))};
}

}  // namespace wt
