// Two-level collectives over dragonfly groups (docs/collectives.md, "Dragonfly collectives").
#include "sim/comm/dragonfly_collective.hpp"

#include <algorithm>
#include <numeric>

namespace wt {
namespace {

int units_mod(int groups) {
  int n = 0;
  for (int s = 1; s < groups; ++s)
    n += std::gcd(s, groups) == 1 ? 1 : 0;
  return std::max(1, n);
}

double min_positive(double x, double bound) {
  return bound > 0.0 ? std::min(x, bound) : x;
}

}  // namespace

int dragonfly_ring_stride(int groups, int ring) {
  int want = ring % units_mod(groups);
  for (int s = 1; s < groups; ++s) {
    if (std::gcd(s, groups) != 1) continue;
    if (want-- == 0) return s;
  }
  return 1;
}

int dragonfly_rings_per_pair(int groups, int rings) {
  const int phi = units_mod(groups);
  return (rings + phi - 1) / phi;
}

DragonflySpan dragonfly_span(int nodes, int node_stride, int nodes_per_group,
                             int nodes_per_router) {
  if (nodes_per_group <= 0 || nodes_per_router <= 0 || nodes < 1 || node_stride < 1) return {};
  const int64_t last = int64_t{node_stride} * (nodes - 1);  // the last node, from the first
  if (last < nodes_per_group) return {1, last >= nodes_per_router};
  if (nodes_per_group % node_stride == 0) {
    const int k = nodes_per_group / node_stride;  // nodes in each dragonfly group
    if (nodes % k != 0) return {};
    return {nodes / k, int64_t{node_stride} * (k - 1) >= nodes_per_router};
  }
  if (node_stride % nodes_per_group == 0) return {nodes, false};
  return {};
}

DragonflyLoads dragonfly_two_level_loads(Collective c, const DragonflyGroup& g, double bytes) {
  const int q = g.ranks_per_group();
  const int G = g.groups;
  const double local = ring_fraction(q) * bytes;
  const double global = ring_fraction(G) * bytes / q;
  switch (c) {
    case Collective::all_reduce:
      return {2.0 * local, 2.0 * global, 2 * (q - 1), 2 * (G - 1)};
    case Collective::all_gather:
    case Collective::reduce_scatter:
      return {local, global, q - 1, G - 1};
    default:
      return {};
  }
}

double dragonfly_two_level_s(Collective c, const DragonflyGroup& group, double bytes,
                             LinkClass local, LinkClass global) {
  const DragonflyLoads l = dragonfly_two_level_loads(c, group, bytes);
  double t = l.global_steps * global.alpha_s + l.global_bytes / global.beta_Bps;
  if (l.local_steps > 0) t += l.local_steps * local.alpha_s + l.local_bytes / local.beta_Bps;
  return t;
}

LinkClass dragonfly_ring_link(LinkClass inter, DragonflySpan span, const Fabric& f) {
  if (span.crosses_routers) inter.beta_Bps = min_positive(inter.beta_Bps, f.dragonfly_local_Bps);
  if (span.groups >= 2) inter.beta_Bps = min_positive(inter.beta_Bps, f.dragonfly_global_Bps);
  return inter;
}

LinkClass dragonfly_global_link(const DragonflyGroup& g, const Fabric& f) {
  const int on_pair = dragonfly_rings_per_pair(g.groups, g.ranks_per_group());
  return {f.inter.alpha_s,
          min_positive(f.inter.beta_Bps, f.dragonfly_global_Bps * g.ranks_per_node / on_pair)};
}

}  // namespace wt
