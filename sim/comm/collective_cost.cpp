// Chooses the collective algorithm for a group on a fabric and prices it (docs/collectives.md,
// "Selection"). Flat algorithms see one link class; hierarchical ones split the work between the
// NVLink domain and the network.
#include <algorithm>
#include <cmath>
#include <optional>

#include "sim/comm/collective.hpp"
#include "sim/comm/dcn_collective.hpp"
#include "sim/comm/dragonfly_collective.hpp"
#include "sim/comm/mesh_rings.hpp"
#include "sim/comm/torus_collective.hpp"

namespace wt {
namespace {

struct Candidate {
  CollectiveAlgorithm algorithm;
  double time_s;  // alpha-beta on the wire
  double bytes_sent_per_gpu;
  double bandwidth_s = 0.0;              // the part of time_s that is bytes over the link bandwidth
  std::optional<ProtocolSteps> steps{};  // NCCL's protocol model applies
  double busbw_Bps = 0.0;                // the bus bandwidth the protocol fractions refer to
  bool simple_only = false;
};

LinkClass bandwidth_only(LinkClass link) {
  return {0.0, link.beta_Bps};
}

// NCCL's ring steps of a call: all-reduce 2(n−1), of which 2(nodes−1) cross the network;
// all-gather and reduce-scatter n−1 and nodes−1.
ProtocolSteps ring_steps(bool all_reduce, GroupShape g) {
  const int k = all_reduce ? 2 : 1;
  return {NcclAlgorithm::ring, all_reduce, k * (g.ranks - 1),
          k * (g.nodes - 1),   g.nodes,    g.ranks_per_node()};
}

bool spans_nodes(GroupShape g) {
  return g.nodes > 1;
}
bool several_per_node(GroupShape g) {
  return spans_nodes(g) && g.ranks_per_node() > 1;
}

// The link a flat algorithm sees. Across nodes with r ranks per node NCCL runs one ring per NIC,
// so the r GPUs of a node together use r network shares, capped by NVLink (on a full-mesh node,
// by the links among the group's r members: mesh_rings.hpp; `direct` for all-to-all). On a
// dragonfly a ring's network share is bounded by the local and global cables it crosses
// (dragonfly_ring_link; not for all-to-all, whose flows spread over every pair).
LinkClass flat_link(GroupShape g, const Fabric& f, bool direct = false) {
  const LinkClass intra = intra_group_link(f, g.ranks_per_node(), direct);
  if (!spans_nodes(g)) {
    return intra;
  }
  const LinkClass inter = direct ? f.inter : dragonfly_ring_link(f.inter, g.dragonfly, f);
  if (!several_per_node(g)) {
    return inter;
  }
  return {inter.alpha_s, std::min(intra.beta_Bps, g.ranks_per_node() * inter.beta_Bps)};
}

// Each rank sends (n−r)/n of S through its own network share and (r−1)/n over NVLink at once.
double two_level_all_to_all_s(GroupShape g, double bytes, const Fabric& f) {
  const int n = g.ranks;
  const int r = g.ranks_per_node();
  const double network_s = static_cast<double>(n - r) / n * bytes / f.inter.beta_Bps;
  const double nvlink_s =
      static_cast<double>(r - 1) / n * bytes / intra_group_link(f, r, true).beta_Bps;
  return (n - 1) * f.inter.alpha_s + std::max(network_s, nvlink_s);
}

Candidate flat(Collective c, double bytes, GroupShape g, const Fabric& f) {
  const LinkClass link = flat_link(g, f);
  const int n = g.ranks;
  const auto ring = CollectiveAlgorithm::ring;
  switch (c) {
    case Collective::all_reduce:
      return {ring,
              ring_all_reduce_s(n, bytes, link),
              2.0 * ring_fraction(n) * bytes,
              ring_all_reduce_s(n, bytes, bandwidth_only(link)),
              ring_steps(true, g),
              link.beta_Bps};
    case Collective::all_gather:
    case Collective::reduce_scatter:
      return {ring,
              ring_all_gather_s(n, bytes, link),
              ring_fraction(n) * bytes,
              ring_all_gather_s(n, bytes, bandwidth_only(link)),
              ring_steps(false, g),
              link.beta_Bps};
    case Collective::all_to_all: {
      const double t = several_per_node(g) ? two_level_all_to_all_s(g, bytes, f)
                                           : direct_all_to_all_s(n, bytes, flat_link(g, f, true));
      return {ring, t, ring_fraction(n) * bytes};
    }
    case Collective::broadcast:
      return {ring, ring_broadcast_s(n, bytes, link), bytes};
    case Collective::send_recv:
      return {ring, send_recv_s(bytes, link), bytes};
  }
  return {ring, 0.0, 0.0};
}

// Latency of the double binary tree across nodes: the trees span the nodes, and inside a node
// NCCL chains its r GPUs.
double multi_node_tree_steps_s(GroupShape g, const Fabric& f) {
  const double levels = std::ceil(std::log2(static_cast<double>(g.nodes)));
  return 2.0 * levels * f.inter.alpha_s + 2.0 * (g.ranks_per_node() - 1) * f.intra.alpha_s;
}

std::optional<Candidate> tree(Collective c, double bytes, GroupShape g, const Fabric& f) {
  if (c != Collective::all_reduce) {
    return std::nullopt;
  }
  const LinkClass link = flat_link(g, f);
  const double time_s = several_per_node(g)
                            ? multi_node_tree_steps_s(g, f) + 2.0 * bytes / link.beta_Bps
                            : tree_all_reduce_s(g.ranks, bytes, link);
  const ProtocolSteps steps{NcclAlgorithm::tree, true, 0, 0, g.nodes, g.ranks_per_node()};
  return Candidate{CollectiveAlgorithm::tree,   time_s, 2.0 * bytes,
                   2.0 * bytes / link.beta_Bps, steps,  link.beta_Bps};
}

// Network phase of the hierarchical all-reduce: the better of ring and tree across the nodes.
Candidate inter_node_all_reduce(double bytes, int nodes, LinkClass inter) {
  const double ring_s = ring_all_reduce_s(nodes, bytes, inter);
  const double tree_s = tree_all_reduce_s(nodes, bytes, inter);
  if (tree_s < ring_s) {
    return {CollectiveAlgorithm::tree, tree_s, 2.0 * bytes};
  }
  return {CollectiveAlgorithm::ring, ring_s, 2.0 * ring_fraction(nodes) * bytes};
}

// Inside the node over S, across nodes per rail over S/r, inside the node again.
std::optional<Candidate> hierarchical(Collective c, double bytes, GroupShape g, const Fabric& f) {
  if (!several_per_node(g)) {
    return std::nullopt;
  }
  const int r = g.ranks_per_node();
  const double rail_bytes = bytes / r;
  const double intra_s = ring_all_gather_s(r, bytes, intra_group_link(f, r));
  const double intra_sent = ring_fraction(r) * bytes;
  const LinkClass rail = dragonfly_ring_link(f.inter, g.dragonfly, f);
  const auto hier = CollectiveAlgorithm::hierarchical;
  switch (c) {
    case Collective::all_reduce: {
      const Candidate inter = inter_node_all_reduce(rail_bytes, g.nodes, rail);
      Candidate out{hier, 2.0 * intra_s + inter.time_s,
                    2.0 * intra_sent + inter.bytes_sent_per_gpu};
      out.steps = {NcclAlgorithm::ring, true,    2 * (r - 1 + g.nodes - 1),
                   2 * (g.nodes - 1),   g.nodes, r};
      out.simple_only = true;
      return out;
    }
    case Collective::all_gather:
    case Collective::reduce_scatter: {
      Candidate out{hier, intra_s + ring_all_gather_s(g.nodes, rail_bytes, rail),
                    intra_sent + ring_fraction(g.nodes) * rail_bytes};
      out.steps = {NcclAlgorithm::ring, false, r - 1 + g.nodes - 1, g.nodes - 1, g.nodes, r};
      out.simple_only = true;
      return out;
    }
    default:
      return std::nullopt;
  }
}

// Over G ≥ 2 dragonfly groups: inside every group over its local links, across the groups per
// position over 1/q of the buffer, inside again (dragonfly_collective.hpp). NCCL's ring latencies
// per step, Simple only (as the node-level hierarchical form).
std::optional<Candidate> dragonfly(Collective c, double bytes, GroupShape g, const Fabric& f) {
  const int G = g.dragonfly.groups;
  if (G < 2 || g.ranks % G != 0 || g.nodes % G != 0) return std::nullopt;
  if (c != Collective::all_reduce && c != Collective::all_gather &&
      c != Collective::reduce_scatter) {
    return std::nullopt;
  }
  const DragonflyGroup group{G, g.nodes / G, g.ranks_per_node()};
  GroupShape inside{g.ranks / G, g.nodes / G};
  inside.dragonfly = {1, g.dragonfly.crosses_routers};
  const DragonflyLoads loads = dragonfly_two_level_loads(c, group, bytes);
  const double time_s =
      dragonfly_two_level_s(c, group, bytes, flat_link(inside, f), dragonfly_global_link(group, f));
  Candidate out{CollectiveAlgorithm::hierarchical, time_s, loads.local_bytes + loads.global_bytes};
  const int k = group.nodes_per_group;
  const int halves = c == Collective::all_reduce ? 2 : 1;
  out.steps = {NcclAlgorithm::ring,
               c == Collective::all_reduce,
               loads.local_steps + loads.global_steps,
               halves * (k - 1 + G - 1),
               g.nodes,
               g.ranks_per_node()};
  out.simple_only = true;
  return out;
}

std::optional<Candidate> nvls(Collective c, double bytes, GroupShape g, const Fabric& f) {
  if (c != Collective::all_reduce || spans_nodes(g) || !(f.nvls.beta_Bps > 0.0)) {
    return std::nullopt;
  }
  return Candidate{CollectiveAlgorithm::nvls, nvls_all_reduce_s(bytes, f.nvls), bytes};
}

// NCCL has no two-level all-gather or reduce-scatter: across nodes it runs them as one ring (PAT
// only with one GPU per node, NVLS where there is in-switch reduction; framework-defaults.md §8),
// so a ring over all the ranks pays n − 1 steps of latency. The hierarchical form stays for
// all-reduce and, when pinned, for frameworks that gather in two levels themselves.
bool hierarchical_applies(Collective c, CollectiveAlgorithm pin) {
  return c == Collective::all_reduce || pin == CollectiveAlgorithm::hierarchical;
}

// A candidate with its fastest NCCL protocol (nccl_protocol.hpp, fastest_protocol).
CollectiveCost priced(const Candidate& c, const Fabric& f) {
  CollectiveCost best{c.time_s + f.call_overhead_s, c.algorithm, c.bytes_sent_per_gpu};
  if (!c.steps || !f.nccl_protocols) return best;
  if (f.intra_measured && c.steps->nodes == 1) return best;
  ProtocolSteps steps = *c.steps;
  steps.pcie = f.intra_pcie;
  const bool simple_only = c.simple_only || (f.inter_simple_only && steps.nodes > 1);
  const ProtocolChoice p =
      fastest_protocol(steps, simple_only, c.time_s, c.bandwidth_s, c.busbw_Bps, f.call_overhead_s);
  best.time_s = p.time_s;
  best.protocol = p.protocol;
  best.protocol_latency_s = p.latency_s;
  best.bandwidth_fraction = p.bandwidth_fraction;
  return best;
}

// The algorithms that apply, in the order flat (ring), tree, hierarchical, NVLS, each priced with
// its fastest protocol; a pinned algorithm that does not apply falls back to the ring. Priced one
// at a time, with no list of candidates (the `estimate` path prices collectives millions of times
// per second); ties keep the earlier.
CollectiveCost choose(Collective c, double bytes, GroupShape g, const Fabric& f,
                      CollectiveAlgorithm pin) {
  if (pin != CollectiveAlgorithm::automatic) {
    std::optional<Candidate> pinned;
    if (pin == CollectiveAlgorithm::tree) {
      pinned = tree(c, bytes, g, f);
    } else if (pin == CollectiveAlgorithm::hierarchical) {
      pinned = hierarchical(c, bytes, g, f);
    } else if (pin == CollectiveAlgorithm::nvls) {
      pinned = nvls(c, bytes, g, f);
    }
    return priced(pinned ? *pinned : flat(c, bytes, g, f), f);
  }
  CollectiveCost best = priced(flat(c, bytes, g, f), f);
  const auto keep_faster = [&](const std::optional<Candidate>& extra, bool two_level = false) {
    if (!extra) return;
    CollectiveCost cost = priced(*extra, f);
    cost.dragonfly_two_level = two_level;
    if (cost.time_s < best.time_s) best = cost;
  };
  // The two-level dragonfly form applies to all-reduce, all-gather and reduce-scatter.
  keep_faster(dragonfly(c, bytes, g, f), true);
  // Tree, NVLS and (unpinned) the hierarchical form apply to all-reduce only.
  if (c != Collective::all_reduce) return best;
  keep_faster(tree(c, bytes, g, f));
  if (hierarchical_applies(c, pin)) keep_faster(hierarchical(c, bytes, g, f));
  keep_faster(nvls(c, bytes, g, f));
  return best;
}

}  // namespace

CollectiveCost collective_cost(Collective c, double bytes, GroupShape group, const Fabric& fabric,
                               CollectiveAlgorithm pin) {
  if (group.ranks <= 1) {
    return {0.0, CollectiveAlgorithm::ring, 0.0};
  }
  // Across ICI slices: hierarchical over ICI and the data-center network (dcn_collective.hpp).
  if (group.slices > 1 && fabric.dcn.beta_Bps > 0.0) {
    return multi_slice_cost(c, bytes, group, fabric, pin);
  }
  // An ICI slice: XLA's per-dimension bidirectional rings (torus_collective.hpp), no NCCL.
  if (group.on_torus && fabric.ici.beta_Bps > 0.0) {
    const double sent = ring_fraction(group.ranks) * bytes;
    switch (c) {
      case Collective::all_reduce:
        return {fabric.call_overhead_s + torus_all_reduce_s(group.torus, bytes, fabric.ici),
                CollectiveAlgorithm::ring, 2.0 * sent};
      case Collective::all_gather:
      case Collective::reduce_scatter:
        return {fabric.call_overhead_s + torus_reduce_scatter_s(group.torus, bytes, fabric.ici),
                CollectiveAlgorithm::ring, sent};
      default:
        break;
    }
  }
  return choose(c, bytes, group, fabric, pin);
}

}  // namespace wt
