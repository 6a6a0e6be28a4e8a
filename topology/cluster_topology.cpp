#include "topology/cluster_topology.hpp"

#include <cassert>

#include "core/units.hpp"

namespace wt::topo {

NodeFabricParams node_fabric_params(const ClusterConfig& cluster, double intra_node_Bps) {
  return {cluster.num_nodes,
          cluster.gpus_per_node,
          cluster.network.nics_per_node,
          cluster.intra_node.fabric,
          intra_node_Bps,
          units::us_to_s(cluster.intra_node.latency_us),
          units::gbit_per_s_to_bytes_per_s(cluster.network.link_bandwidth_Gbps)};
}

ClusterTopology::ClusterTopology(const ClusterConfig& cluster, double intra_node_Bps)
    : nics_per_node_(cluster.network.nics_per_node),
      link_Bps_(units::gbit_per_s_to_bytes_per_s(cluster.network.link_bandwidth_Gbps)),
      link_latency_s_(units::us_to_s(cluster.network.link_latency_us)),
      nodes_(node_fabric_params(cluster, intra_node_Bps), graph(), gpu_vertices_) {
  num_nodes_ = cluster.num_nodes;
  gpus_per_node_ = cluster.gpus_per_node;
  ici_ = cluster.ici();
}

int32_t ClusterTopology::nic_vertex(int nic) const {
  return nodes_.nic_vertex(nic / nics_per_node_, nic % nics_per_node_);
}

void ClusterTopology::route(int src, int dst, uint64_t flow_hash, std::vector<int32_t>& out) const {
  route_gpus(src, dst, flow_hash, false, out);
}

bool ClusterTopology::route_nonminimal(int src, int dst, uint64_t flow_hash,
                                       std::vector<int32_t>& out) const {
  return route_gpus(src, dst, flow_hash, true, out);
}

bool ClusterTopology::route_gpus(int src, int dst, uint64_t flow_hash, bool nonminimal,
                                 std::vector<int32_t>& out) const {
  assert(src >= 0 && src < num_gpus() && dst >= 0 && dst < num_gpus() && "GPU rank out of range");
  if (src == dst) return !nonminimal;
  const int src_node = src / gpus_per_node_;
  const int dst_node = dst / gpus_per_node_;
  const int src_gpu = src % gpus_per_node_;
  const int dst_gpu = dst % gpus_per_node_;
  if (src_node == dst_node && !ici_) {
    if (nonminimal) return false;
    nodes_.route_inside(src_node, src_gpu, dst_gpu, out);
    return true;
  }
  const auto [src_nic, dst_nic] = nodes_.flow_nics(src_gpu, dst_gpu, flow_hash);
  out.push_back(nodes_.gpu_to_nic_link(src_node, src_gpu, src_nic));
  const int from = src_node * nics_per_node_ + src_nic;
  const int to = dst_node * nics_per_node_ + dst_nic;
  if (!nonminimal) {
    route_network(from, to, flow_hash, out);
  } else if (!route_network_nonminimal(from, to, flow_hash, out)) {
    out.pop_back();
    return false;
  }
  out.push_back(nodes_.gpu_to_nic_link(dst_node, dst_gpu, dst_nic) + 1);
  return true;
}

TopologyMetrics ClusterTopology::metrics() const {
  TopologyMetrics m;
  m.gpus = num_gpus();
  m.nics = num_nics();
  for (const Vertex& v : vertices_) {
    if (v.kind == VertexKind::network_switch) ++m.switches;
  }
  int64_t network_links = 0;
  for (const Link& l : links_) {
    if (l.level != LinkLevel::intra_node) ++network_links;
  }
  m.cables = network_links / 2;
  m.injection_Bps_per_gpu = link_Bps_ * nics_per_node_ / gpus_per_node_;
  if (has_network()) {
    const NetworkFigures f = network_figures();
    m.bisection_Bps = f.bisection_Bps;
    m.diameter_links = f.diameter_links;
    m.oversubscription = f.oversubscription;
  }
  return m;
}

}  // namespace wt::topo
