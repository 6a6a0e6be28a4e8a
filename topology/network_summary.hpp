#pragma once
// What the analytical cost model needs to know about the network between nodes: how many link hops
// a message crosses and whether the fabric can host the cluster at all. Each registered topology
// gives its own closed forms, in its own file (fat_tree.cpp, rail_fat_tree.cpp, torus.cpp,
// dragonfly.cpp); these two functions pick the cluster's. The built graphs (topology.hpp,
// docs/topology.md) agree with the closed forms; tests pin it.
#include <optional>
#include <string>

#include "topology/cluster_config.hpp"

namespace wt::topo {

struct NetworkSummary {
  int endpoints = 0;           // NICs attached to the fabric
  int max_endpoints = 0;       // NICs the fabric can host with these parameters
  int hops_between_nodes = 0;  // links crossed between two nodes, worst case (diameter in links)
  double per_gpu_injection_Bps = 0.0;  // NIC bandwidth available to one GPU, per direction
  double bisection_Bps = 0.0;          // bisection bandwidth of the fabric, one direction
};

// Closed-form summary of cluster.network for cluster.num_nodes nodes.
NetworkSummary summarize_network(const ClusterConfig& cluster);

// A reason the network cannot be built (more NICs than ports, torus dims not matching the node
// count, dragonfly too small, …), with the JSON path at fault; nullopt when it can.
struct NetworkProblem {
  std::string path;
  std::string problem;
  std::string value;
  std::string allowed;
};
std::optional<NetworkProblem> check_network(const ClusterConfig& cluster);

// Leaf switch ports facing the nodes in a fat-tree of two or three levels, d = round(k·r/(1+r))
// clamped to 1 .. k−1; the leaf has k − d ports up. The capacity check above and the topology
// builders (topology.hpp) share this arithmetic (fat_tree_network.cpp).
int fat_tree_leaf_down_ports(const FatTreeConfig& fat_tree);

}  // namespace wt::topo

// The names the rest of the simulator has always used.
namespace wt {
using topo::check_network;
using topo::fat_tree_leaf_down_ports;
using topo::NetworkProblem;
using topo::NetworkSummary;
using topo::summarize_network;
}  // namespace wt
