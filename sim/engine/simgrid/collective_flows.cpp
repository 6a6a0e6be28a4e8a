#include "sim/engine/simgrid/collective_flows.hpp"

#include <algorithm>
#include <cmath>

#include "sim/comm/mesh_rings.hpp"

namespace wt::sg {
namespace {

// One call of a collective as flows: `steps` identical steps of `step_flows` (a ring's steps, or 1
// for pipelined algorithms), `latency_steps` route latencies in all, and `closed_s` of closed-form
// time beside the flows (the intra-node parts of a hierarchical collective).
struct Pattern {
  std::vector<Flow> step_flows;
  int steps = 1;
  int latency_steps = 1;
  double closed_s = 0.0;
};

int ceil_log2(int n) {
  return static_cast<int>(std::ceil(std::log2(static_cast<double>(n))));
}

void add_ring(std::vector<Flow>& out, const std::vector<int32_t>& ring, double bytes) {
  const size_t n = ring.size();
  for (size_t i = 0; i < n; ++i)
    out.push_back({ring[i], ring[(i + 1) % n], bytes});
}

void add_tree(std::vector<Flow>& out, const std::vector<int32_t>& ranks, double bytes_per_edge) {
  for (const auto& [child, parent] : double_binary_tree_edges(static_cast<int>(ranks.size()))) {
    out.push_back({ranks[child], ranks[parent], bytes_per_edge});
    out.push_back({ranks[parent], ranks[child], bytes_per_edge});
  }
}

// Ring steps of one call: all-reduce 2(n−1), all-gather / reduce-scatter n−1, each moving S/n.
Pattern ring_pattern(Collective c, const std::vector<std::vector<int32_t>>& rings, int n,
                     double bytes) {
  Pattern p;
  p.steps = c == Collective::all_reduce ? 2 * (n - 1) : n - 1;
  p.latency_steps = p.steps;
  for (const auto& ring : rings)
    add_ring(p.step_flows, ring, bytes / n / static_cast<double>(rings.size()));
  return p;
}

// The j-th member of every node: the rails that per-rail network phases run on.
std::vector<std::vector<int32_t>> rails(const std::vector<std::vector<int32_t>>& by_node) {
  std::vector<std::vector<int32_t>> out(by_node.front().size());
  for (const auto& node : by_node) {
    for (size_t j = 0; j < node.size(); ++j)
      out[j].push_back(node[j]);
  }
  return out;
}

Pattern tree_pattern(const std::vector<std::vector<int32_t>>& by_node, double bytes,
                     const Fabric& f) {
  const auto rail_sets = rails(by_node);
  const int r = static_cast<int>(rail_sets.size());
  const int nodes = static_cast<int>(by_node.size());
  Pattern p;
  if (r == 1) {
    p.latency_steps = 2 * ceil_log2(nodes);
  } else {  // trees across nodes per rail, NCCL chaining the r GPUs inside each node
    p.latency_steps = 2 * ceil_log2(nodes);
    p.closed_s = 2.0 * (r - 1) * f.intra.alpha_s;
  }
  for (const auto& rail : rail_sets)
    add_tree(p.step_flows, rail, bytes / 2.0 / r);
  return p;
}

// Inside the node over S (closed form), across nodes per rail over S/r, inside the node again.
Pattern hierarchical_pattern(Collective c, const std::vector<std::vector<int32_t>>& by_node,
                             double bytes, const Fabric& f) {
  const auto rail_sets = rails(by_node);
  const int r = static_cast<int>(rail_sets.size());
  const int nodes = static_cast<int>(by_node.size());
  const double rail_bytes = bytes / r;
  const double intra_s = ring_all_gather_s(r, bytes, intra_group_link(f, r));
  if (c != Collective::all_reduce) {
    Pattern p = ring_pattern(c, rail_sets, nodes, bytes);
    p.closed_s = intra_s;
    return p;
  }
  Pattern p;
  const bool tree = tree_all_reduce_s(nodes, rail_bytes, f.inter) <
                    ring_all_reduce_s(nodes, rail_bytes, f.inter);  // as the cost model chooses
  if (tree) {
    p.latency_steps = 2 * ceil_log2(nodes);
    for (const auto& rail : rail_sets)
      add_tree(p.step_flows, rail, rail_bytes / 2.0);
  } else {
    p = ring_pattern(c, rail_sets, nodes, bytes);
  }
  p.closed_s = 2.0 * intra_s;
  return p;
}

Pattern all_to_all_pattern(const std::vector<int32_t>& members, double bytes) {
  const int n = static_cast<int>(members.size());
  Pattern p;
  p.latency_steps = n - 1;
  for (int32_t src : members) {
    for (int32_t dst : members) {
      if (src != dst) p.step_flows.push_back({src, dst, bytes / n});
    }
  }
  return p;
}

Pattern chain_pattern(const std::vector<int32_t>& members, double bytes) {
  Pattern p;
  p.latency_steps = std::max(1, static_cast<int>(members.size()) - 1);
  for (size_t i = 0; i + 1 < members.size(); ++i)
    p.step_flows.push_back({members[i], members[i + 1], bytes});
  return p;
}

Pattern pattern_of(const GroupCall& call, const std::vector<int32_t>& members, int gpn,
                   const Fabric& f) {
  const auto by_node = members_by_node(members, gpn);
  const int n = static_cast<int>(members.size());
  switch (call.collective) {
    case Collective::all_to_all:
      return all_to_all_pattern(members, call.bytes);
    case Collective::broadcast:
    case Collective::send_recv:
      return chain_pattern(members, call.bytes);
    default:
      break;
  }
  if (call.algorithm == CollectiveAlgorithm::hierarchical) {
    return hierarchical_pattern(call.collective, by_node, call.bytes, f);
  }
  if (call.algorithm == CollectiveAlgorithm::tree) return tree_pattern(by_node, call.bytes, f);
  return ring_pattern(call.collective, flat_rings(by_node), n, call.bytes);
}

double max_latency(const std::vector<Flow>& flows, RouteLatency& latency) {
  double most = 0.0;
  for (const Flow& fl : flows)
    most = std::max(most, latency(fl.src, fl.dst));
  return most;
}

std::vector<Flow> scaled(std::vector<Flow> flows, double factor) {
  for (Flow& fl : flows)
    fl.bytes *= factor;
  return flows;
}

}  // namespace

std::vector<std::vector<int32_t>> members_by_node(const std::vector<int32_t>& members,
                                                  int gpus_per_node) {
  std::vector<std::vector<int32_t>> by_node;
  std::vector<int32_t> node_ids;
  for (int32_t m : members) {
    const int32_t node = m / gpus_per_node;
    auto it = std::find(node_ids.begin(), node_ids.end(), node);
    if (it == node_ids.end()) {
      node_ids.push_back(node);
      by_node.emplace_back();
      it = node_ids.end() - 1;
    }
    by_node[static_cast<size_t>(it - node_ids.begin())].push_back(m);
  }
  return by_node;
}

std::vector<std::vector<int32_t>> flat_rings(const std::vector<std::vector<int32_t>>& by_node) {
  const size_t r = by_node.front().size();
  if (by_node.size() == 1 || r == 1) {
    std::vector<int32_t> ring;
    for (const auto& node : by_node)
      ring.insert(ring.end(), node.begin(), node.end());
    return {ring};
  }
  std::vector<std::vector<int32_t>> rings(r);
  for (size_t j = 0; j < r; ++j) {
    for (const auto& node : by_node) {
      for (size_t i = 0; i < r; ++i)
        rings[j].push_back(node[(j + i) % r]);
    }
  }
  return rings;
}

std::vector<std::pair<int, int>> double_binary_tree_edges(int n) {
  std::vector<std::pair<int, int>> edges;
  int root = 1;
  while (root * 2 <= n)
    root *= 2;
  for (int v = 1; v <= n; ++v) {  // in-order numbering: leaves are odd, the root a power of two
    if (v == root) continue;
    int node = v, low = v & -v, parent = 0;
    while (true) {
      parent = (node & (low << 1)) != 0 ? node - low : node + low;
      if (parent <= n) break;
      node = parent;  // a parent beyond n does not exist: climb past it
      low <<= 1;
    }
    edges.emplace_back(v - 1, parent - 1);
    edges.emplace_back(n - v, n - parent);  // the mirror tree
  }
  return edges;
}

CommWork network_group_work(const GroupCall& call, const std::vector<int32_t>& members,
                            int gpus_per_node, const Fabric& fabric, RouteLatency& latency,
                            bool aggregate) {
  Pattern p = pattern_of(call, members, gpus_per_node, fabric);
  if (call.bandwidth_fraction > 0.0 && call.bandwidth_fraction != 1.0) {
    p.step_flows = scaled(std::move(p.step_flows), 1.0 / call.bandwidth_fraction);
  }
  const double route_s = max_latency(p.step_flows, latency);
  const double per_call_s = fabric.call_overhead_s + call.protocol_latency_s + p.closed_s;
  CommWork work;
  if (aggregate) {
    const int k = call.count;
    const double sleep_s = k * per_call_s + (k * p.latency_steps - 1) * route_s;
    work.phases.push_back({sleep_s, scaled(p.step_flows, static_cast<double>(p.steps) * k), {}});
    return work;
  }
  for (int c = 0; c < call.count; ++c) {
    for (int step = 0; step < p.steps; ++step) {
      const double sleep_s = step == 0 ? per_call_s + (p.latency_steps - p.steps) * route_s : 0.0;
      work.phases.push_back({sleep_s, p.step_flows, {}});
    }
  }
  return work;
}

}  // namespace wt::sg
