// "dragonfly": g groups of a routers, p nodes per router (node j on router j / p, every NIC of
// the node cabled to it), all-to-all local cables inside a group, and m = ⌊a·h/(g−1)⌋ global
// cables between every pair of groups (SimGrid's parameterization). Copy c of the cables between
// group G and its t-th peer uses G's global port c·(g−1) + t, on router port / h, so a router's
// h ports reach different groups. Minimal routing, local–global–local: the flow hash picks one of
// the m cables to the destination group. Valiant routing goes through an intermediate group
// (local–global–local–global–local), chosen round-robin over the source NICs of a group so that a
// group's flows to one destination group spread evenly (docs/topology.md, "Dragonfly").
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "topology/builders.hpp"
#include "topology/cluster_topology.hpp"
#include "topology/ecmp.hpp"

namespace wt::topo {
namespace {

int64_t pairs(int64_t n) {
  return n * (n - 1) / 2;
}

// Index of the unordered pair {x, y}, x < y, among the pairs of n items in lexicographic order.
int64_t pair_index(int64_t x, int64_t y, int64_t n) {
  return x * n - x * (x + 1) / 2 + (y - x - 1);
}

class DragonflyTopology final : public ClusterTopology {
 public:
  DragonflyTopology(const ClusterConfig& cluster, double intra_node_Bps)
      : ClusterTopology(cluster, intra_node_Bps), df_(cluster.network.dragonfly) {
    if (!has_network()) return;
    add_routers();
    add_nic_cables();
    add_local_cables();
    add_global_cables();
  }

  std::string name() const override { return "dragonfly"; }
  bool adaptive_routing() const override { return df_.routing == DragonflyRouting::ugal; }

  int cables_per_group_pair() const {
    return df_.groups < 2 ? 0
                          : df_.routers_per_group * df_.global_links_per_router / (df_.groups - 1);
  }

 private:
  int router_of_nic(int nic) const { return nic / nics_per_node() / df_.nodes_per_router; }
  int group_of(int router) const { return router / df_.routers_per_group; }
  int nics_per_group() const {
    return df_.routers_per_group * df_.nodes_per_router * nics_per_node();
  }
  int peer_index(int group, int peer) const { return peer < group ? peer : peer - 1; }
  // Router (global index) holding copy c of the cables between `group` and `peer`.
  int gateway(int group, int peer, int c) const {
    const int port = c * (df_.groups - 1) + peer_index(group, peer);
    return group * df_.routers_per_group + port / df_.global_links_per_router;
  }

  void add_routers() {
    GraphBuilder g = graph();
    router_base_ = g.next_vertex();
    for (int r = 0; r < df_.groups * df_.routers_per_group; ++r) {
      g.add_vertex(VertexKind::network_switch, -1,
                   "group" + std::to_string(group_of(r)) + ".router" +
                       std::to_string(r % df_.routers_per_group));
    }
  }

  void add_nic_cables() {
    GraphBuilder g = graph();
    nic_cable_base_ = g.next_link();
    for (int nic = 0; nic < num_nics(); ++nic) {
      g.add_cable(nic_vertex(nic), router_base_ + router_of_nic(nic), network_link(LinkLevel::nic));
    }
  }

  // Cable x → y (x < y) of group G is local_base_ + 2·(G·a(a−1)/2 + pair_index(x, y)).
  void add_local_cables() {
    GraphBuilder g = graph();
    local_base_ = g.next_link();
    const int a = df_.routers_per_group;
    for (int group = 0; group < df_.groups; ++group) {
      const int32_t first = router_base_ + group * a;
      for (int x = 0; x < a; ++x) {
        for (int y = x + 1; y < a; ++y) {
          g.add_cable(first + x, first + y, network_link(LinkLevel::level1));
        }
      }
    }
  }

  // Copy c between groups G < H is global_base_ + 2·(pair_index(G, H)·m + c), from G's side.
  void add_global_cables() {
    GraphBuilder g = graph();
    global_base_ = g.next_link();
    const int m = cables_per_group_pair();
    for (int group = 0; group < df_.groups; ++group) {
      for (int peer = group + 1; peer < df_.groups; ++peer) {
        for (int c = 0; c < m; ++c) {
          g.add_cable(router_base_ + gateway(group, peer, c),
                      router_base_ + gateway(peer, group, c), network_link(LinkLevel::level2));
        }
      }
    }
  }

  void add_local_hop(int from, int to, std::vector<int32_t>& out) const {
    if (from == to) return;
    const int a = df_.routers_per_group;
    const int group = group_of(from);
    const int x = std::min(from, to) - group * a;
    const int y = std::max(from, to) - group * a;
    const int64_t cable = group * pairs(a) + pair_index(x, y, a);
    out.push_back(local_base_ + static_cast<int32_t>(2 * cable) + (from < to ? 0 : 1));
  }

  // Leaves the group of router `from` for group `to_group` over copy c of their cables: the local
  // hop to the cable's router, then the global link. Returns the router it arrives at.
  int add_global_hop(int from, int to_group, int c, std::vector<int32_t>& out) const {
    const int group = group_of(from);
    add_local_hop(from, gateway(group, to_group, c), out);
    const int64_t cable =
        pair_index(std::min(group, to_group), std::max(group, to_group), df_.groups) *
            cables_per_group_pair() +
        c;
    out.push_back(global_base_ + static_cast<int32_t>(2 * cable) + (group < to_group ? 0 : 1));
    return gateway(to_group, group, c);
  }

  // The intermediate group of a Valiant path: the k-th of the g − 2 other groups, k = (the source
  // NIC's index inside its group + the destination group) mod (g − 2), so the NICs of a group
  // take the intermediate groups in turn.
  int intermediate_group(int src_nic, int src_group, int dst_group) const {
    const int k = (src_nic % nics_per_group() + dst_group) % (df_.groups - 2);
    int via = k;
    if (via >= std::min(src_group, dst_group)) ++via;
    if (via >= std::max(src_group, dst_group)) ++via;
    return via;
  }

  void route_network(int src_nic, int dst_nic, uint64_t flow_hash,
                     std::vector<int32_t>& out) const override {
    if (df_.routing == DragonflyRouting::valiant &&
        route_network_nonminimal(src_nic, dst_nic, flow_hash, out)) {
      return;
    }
    out.push_back(nic_cable_base_ + 2 * src_nic);
    const int from = router_of_nic(src_nic);
    const int to = router_of_nic(dst_nic);
    if (group_of(from) == group_of(to)) {
      add_local_hop(from, to, out);
    } else {
      const int c = ecmp_pick(flow_hash, EcmpDecision::global_link, cables_per_group_pair());
      add_local_hop(add_global_hop(from, group_of(to), c, out), to, out);
    }
    out.push_back(nic_cable_base_ + 2 * dst_nic + 1);
  }

  bool route_network_nonminimal(int src_nic, int dst_nic, uint64_t flow_hash,
                                std::vector<int32_t>& out) const override {
    const int from = router_of_nic(src_nic);
    const int to = router_of_nic(dst_nic);
    const int src_group = group_of(from);
    const int dst_group = group_of(to);
    if (src_group == dst_group || df_.groups < 3) return false;
    const int m = cables_per_group_pair();
    out.push_back(nic_cable_base_ + 2 * src_nic);
    const int via = intermediate_group(src_nic, src_group, dst_group);
    const int mid =
        add_global_hop(from, via, ecmp_pick(flow_hash, EcmpDecision::global_link, m), out);
    const int arrive = add_global_hop(
        mid, dst_group, ecmp_pick(flow_hash, EcmpDecision::second_global_link, m), out);
    add_local_hop(arrive, to, out);
    out.push_back(nic_cable_base_ + 2 * dst_nic + 1);
    return true;
  }

  NetworkFigures network_figures() const override {
    NetworkFigures f;
    f.diameter_links = diameter_links();
    const double g = df_.groups;
    const double a = df_.routers_per_group;
    const double cut = df_.groups < 2
                           ? std::floor(a / 2) * std::ceil(a / 2)
                           : std::floor(g / 2) * std::ceil(g / 2) * cables_per_group_pair();
    f.bisection_Bps = cut * link_Bps();
    return f;
  }

  // The worst route between populated routers (nodes fill routers, and routers groups, in order).
  int diameter_links() const {
    const int a = df_.routers_per_group;
    const int used_routers = (num_nodes_ + df_.nodes_per_router - 1) / df_.nodes_per_router;
    const int full_groups = used_routers / a;
    const int partial = used_routers % a;  // populated routers of the last, partial group
    if (full_groups + (partial > 0 ? 1 : 0) == 1) return 2 + (used_routers > 1 ? 1 : 0);
    if (a == 1) return 3;
    if (full_groups >= 2 || partial != 1) return 5;
    // Two groups, the second populated on router 0 only: a local hop there needs a cable from
    // group 0 that lands on another router of group 1.
    for (int c = 0; c < cables_per_group_pair(); ++c) {
      if (gateway(1, 0, c) != a) return 5;
    }
    return 4;
  }

  DragonflyConfig df_;
  int32_t router_base_ = 0;
  int32_t nic_cable_base_ = 0;
  int32_t local_base_ = 0;
  int32_t global_base_ = 0;
};

// Global links cut when the groups are split in two halves: every group pair is joined by
// ⌊a·h/(g−1)⌋ global cables (the ports left over stay unused); one group: its all-to-all local
// links.
double dragonfly_bisection_links(const DragonflyConfig& df) {
  const double g = df.groups;
  const double a = df.routers_per_group;
  const double halves = std::floor(g / 2) * std::ceil(g / 2);
  if (df.groups <= 1) {
    return std::floor(a / 2) * std::ceil(a / 2);
  }
  const int64_t per_pair =
      int64_t{df.routers_per_group} * df.global_links_per_router / (df.groups - 1);
  return halves * static_cast<double>(per_pair);
}

std::optional<NetworkProblem> check_dragonfly_parameters(const DragonflyConfig& df,
                                                         const std::string& path) {
  const std::pair<const char*, int> fields[] = {
      {"groups", df.groups},
      {"routers_per_group", df.routers_per_group},
      {"nodes_per_router", df.nodes_per_router},
      {"global_links_per_router", df.global_links_per_router}};
  for (const auto& [name, value] : fields) {
    if (value < 1) {
      return NetworkProblem{path + "." + name, "a dragonfly needs this to be given",
                            std::to_string(value), ">= 1"};
    }
  }
  return std::nullopt;
}

}  // namespace

// Worst case: local, global, local router links (minimal and ugal: the analytical engine prices
// collectives as the uniform traffic on which UGAL stays minimal), plus the two NIC links.
NetworkSummary dragonfly_summary(const ClusterConfig& cluster, NetworkSummary s) {
  const NetworkConfig& net = cluster.network;
  const DragonflyConfig& df = net.dragonfly;
  const int64_t nodes = int64_t{df.groups} * df.routers_per_group * df.nodes_per_router;
  s.max_endpoints = clamp_to_int(nodes * net.nics_per_node);
  // Valiant adds a global link and a local link through the intermediate group.
  const bool valiant = df.routing == DragonflyRouting::valiant && df.groups >= 3;
  s.hops_between_nodes = (valiant ? 5 : 3) + kNicLinks;
  s.bisection_Bps = dragonfly_bisection_links(df) * network_link_Bps(net);
  return s;
}

std::optional<NetworkProblem> check_dragonfly(const ClusterConfig& cluster) {
  const DragonflyConfig& df = cluster.network.dragonfly;
  const std::string path = "cluster.network.dragonfly";
  if (std::optional<NetworkProblem> p = check_dragonfly_parameters(df, path)) {
    return p;
  }
  const int reachable = df.routers_per_group * df.global_links_per_router + 1;
  if (df.groups > reachable) {
    return NetworkProblem{
        path + ".groups", "each group needs a global link to every other group",
        std::to_string(df.groups),
        "at most routers_per_group × global_links_per_router + 1 = " + std::to_string(reachable)};
  }
  return capacity_problem(cluster, path,
                          "the dragonfly has fewer node ports than the cluster has NICs");
}

std::unique_ptr<Topology> make_dragonfly(const ClusterConfig& cluster, double intra_node_Bps) {
  int64_t routers = 0;
  int64_t links = 0;
  if (cluster.num_nodes > 1) {
    const DragonflyConfig& df = cluster.network.dragonfly;
    const int64_t g = df.groups;
    const int64_t a = df.routers_per_group;
    const int64_t m = g < 2 ? 0 : a * df.global_links_per_router / (g - 1);
    routers = g * a;
    links = 2 * (int64_t{cluster.num_nodes} * cluster.network.nics_per_node + g * pairs(a) +
                 pairs(g) * m);
  }
  check_indexable(cluster, routers, links);
  return std::make_unique<DragonflyTopology>(cluster, intra_node_Bps);
}

}  // namespace wt::topo
