// "rail-optimized-fat-tree": NIC i of every node sits on a leaf of rail i, and everything below
// the top level belongs to one rail: rail i's leaves (d nodes each), and with three levels rail
// i's pods of k/2 leaves and their aggregation switches. Rails meet only at the top: the spines
// of a leaf-spine, the cores of a 3-level tree, shared by every rail. A flow between NICs of one
// rail thus crosses only cables of that rail's switches; a flow between rails climbs to the top
// (docs/topology.md, "Rail-optimized fat-tree"). check_network's capacity (⌊k/n⌋ leaves or pods
// per rail on the top switches) guarantees the top switches have a port for each.
#include <algorithm>
#include <string>

#include "topology/builders.hpp"
#include "topology/fat_tree_network.hpp"
#include "topology/network_summary.hpp"

namespace wt::topo {
namespace {

int ceil_div(int a, int b) {
  return (a + b - 1) / b;
}

// Leaf b of rail r is leaf r·LR + b; with three levels, pod q of rail r is pod r·PR + q.
void place_rails(const ClusterConfig& cluster, FatTreePlan& plan) {
  const int rails = cluster.network.nics_per_node;
  const int rail_leaves = ceil_div(cluster.num_nodes, plan.leaf_down);
  plan.nic_leaf.resize(static_cast<size_t>(cluster.num_nodes) * static_cast<size_t>(rails));
  size_t nic = 0;
  for (int node = 0; node < cluster.num_nodes; ++node) {
    for (int r = 0; r < rails; ++r) {
      plan.nic_leaf[nic++] = r * rail_leaves + node / plan.leaf_down;
    }
  }
  const int leaves = rails * rail_leaves;
  plan.leaf_nics = std::min(cluster.num_nodes, plan.leaf_down);
  const bool pods_per_rail = plan.levels == 3;
  plan.pod_leaves = pods_per_rail ? std::min(plan.radix / 2, rail_leaves) : leaves;
  const int rail_pods = pods_per_rail ? ceil_div(rail_leaves, plan.pod_leaves) : 1;
  plan.num_pods = pods_per_rail ? rails * rail_pods : 1;
  plan.leaf_pod.resize(static_cast<size_t>(leaves));
  for (int leaf = 0; leaf < leaves; ++leaf) {
    const int rail = leaf / rail_leaves;
    plan.leaf_pod[static_cast<size_t>(leaf)] =
        pods_per_rail ? rail * rail_pods + (leaf % rail_leaves) / plan.pod_leaves : 0;
  }
  plan.leaf_name = [rail_leaves](int leaf) {
    return "rail" + std::to_string(leaf / rail_leaves) + ".leaf" +
           std::to_string(leaf % rail_leaves);
  };
  plan.pod_name = [rail_pods](int pod) {
    return "rail" + std::to_string(pod / rail_pods) + ".pod" + std::to_string(pod % rail_pods);
  };
}

FatTreePlan rail_plan(const ClusterConfig& cluster) {
  const FatTreeConfig& ft = cluster.network.fat_tree;
  FatTreePlan plan;
  plan.name = "rail-optimized-fat-tree";
  plan.levels = ft.levels;
  plan.radix = ft.switch_radix;
  plan.leaf_down = fat_tree_leaf_down_ports(ft);
  plan.leaf_up = ft.switch_radix - plan.leaf_down;
  if (cluster.num_nodes > 1) place_rails(cluster, plan);
  return plan;
}

}  // namespace

std::unique_ptr<Topology> make_rail_fat_tree(const ClusterConfig& cluster, double intra_node_Bps) {
  if (cluster.network.fat_tree.levels < 2) return make_fat_tree(cluster, intra_node_Bps);
  FatTreePlan plan = rail_plan(cluster);
  check_indexable(cluster, fat_tree_planned_switches(plan), fat_tree_planned_links(plan));
  return std::make_unique<FatTreeTopology>(cluster, intra_node_Bps, std::move(plan));
}

// Closed forms: each of the n rails owns whole leaves (two levels) or pods (three), ⌊k/n⌋ of them
// per rail on the k-port top switches; each rail's leaves are its own, so the taper counts them
// per rail.
NetworkSummary rail_fat_tree_summary(const ClusterConfig& cluster, NetworkSummary s) {
  const NetworkConfig& net = cluster.network;
  const int64_t k = net.fat_tree.switch_radix;
  const int64_t rails = std::max(1, net.nics_per_node);
  return fat_tree_summary_of(cluster, s, fat_tree_max_endpoints(net.fat_tree, rails * (k / rails)),
                             net.nics_per_node);
}

std::optional<NetworkProblem> check_rail_fat_tree(const ClusterConfig& cluster) {
  return check_fat_tree_of(cluster, [](const NetworkConfig& net) {
    const int k = net.fat_tree.switch_radix;
    const int n = net.nics_per_node;
    const bool spines = net.fat_tree.levels == 2;
    return "the rail-optimized fat-tree has fewer node ports than the cluster has NICs: each of "
           "its " +
           std::to_string(n) + " rails has its own " + (spines ? "leaves" : "pods") + ", at most " +
           std::to_string(k / n) + " (" + std::to_string(k) + "/" + std::to_string(n) +
           ") per rail on " + std::to_string(k) + "-port " + (spines ? "spines" : "cores");
  });
}

}  // namespace wt::topo
