#pragma once
// Alpha-beta costs of the collectives that training issues (docs/collectives.md). A link class is
// an (alpha, beta) pair: alpha seconds per algorithm step, beta bytes per second per GPU and
// direction. Message size S is the collective's buffer in bytes, as nccl-tests counts it (the full
// vector for all-reduce, the full gathered output for all-gather and the full input for
// reduce-scatter).
#include <array>
#include <cstdint>

#include "sim/comm/nccl_protocol.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

enum class Collective { all_reduce, all_gather, reduce_scatter, all_to_all, broadcast, send_recv };

struct LinkClass {
  double alpha_s = 0.0;
  double beta_Bps = 0.0;
};

// A group that occupies a sub-block of a torus: its size along each of up to three dimensions
// (1 = the dimension is not used) and whether that dimension wraps around (a ring cable closes
// it). Along a wrapped dimension a ring runs each way round, each with half of that stage's
// bytes; an unwrapped dimension is a line, on which a ring uses every link both ways (one ring).
struct TorusGroup {
  std::array<int, 3> dims{1, 1, 1};
  std::array<bool, 3> wrap{true, true, true};
  int ranks() const { return dims[0] * dims[1] * dims[2]; }
};

// Where a group's nodes lie on a dragonfly (docs/collectives.md, "Dragonfly collectives"): they
// fill `groups` dragonfly groups in equal parts (1: one group; 0: not a dragonfly, or a layout the
// cost model does not follow), and a group's part spans more than one router
// (`crosses_routers`). Nodes fill routers, and routers groups, in order, and ranks are node-major,
// so a ring over the members in group order visits the groups one after the other.
struct DragonflySpan {
  int groups = 0;
  bool crosses_routers = false;
};

// Where the members of one communication group sit: n ranks, spread over `nodes` nodes with
// n / nodes ranks on each (groups are laid out node-major, as Megatron's rank order does). On an
// ICI slice (`on_torus`) the group is also the sub-block `torus` of the chips' torus, and its
// all-reduce, all-gather and reduce-scatter take the torus closed forms (torus_collective.hpp).
struct GroupShape {
  int ranks = 1;
  int nodes = 1;
  bool on_torus = false;
  TorusGroup torus{};
  // TPU multi-slice: the ICI slices the group spans (1 = one slice). With m > 1 the group is m
  // equal parts, one per slice, joined over the data-center network; `on_torus` and `torus`
  // then describe the part inside one slice (dcn_collective.hpp).
  int slices = 1;
  // On a dragonfly network: the dragonfly groups the group's nodes fill (dragonfly_collective.hpp).
  DragonflySpan dragonfly{};
  int ranks_per_node() const { return ranks / nodes; }
};

// The communication fabric as the cost model sees it.
struct Fabric {
  LinkClass intra;         // NVLink / NVSwitch / PCIe inside a node
  LinkClass inter;         // network between nodes, per GPU (its share of the node's NICs)
  double call_overhead_s;  // fixed software cost per collective call
  // In-switch all-reduce inside an NVSwitch node (NVLink SHARP, NCCL's NVLS): alpha per step,
  // beta the algorithm bandwidth (bytes of the vector per second); beta 0 where there is none.
  LinkClass nvls{};
  bool intra_pcie = false;  // the node's GPUs talk over PCIe (NCCL's PCI latency row)
  // NCCL's protocols on top of the wire (make_fabric sets it); off, every call is the pure
  // alpha-beta form with Simple's full bandwidth, as the closed-form tests price it.
  bool nccl_protocols = false;
  // A calibration profile measured the node's all-reduce (calibrate_fabric): inside the node its
  // fitted latency stands, and NCCL's latency model is not added to it.
  bool intra_measured = false;
  // The network is EFA (cluster.network.transport): a call that crosses nodes runs NCCL's Simple
  // protocol only.
  bool inter_simple_only = false;
  // One link of a chip torus: ICI of a TPU slice (cluster.intra_node.fabric "ici") or NeuronLink
  // inside a Trainium2 node ("neuronlink"): alpha per hop, beta per direction; beta 0 elsewhere.
  LinkClass ici{};
  // GPUs of a full-mesh node (xGMI, NVLink mesh): `intra` is then a GPU's bandwidth over all its
  // g − 1 links together, of which a group uses what mesh_rings.hpp says; 0 = a switch.
  int mesh_gpus = 0;
  // The data-center network between ICI slices (cluster.dcn, TPU multi-slice): alpha per
  // transfer, beta a chip's share of its host's DCN bandwidth; beta 0 with one slice.
  LinkClass dcn{};
  // A dragonfly network (cluster.network.topology "dragonfly"; dragonfly_collective.hpp). Nodes
  // per dragonfly group (a·p; 0: not a dragonfly) and per router (p). With minimal routing, a GPU's
  // share of the cables a ring crosses, per direction, when every GPU of the node sends one flow
  // across at once (as `inter` shares the NICs): `global_Bps` of the m global cables joining two
  // groups (m·B / GPUs per node), `local_Bps` of the one local cable joining two routers (B / GPUs
  // per node), each × network efficiency; 0 = not a bound (Valiant and UGAL spread the flows).
  int dragonfly_nodes_per_group = 0;
  int dragonfly_nodes_per_router = 0;
  double dragonfly_global_Bps = 0.0;
  double dragonfly_local_Bps = 0.0;
};

// Closed forms for one algorithm on one link class (inline: collective_cost prices several per
// call, and the `estimate` path prices collectives millions of times per second).
// Fraction (n−1)/n of the buffer that a ring step sequence moves per rank.
inline double ring_fraction(int n) {
  return static_cast<double>(n - 1) / n;
}

inline double ring_all_reduce_s(int n, double bytes, LinkClass link) {
  if (n <= 1) {
    return 0.0;
  }
  return 2.0 * (n - 1) * link.alpha_s + 2.0 * ring_fraction(n) * bytes / link.beta_Bps;
}

// Also reduce-scatter.
inline double ring_all_gather_s(int n, double bytes, LinkClass link) {
  if (n <= 1) {
    return 0.0;
  }
  return (n - 1) * link.alpha_s + ring_fraction(n) * bytes / link.beta_Bps;
}

double tree_all_reduce_s(int n, double bytes, LinkClass link);  // double binary tree

inline double direct_all_to_all_s(int n, double bytes, LinkClass link) {
  if (n <= 1) {
    return 0.0;
  }
  return (n - 1) * link.alpha_s + ring_fraction(n) * bytes / link.beta_Bps;
}

inline double ring_broadcast_s(int n, double bytes, LinkClass link) {
  if (n <= 1) {
    return 0.0;
  }
  return (n - 1) * link.alpha_s + bytes / link.beta_Bps;
}

inline double send_recv_s(double bytes, LinkClass link) {
  return link.alpha_s + bytes / link.beta_Bps;
}

// NVLS all-reduce: every rank pushes its vector into the switch, which reduces and multicasts the
// result back: two steps, and the vector crosses each GPU's link once each way.
inline double nvls_all_reduce_s(double bytes, LinkClass nvls) {
  return 2.0 * nvls.alpha_s + bytes / nvls.beta_Bps;
}

struct CollectiveCost {
  double time_s = 0.0;
  CollectiveAlgorithm algorithm = CollectiveAlgorithm::ring;
  double bytes_sent_per_gpu = 0.0;  // what one member puts on the wire
  // NCCL's protocol for ring and tree all-reduce, all-gather and reduce-scatter (Simple for the
  // others), the latency it adds beyond the per-call overhead and the wire's alpha, and the
  // fraction of the link bandwidth it reaches (docs/collectives.md, "Protocols").
  Protocol protocol = Protocol::simple;
  double protocol_latency_s = 0.0;
  double bandwidth_fraction = 1.0;
  // The two-level dragonfly form (dragonfly_collective.hpp): reported as hierarchical, run by the
  // SimGrid engine as its three phases.
  bool dragonfly_two_level = false;
};

// Time of one collective call over a group on the fabric, with the algorithm pinned or (automatic)
// the fastest of those that apply, each with its fastest protocol (NCCL's tuner picks the
// (algorithm, protocol) pair of least modelled time). Includes the per-call overhead.
CollectiveCost collective_cost(Collective c, double bytes, GroupShape group, const Fabric& fabric,
                               CollectiveAlgorithm pin = CollectiveAlgorithm::automatic);

const char* to_string(Collective c);

}  // namespace wt
