#pragma once
// What every topology shares: the nodes (node_fabric.hpp) built first, so that the vertex and
// link ids of node n are n × (per-node count) + local index, then the network a subclass adds.
// route() goes inside a node, or GPU → NIC → network → NIC → GPU; a subclass routes only
// between NICs. A one-node cluster has no network: its NICs exist but attach to nothing.
#include <cstdint>
#include <vector>

#include "topology/cluster_config.hpp"
#include "topology/graph_builder.hpp"
#include "topology/node_fabric.hpp"
#include "topology/topology.hpp"

namespace wt::topo {

class ClusterTopology : public Topology {
 public:
  void route(int src, int dst, uint64_t flow_hash, std::vector<int32_t>& out) const final;
  bool route_nonminimal(int src, int dst, uint64_t flow_hash,
                        std::vector<int32_t>& out) const final;
  TopologyMetrics metrics() const final;

  int num_nics() const { return num_nodes_ * nics_per_node_; }
  int nics_per_node() const { return nics_per_node_; }
  // Vertex of NIC `nic` (global index node × nics_per_node + local index).
  int32_t nic_vertex(int nic) const;

 protected:
  ClusterTopology(const ClusterConfig& cluster, double intra_node_Bps);

  // The metrics only the network's shape knows.
  struct NetworkFigures {
    double bisection_Bps = 0.0;
    int diameter_links = 0;
    double oversubscription = 1.0;
  };
  // Appends the network links from NIC `src_nic` to NIC `dst_nic` (global indexes, distinct
  // nodes).
  virtual void route_network(int src_nic, int dst_nic, uint64_t flow_hash,
                             std::vector<int32_t>& out) const = 0;
  // The non-minimal alternative between NICs of distinct nodes; false, appending nothing, where
  // there is none.
  virtual bool route_network_nonminimal(int /*src_nic*/, int /*dst_nic*/, uint64_t /*flow_hash*/,
                                        std::vector<int32_t>& /*out*/) const {
    return false;
  }
  virtual NetworkFigures network_figures() const = 0;

  bool has_network() const { return num_nodes_ > 1 || (ici_ && num_gpus() > 1); }
  GraphBuilder graph() { return GraphBuilder(vertices_, links_); }
  // A network link of the cluster's line rate and per-hop latency.
  LinkSpec network_link(LinkLevel level) const { return {link_Bps_, link_latency_s_, level}; }
  double link_Bps() const { return link_Bps_; }

 private:
  // route() (nonminimal false) or route_nonminimal(); false when the network has no such path.
  bool route_gpus(int src, int dst, uint64_t flow_hash, bool nonminimal,
                  std::vector<int32_t>& out) const;

  int nics_per_node_ = 0;
  double link_Bps_ = 0.0;
  double link_latency_s_ = 0.0;
  bool ici_ = false;  // intra_node.fabric "ici": chips of one node meet on the network
  NodeFabric nodes_;
};

// NodeFabric parameters of a cluster (`intra_node_Bps` as given to build_topology).
NodeFabricParams node_fabric_params(const ClusterConfig& cluster, double intra_node_Bps);

}  // namespace wt::topo
