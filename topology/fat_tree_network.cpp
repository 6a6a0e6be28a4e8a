#include "topology/fat_tree_network.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "topology/builders.hpp"
#include "topology/ecmp.hpp"

namespace wt::topo {
namespace {

int64_t ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

// The fewest switches of `ports` ports that take `cables` cables from each of `below` switches,
// spread round-robin (cable i to switch i mod count).
int fewest_switches(int64_t below, int cables, int ports) {
  for (int count = 1; count < cables; ++count) {
    if (below * ceil_div(cables, count) <= ports) return count;
  }
  return cables;
}

int built_height(const FatTreePlan& plan, int leaves) {
  if (leaves <= 1) return 1;
  if (plan.levels == 2 || plan.num_pods == 1) return 2;
  return 3;
}

}  // namespace

FatTreeShape fat_tree_shape(const FatTreePlan& plan) {
  FatTreeShape s;
  s.leaves = static_cast<int>(plan.leaf_pod.size());
  s.height = built_height(plan, s.leaves);
  if (s.height < 2) return s;
  s.leaf_uplinks = static_cast<int>(std::max<int64_t>(
      1,
      ceil_div(int64_t{std::min(plan.leaf_nics, plan.leaf_down)} * plan.leaf_up, plan.leaf_down)));
  // A spine spends all k ports on leaves; an aggregation switch keeps k/2 for the cores.
  const int down_ports = plan.levels == 2 ? plan.radix : plan.radix / 2;
  s.level2_per_pod = fewest_switches(plan.pod_leaves, s.leaf_uplinks, down_ports);
  if (s.height < 3) return s;
  s.level2_uplinks = plan.pod_leaves * static_cast<int>(ceil_div(s.leaf_uplinks, s.level2_per_pod));
  s.cores_per_plane = fewest_switches(plan.num_pods, s.level2_uplinks, plan.radix);
  return s;
}

int64_t fat_tree_planned_switches(const FatTreePlan& plan) {
  const FatTreeShape s = fat_tree_shape(plan);
  int64_t switches = s.leaves;
  if (s.height >= 2) switches += int64_t{plan.num_pods} * s.level2_per_pod;
  if (s.height >= 3) switches += int64_t{s.level2_per_pod} * s.cores_per_plane;
  return switches;
}

int64_t fat_tree_planned_links(const FatTreePlan& plan) {
  const FatTreeShape s = fat_tree_shape(plan);
  int64_t cables = static_cast<int64_t>(plan.nic_leaf.size());
  if (s.height >= 2) cables += int64_t{s.leaves} * s.leaf_uplinks;
  if (s.height >= 3) {
    cables += int64_t{plan.num_pods} * s.level2_per_pod * s.level2_uplinks;
  }
  return 2 * cables;
}

FatTreeTopology::FatTreeTopology(const ClusterConfig& cluster, double intra_node_Bps,
                                 FatTreePlan plan)
    : ClusterTopology(cluster, intra_node_Bps), plan_(std::move(plan)) {
  if (!has_network()) return;
  shape_ = fat_tree_shape(plan_);
  graph().reserve(0, fat_tree_planned_links(plan_));
  add_switches();
  add_nic_cables();
  add_leaf_uplinks();
  add_level2_uplinks();
}

void FatTreeTopology::add_switches() {
  GraphBuilder g = graph();
  leaf_base_ = g.next_vertex();
  for (int leaf = 0; leaf < shape_.leaves; ++leaf) {
    g.add_vertex(VertexKind::network_switch, -1, plan_.leaf_name(leaf));
  }
  level2_base_ = g.next_vertex();
  const int level2 = shape_.height >= 2 ? plan_.num_pods * shape_.level2_per_pod : 0;
  for (int i = 0; i < level2; ++i) {
    const std::string a = std::to_string(i % shape_.level2_per_pod);
    g.add_vertex(
        VertexKind::network_switch, -1,
        plan_.levels == 2 ? "spine" + a : plan_.pod_name(i / shape_.level2_per_pod) + ".agg" + a);
  }
  core_base_ = g.next_vertex();
  const int cores = shape_.height >= 3 ? shape_.level2_per_pod * shape_.cores_per_plane : 0;
  for (int i = 0; i < cores; ++i) {
    g.add_vertex(VertexKind::network_switch, -1, "core" + std::to_string(i));
  }
}

void FatTreeTopology::add_nic_cables() {
  GraphBuilder g = graph();
  nic_cable_base_ = g.next_link();
  for (int nic = 0; nic < num_nics(); ++nic) {
    g.add_cable(nic_vertex(nic), leaf_vertex(leaf_of_nic(nic)), network_link(LinkLevel::nic));
  }
}

// Leaf up-link j goes to level-2 switch j mod α of the leaf's pod.
void FatTreeTopology::add_leaf_uplinks() {
  GraphBuilder g = graph();
  leaf_uplink_base_ = g.next_link();
  if (shape_.height < 2) return;
  for (int leaf = 0; leaf < shape_.leaves; ++leaf) {
    const int32_t pod_first = level2_base_ + pod_of(leaf) * shape_.level2_per_pod;
    for (int j = 0; j < shape_.leaf_uplinks; ++j) {
      g.add_cable(leaf_vertex(leaf), pod_first + j % shape_.level2_per_pod,
                  network_link(LinkLevel::level1));
    }
  }
}

// Up-link m of aggregation switch a (of any pod) goes to core m mod c of plane a.
void FatTreeTopology::add_level2_uplinks() {
  GraphBuilder g = graph();
  level2_uplink_base_ = g.next_link();
  if (shape_.height < 3) return;
  for (int pod = 0; pod < plan_.num_pods; ++pod) {
    for (int a = 0; a < shape_.level2_per_pod; ++a) {
      const int32_t from = level2_base_ + pod * shape_.level2_per_pod + a;
      const int32_t plane_first = core_base_ + a * shape_.cores_per_plane;
      for (int m = 0; m < shape_.level2_uplinks; ++m) {
        g.add_cable(from, plane_first + m % shape_.cores_per_plane,
                    network_link(LinkLevel::level2));
      }
    }
  }
}

int32_t FatTreeTopology::leaf_uplink(int leaf, int j) const {
  return leaf_uplink_base_ + 2 * (leaf * shape_.leaf_uplinks + j);
}

int32_t FatTreeTopology::level2_uplink(int pod, int a, int m) const {
  return level2_uplink_base_ + 2 * ((pod * shape_.level2_per_pod + a) * shape_.level2_uplinks + m);
}

// Up to the lowest common level and down again; the flow hash picks the leaf up-link (hence the
// level-2 switch) and the aggregation up-link (hence the core). Going down, the flow takes the
// cables of the same indexes, which lead to the destination leaf.
void FatTreeTopology::route_network(int src_nic, int dst_nic, uint64_t flow_hash,
                                    std::vector<int32_t>& out) const {
  out.push_back(nic_cable_base_ + 2 * src_nic);
  const int src_leaf = leaf_of_nic(src_nic);
  const int dst_leaf = leaf_of_nic(dst_nic);
  if (src_leaf != dst_leaf) {
    const int j = ecmp_pick(flow_hash, EcmpDecision::leaf_uplink, shape_.leaf_uplinks);
    out.push_back(leaf_uplink(src_leaf, j));
    const int src_pod = pod_of(src_leaf);
    const int dst_pod = pod_of(dst_leaf);
    if (src_pod != dst_pod) {
      const int a = j % shape_.level2_per_pod;
      const int m = ecmp_pick(flow_hash, EcmpDecision::agg_uplink, shape_.level2_uplinks);
      out.push_back(level2_uplink(src_pod, a, m));
      out.push_back(level2_uplink(dst_pod, a, m) + 1);
    }
    out.push_back(leaf_uplink(dst_leaf, j) + 1);
  }
  out.push_back(nic_cable_base_ + 2 * dst_nic + 1);
}

// Bisection: half the NICs at line rate, divided by the leaf's down:up port ratio when there are
// leaves to cross between (exact when every leaf is full).
ClusterTopology::NetworkFigures FatTreeTopology::network_figures() const {
  NetworkFigures f;
  f.diameter_links = 2 * shape_.height;
  const double ratio =
      plan_.leaf_up > 0 ? static_cast<double>(plan_.leaf_down) / plan_.leaf_up : 1.0;
  f.oversubscription = plan_.levels >= 2 ? ratio : 1.0;
  const double taper = shape_.height >= 2 ? std::max(1.0, ratio) : 1.0;
  f.bisection_Bps = num_nics() / 2.0 * link_Bps() / taper;
  return f;
}

// Leaf switch ports facing the nodes for a down:up ratio r: d = round(k·r/(1+r)), at least one
// port each way.
int fat_tree_leaf_down_ports(const FatTreeConfig& ft) {
  const double k = ft.switch_radix;
  const double r = ft.oversubscription;
  const auto d = static_cast<int>(std::lround(k * r / (1.0 + r)));
  return std::clamp(d, 1, std::max(1, ft.switch_radix - 1));
}

int64_t fat_tree_max_endpoints(const FatTreeConfig& ft, int64_t top_ports) {
  const int64_t k = ft.switch_radix;
  if (ft.levels <= 1) {
    return k;
  }
  const int64_t d = fat_tree_leaf_down_ports(ft);
  if (ft.levels == 2) {
    return top_ports * d;
  }
  return top_ports * (k / 2) * d;
}

double fat_tree_taper(const ClusterConfig& cluster, int64_t rails) {
  const FatTreeConfig& ft = cluster.network.fat_tree;
  if (ft.levels <= 1) return 1.0;
  const int64_t d = fat_tree_leaf_down_ports(ft);
  const int64_t rail_nics = int64_t{cluster.num_nodes} * cluster.network.nics_per_node / rails;
  const int64_t leaves = rails * ((rail_nics + d - 1) / d);
  if (leaves <= 1) return 1.0;
  return std::max(1.0, static_cast<double>(d) / static_cast<double>(ft.switch_radix - d));
}

NetworkSummary fat_tree_summary_of(const ClusterConfig& cluster, NetworkSummary s,
                                   int64_t max_endpoints, int64_t rails) {
  const NetworkConfig& net = cluster.network;
  s.max_endpoints = clamp_to_int(max_endpoints);
  s.hops_between_nodes = 2 * std::max(1, net.fat_tree.levels);
  s.bisection_Bps = s.endpoints / 2.0 * network_link_Bps(net) / fat_tree_taper(cluster, rails);
  return s;
}

std::optional<NetworkProblem> check_fat_tree_of(
    const ClusterConfig& cluster, std::string (*capacity_text)(const NetworkConfig&)) {
  const FatTreeConfig& ft = cluster.network.fat_tree;
  const std::string path = "cluster.network.fat_tree";
  if (ft.levels < 1 || ft.levels > 3) {
    return NetworkProblem{path + ".levels", "unsupported number of fat-tree levels",
                          std::to_string(ft.levels), "1, 2 or 3"};
  }
  if (ft.switch_radix < 2) {
    return NetworkProblem{path + ".switch_radix", "a switch needs at least two ports",
                          std::to_string(ft.switch_radix), ">= 2"};
  }
  if (!(ft.oversubscription > 0.0)) {
    return NetworkProblem{path + ".oversubscription", "oversubscription must be positive",
                          number_text(ft.oversubscription), "> 0 (1 = non-blocking)"};
  }
  const NetworkSummary s = summarize_network(cluster);
  if (s.endpoints <= s.max_endpoints) return std::nullopt;
  return capacity_problem(cluster, path, capacity_text(cluster.network));
}

}  // namespace wt::topo
