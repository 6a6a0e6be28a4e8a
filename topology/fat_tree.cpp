// "fat-tree": NICs packed onto leaves in order (NIC e = node × nics_per_node + i on leaf e / d),
// pods of k/2 consecutive leaves; one switch when levels = 1 (docs/topology.md, "Fat-tree").
#include <algorithm>
#include <string>

#include "topology/builders.hpp"
#include "topology/fat_tree_network.hpp"
#include "topology/network_summary.hpp"

namespace wt::topo {
namespace {

void place_leaves(const ClusterConfig& cluster, FatTreePlan& plan) {
  const int nics = cluster.num_nodes * cluster.network.nics_per_node;
  const int leaves = plan.levels == 1 ? 1 : (nics + plan.leaf_down - 1) / plan.leaf_down;
  plan.nic_leaf.resize(static_cast<size_t>(nics));
  for (int nic = 0; nic < nics; ++nic) {
    plan.nic_leaf[static_cast<size_t>(nic)] = plan.levels == 1 ? 0 : nic / plan.leaf_down;
  }
  plan.leaf_nics = std::min(nics, plan.leaf_down);
  plan.pod_leaves = plan.levels == 3 ? std::min(plan.radix / 2, leaves) : leaves;
  plan.num_pods = (leaves + plan.pod_leaves - 1) / plan.pod_leaves;
  plan.leaf_pod.resize(static_cast<size_t>(leaves));
  for (int leaf = 0; leaf < leaves; ++leaf) {
    plan.leaf_pod[static_cast<size_t>(leaf)] = leaf / plan.pod_leaves;
  }
}

FatTreePlan plain_plan(const ClusterConfig& cluster) {
  const FatTreeConfig& ft = cluster.network.fat_tree;
  FatTreePlan plan;
  plan.name = "fat-tree";
  plan.levels = ft.levels;
  plan.radix = ft.switch_radix;
  plan.leaf_down = ft.levels == 1 ? ft.switch_radix : fat_tree_leaf_down_ports(ft);
  plan.leaf_up = ft.levels == 1 ? 0 : ft.switch_radix - plan.leaf_down;
  plan.leaf_name = [](int leaf) { return "leaf" + std::to_string(leaf); };
  plan.pod_name = [](int pod) { return "pod" + std::to_string(pod); };
  if (cluster.num_nodes > 1) place_leaves(cluster, plan);
  return plan;
}

}  // namespace

std::unique_ptr<Topology> make_fat_tree(const ClusterConfig& cluster, double intra_node_Bps) {
  FatTreePlan plan = plain_plan(cluster);
  check_indexable(cluster, fat_tree_planned_switches(plan), fat_tree_planned_links(plan));
  return std::make_unique<FatTreeTopology>(cluster, intra_node_Bps, std::move(plan));
}

// Closed forms: the tree's top switches take k leaves (two levels) or pods (three), one switch
// is the whole tree with one level; the NICs share one set of leaves, so any taper is the leaf's.
NetworkSummary fat_tree_summary(const ClusterConfig& cluster, NetworkSummary s) {
  const FatTreeConfig& ft = cluster.network.fat_tree;
  return fat_tree_summary_of(cluster, s, fat_tree_max_endpoints(ft, ft.switch_radix), 1);
}

std::optional<NetworkProblem> check_fat_tree(const ClusterConfig& cluster) {
  return check_fat_tree_of(cluster, [](const NetworkConfig&) {
    return std::string("the fat-tree has fewer node ports than the cluster has NICs");
  });
}

}  // namespace wt::topo
