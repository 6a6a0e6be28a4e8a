// Refusals every topology shares, before anything is built (builders.hpp).
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>

#include "core/error.hpp"
#include "topology/builders.hpp"
#include "topology/cluster_topology.hpp"
#include "topology/network_summary.hpp"

namespace wt::topo {
namespace {

std::string text(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

void require_at_least_one(int value, const std::string& path) {
  if (value >= 1) return;
  throw InputError(path, "a cluster needs at least one", std::to_string(value), ">= 1");
}

void require_positive(double value, const std::string& path, const std::string& what) {
  if (value > 0.0) return;
  throw InputError(path, what + " must be positive", text(value), "> 0");
}

void require_not_negative(double value, const std::string& path) {
  if (value >= 0.0) return;
  throw InputError(path, "a latency cannot be negative", text(value), ">= 0");
}

}  // namespace

void check_buildable(const ClusterConfig& cluster, double intra_node_Bps) {
  require_at_least_one(cluster.num_nodes, "cluster.num_nodes");
  require_at_least_one(cluster.gpus_per_node, "cluster.gpus_per_node");
  require_at_least_one(cluster.network.nics_per_node, "cluster.network.nics_per_node");
  require_positive(cluster.network.link_bandwidth_Gbps, "cluster.network.link_bandwidth_Gbps",
                   "the network line rate");
  require_not_negative(cluster.network.link_latency_us, "cluster.network.link_latency_us");
  require_not_negative(cluster.intra_node.latency_us, "cluster.intra_node.latency_us");
  if (cluster.gpus_per_node > 1) {
    require_positive(intra_node_Bps, "cluster.intra_node.bandwidth_GBps",
                     "the intra-node bandwidth per GPU");
  }
  if (cluster.intra_node.fabric == IntraNodeFabric::neuronlink &&
      cluster.gpus_per_node != kNeuronLinkChips) {
    throw InputError("cluster.gpus_per_node",
                     "a NeuronLink node is a trn2.48xlarge's 4 × 4 torus of Trainium2 chips",
                     std::to_string(cluster.gpus_per_node),
                     std::to_string(kNeuronLinkChips) + " with intra_node.fabric \"neuronlink\"");
  }
  if (cluster.num_nodes < 2) return;  // one node: no network to check (as scenario validation)
  if (const std::optional<NetworkProblem> p = check_network(cluster)) {
    throw InputError(p->path, p->problem, p->value, p->allowed);
  }
}

void check_indexable(const ClusterConfig& cluster, int64_t network_vertices,
                     int64_t network_links) {
  const NodeFabricParams node = node_fabric_params(cluster, 1.0);
  const int64_t links = cluster.num_nodes * NodeFabric::links_per_node(node) + network_links;
  const int64_t vertices =
      cluster.num_nodes * NodeFabric::vertices_per_node(node) + network_vertices;
  constexpr int64_t kMaxIds = std::numeric_limits<int32_t>::max();
  if (links <= kMaxIds && vertices <= kMaxIds) return;
  throw InputError(
      "cluster", "the topology is too large to build (ids are 32-bit)",
      std::to_string(vertices) + " vertices and " + std::to_string(links) + " directed links",
      "at most " + std::to_string(kMaxIds) + " of each");
}

}  // namespace wt::topo
