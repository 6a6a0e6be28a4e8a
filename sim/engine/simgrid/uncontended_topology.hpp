#pragma once
// A network without contention between distinct GPU pairs, for checking the engines against each
// other: every GPU has its own port on its node's NVSwitch and its own uplink/downlink to one
// non-blocking crossbar. Link figures are chosen so that a lone flow takes exactly the cost model's
// alpha-beta: intra-node latency alpha_intra/2 per link and bandwidth intra beta, network latency
// alpha_inter/2 per link and bandwidth one GPU's share of its node's NICs (raw figures; the engine
// scales them by the same efficiencies as the analytical fabric).
#include <memory>
#include <vector>

#include "topology/topology.hpp"

namespace wt::sg {

struct UncontendedLinks {
  double intra_Bps = 0.0;          // raw, per GPU and direction
  double intra_latency_s = 0.0;    // one flow inside a node (two links)
  double network_Bps = 0.0;        // raw, per GPU and direction
  double network_latency_s = 0.0;  // one flow between nodes (two links)
  // TPU multi-slice: GPUs per ICI slice (0: one slice). A flow between slices takes each GPU's own
  // data-center-network link pair instead, at dcn_Bps (raw, per GPU: its share of the host's).
  int slice_gpus = 0;
  double dcn_Bps = 0.0;
  double dcn_latency_s = 0.0;  // one flow between slices (two links)
  // A chip torus (TPU ICI slice, SimgridSetup::torus): every GPU also has a link pair per torus
  // dimension and direction at ici_Bps (raw). A flow between two GPUs of one torus block whose
  // coordinates differ in one dimension takes the source's port of that dimension and direction
  // (the shorter way round where it wraps, as the torus routes) and the destination's, so the
  // rings of a torus collective share no link, as the closed form assumes. Empty dims: none.
  std::vector<int> torus_dims;
  std::vector<bool> torus_wrap;
  int torus_block = 0;
  double ici_Bps = 0.0;
  double ici_latency_s = 0.0;  // one flow between torus neighbours (two links)
};

std::unique_ptr<topo::Topology> uncontended_topology(int num_nodes, int gpus_per_node,
                                                     const UncontendedLinks& links);

}  // namespace wt::sg
