// The registered topologies (name, description, parameters) and build_topology's dispatch: the
// first registration whose network shape matches builds the cluster.
#include <stdexcept>
#include <string>

#include "topology/builders.hpp"
#include "topology/topology.hpp"

namespace wt::topo {
namespace {

struct Registration {
  TopologyInfo info;
  bool (*matches)(const NetworkConfig& network);
  std::unique_ptr<Topology> (*build)(const ClusterConfig& cluster, double intra_node_Bps);
  ClosedForms closed_forms;
};

std::string net(const char* field) {
  return std::string("cluster.network.") + field;
}

std::vector<std::string> network_paths(std::vector<std::string> own) {
  std::vector<std::string> paths = {net("topology"), net("link_bandwidth_Gbps"),
                                    net("link_latency_us"), net("nics_per_node")};
  paths.insert(paths.end(), own.begin(), own.end());
  return paths;
}

bool rail_tree(const NetworkConfig& n) {
  return n.topology == NetworkTopology::fat_tree && n.rail_optimized && n.fat_tree.levels >= 2;
}

const std::vector<Registration>& registrations() {
  static const std::vector<Registration> table = {
      {{"fat-tree",
        "Fat-tree of 1 to 3 switch levels (one switch, leaf-spine, k-ary pods and cores) with "
        "an oversubscribed leaf; ECMP by flow hash.",
        network_paths({net("rail_optimized"), net("fat_tree.levels"), net("fat_tree.switch_radix"),
                       net("fat_tree.oversubscription")})},
       [](const NetworkConfig& n) {
         return n.topology == NetworkTopology::fat_tree && !rail_tree(n);
       },
       make_fat_tree,
       {fat_tree_summary, check_fat_tree}},
      {{"rail-optimized-fat-tree",
        "Fat-tree whose leaves (and, with 3 levels, pods) each serve one rail, NIC i of every "
        "node; rails meet at the spines or cores.",
        network_paths({net("rail_optimized"), net("fat_tree.levels"), net("fat_tree.switch_radix"),
                       net("fat_tree.oversubscription")})},
       rail_tree,
       make_rail_fat_tree,
       {rail_fat_tree_summary, check_rail_fat_tree}},
      {{"torus",
        "1-3 dimensional torus, one router per node, wrap-around cables; dimension-order "
        "routing the shorter way round.",
        network_paths({net("torus.dims")})},
       [](const NetworkConfig& n) { return n.topology == NetworkTopology::torus; },
       make_torus,
       {torus_summary, check_torus}},
      {{"dragonfly",
        "Groups of all-to-all routers joined by global cables spread evenly over the group "
        "pairs; minimal (local-global-local), Valiant or UGAL routing.",
        network_paths({net("dragonfly.groups"), net("dragonfly.routers_per_group"),
                       net("dragonfly.nodes_per_router"), net("dragonfly.global_links_per_router"),
                       net("dragonfly.routing")})},
       [](const NetworkConfig& n) { return n.topology == NetworkTopology::dragonfly; },
       make_dragonfly,
       {dragonfly_summary, check_dragonfly}},
  };
  return table;
}

}  // namespace

const std::vector<TopologyInfo>& registered_topologies() {
  static const std::vector<TopologyInfo> infos = [] {
    std::vector<TopologyInfo> out;
    for (const Registration& r : registrations()) {
      out.push_back(r.info);
    }
    return out;
  }();
  return infos;
}

const TopologyInfo& node_fabric_info() {
  static const TopologyInfo info{
      "node",
      "The inside of a node: NVSwitch (all-to-all at the full per-GPU bandwidth), NVLink or "
      "Infinity Fabric (xGMI) mesh (a direct link per GPU pair) or PCIe switch; each GPU attached "
      "to its NIC.",
      {"cluster.gpus_per_node", "cluster.intra_node.fabric", "cluster.intra_node.bandwidth_GBps",
       "cluster.intra_node.latency_us", "cluster.network.nics_per_node"}};
  return info;
}

namespace {

// The first registration whose network shape matches.
const Registration& registration_of(const NetworkConfig& network) {
  for (const Registration& r : registrations()) {
    if (r.matches(network)) return r;
  }
  throw std::logic_error("no registered topology for this network");
}

}  // namespace

const ClosedForms& closed_forms_of(const NetworkConfig& network) {
  return registration_of(network).closed_forms;
}

std::unique_ptr<Topology> build_topology(const ClusterConfig& cluster, double intra_node_Bps) {
  check_buildable(cluster, intra_node_Bps);
  return registration_of(cluster.network).build(cluster, intra_node_Bps);
}

}  // namespace wt::topo
