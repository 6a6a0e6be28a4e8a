// Chooses the collective algorithm for a group on a fabric and prices it (docs/collectives.md,
// "Selection"). Flat algorithms see one link class; hierarchical ones split the work between the
// NVLink domain and the network.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "sim/comm/collective.hpp"

namespace wt {
namespace {

struct Candidate {
  CollectiveAlgorithm algorithm;
  double time_s;
  double bytes_sent_per_gpu;
};

bool spans_nodes(GroupShape g) {
  return g.nodes > 1;
}
bool several_per_node(GroupShape g) {
  return spans_nodes(g) && g.ranks_per_node() > 1;
}

// The link a flat algorithm sees. Across nodes with r ranks per node NCCL runs one ring per NIC,
// so the r GPUs of a node together use r network shares, capped by NVLink.
LinkClass flat_link(GroupShape g, const Fabric& f) {
  if (!spans_nodes(g)) {
    return f.intra;
  }
  if (!several_per_node(g)) {
    return f.inter;
  }
  return {f.inter.alpha_s, std::min(f.intra.beta_Bps, g.ranks_per_node() * f.inter.beta_Bps)};
}

// Each rank sends (n−r)/n of S through its own network share and (r−1)/n over NVLink at once.
double two_level_all_to_all_s(GroupShape g, double bytes, const Fabric& f) {
  const int n = g.ranks;
  const int r = g.ranks_per_node();
  const double network_s = static_cast<double>(n - r) / n * bytes / f.inter.beta_Bps;
  const double nvlink_s = static_cast<double>(r - 1) / n * bytes / f.intra.beta_Bps;
  return (n - 1) * f.inter.alpha_s + std::max(network_s, nvlink_s);
}

Candidate flat(Collective c, double bytes, GroupShape g, const Fabric& f) {
  const LinkClass link = flat_link(g, f);
  const int n = g.ranks;
  const auto ring = CollectiveAlgorithm::ring;
  switch (c) {
    case Collective::all_reduce:
      return {ring, ring_all_reduce_s(n, bytes, link), 2.0 * ring_fraction(n) * bytes};
    case Collective::all_gather:
    case Collective::reduce_scatter:
      return {ring, ring_all_gather_s(n, bytes, link), ring_fraction(n) * bytes};
    case Collective::all_to_all: {
      const double t = several_per_node(g) ? two_level_all_to_all_s(g, bytes, f)
                                           : direct_all_to_all_s(n, bytes, link);
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
  return Candidate{CollectiveAlgorithm::tree, time_s, 2.0 * bytes};
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
  const double intra_s = ring_all_gather_s(r, bytes, f.intra);
  const double intra_sent = ring_fraction(r) * bytes;
  const auto hier = CollectiveAlgorithm::hierarchical;
  switch (c) {
    case Collective::all_reduce: {
      const Candidate inter = inter_node_all_reduce(rail_bytes, g.nodes, f.inter);
      return Candidate{hier, 2.0 * intra_s + inter.time_s,
                       2.0 * intra_sent + inter.bytes_sent_per_gpu};
    }
    case Collective::all_gather:
    case Collective::reduce_scatter:
      return Candidate{hier, intra_s + ring_all_gather_s(g.nodes, rail_bytes, f.inter),
                       intra_sent + ring_fraction(g.nodes) * rail_bytes};
    default:
      return std::nullopt;
  }
}

std::optional<Candidate> nvls(Collective c, double bytes, GroupShape g, const Fabric& f) {
  if (c != Collective::all_reduce || spans_nodes(g) || !(f.nvls.beta_Bps > 0.0)) {
    return std::nullopt;
  }
  return Candidate{CollectiveAlgorithm::nvls, nvls_all_reduce_s(bytes, f.nvls), bytes};
}

// At most four algorithms apply; a fixed array keeps pricing free of allocations (the `estimate`
// path prices collectives millions of times per second).
struct Candidates {
  std::array<Candidate, 4> all{};
  size_t count = 0;
  const Candidate* begin() const { return all.data(); }
  const Candidate* end() const { return all.data() + count; }
};

Candidates candidates(Collective c, double bytes, GroupShape g, const Fabric& f) {
  Candidates out;
  out.all[out.count++] = flat(c, bytes, g, f);
  for (auto extra : {tree(c, bytes, g, f), hierarchical(c, bytes, g, f), nvls(c, bytes, g, f)}) {
    if (extra) {
      out.all[out.count++] = *extra;
    }
  }
  return out;
}

Candidate choose(const Candidates& all, CollectiveAlgorithm pin) {
  if (pin == CollectiveAlgorithm::automatic) {
    return *std::min_element(all.begin(), all.end(), [](const Candidate& a, const Candidate& b) {
      return a.time_s < b.time_s;
    });
  }
  const auto pinned = std::find_if(all.begin(), all.end(),
                                   [pin](const Candidate& a) { return a.algorithm == pin; });
  return pinned != all.end() ? *pinned : *all.begin();  // not applicable: fall back to ring
}

}  // namespace

CollectiveCost collective_cost(Collective c, double bytes, GroupShape group, const Fabric& fabric,
                               CollectiveAlgorithm pin) {
  if (group.ranks <= 1) {
    return {0.0, CollectiveAlgorithm::ring, 0.0};
  }
  const Candidate best = choose(candidates(c, bytes, group, fabric), pin);
  return {best.time_s + fabric.call_overhead_s, best.algorithm, best.bytes_sent_per_gpu};
}

}  // namespace wt
