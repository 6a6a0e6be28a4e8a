#pragma once
// What the analytical cost model needs to know about the network between nodes: how many link hops
// a message crosses and whether the fabric can host the cluster at all. (The full topologies and
// their routing arrive with the SimGrid engine; these closed forms are what they must agree with.)
#include <optional>
#include <string>

#include "sim/scenario/scenario.hpp"

namespace wt {

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

}  // namespace wt
