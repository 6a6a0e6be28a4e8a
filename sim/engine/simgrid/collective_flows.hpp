#pragma once
// The flows of one collective call over one group, per algorithm (docs/engine.md, "SimGrid"):
// ring (one ring per rail when a node holds several members, as NCCL's channels), double binary
// tree, hierarchical (intra-node parts in closed form, inter-node part per rail), direct
// all-to-all, chain broadcast and send/recv. Latencies the flows cannot carry are sleeps, so an
// uncontended run reproduces the closed form of sim/comm.
#include <cstdint>
#include <vector>

#include "sim/comm/collective.hpp"
#include "sim/engine/simgrid/flow_plan.hpp"

namespace wt::sg {

struct GroupCall {
  Collective collective = Collective::all_reduce;
  CollectiveAlgorithm algorithm = CollectiveAlgorithm::ring;
  double bytes = 0.0;  // one call's buffer, as nccl-tests counts it
  int count = 1;       // identical calls back to back
  // The cost model's protocol (CollectiveCost): latency beside the per-call overhead, and the
  // fraction of the link bandwidth it reaches (flows carry bytes / fraction).
  double protocol_latency_s = 0.0;
  double bandwidth_fraction = 1.0;
};

// Members grouped by node, in order of first appearance (members are in group order).
std::vector<std::vector<int32_t>> members_by_node(const std::vector<int32_t>& members,
                                                  int gpus_per_node);

// Flat ring orders: one ring when each node holds one member; else one ring per member of a node,
// ring j entering every node at its j-th member, so each GPU sends exactly one inter-node flow.
std::vector<std::vector<int32_t>> flat_rings(const std::vector<std::vector<int32_t>>& by_node);

// Edges (child, parent) of a double binary tree over `n` positions: an in-order binary tree and
// its mirror image, so that a position is interior in at most one of them (n even).
std::vector<std::pair<int, int>> double_binary_tree_edges(int n);

// The work of `call` over `members` (global ranks, in group order) spanning several nodes.
// `aggregate` merges the identical ring steps and calls (reduction B); otherwise every step of
// every call is its own phase.
CommWork network_group_work(const GroupCall& call, const std::vector<int32_t>& members,
                            int gpus_per_node, const Fabric& fabric, RouteLatency& latency,
                            bool aggregate);

}  // namespace wt::sg
