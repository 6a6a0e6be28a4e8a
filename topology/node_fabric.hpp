#pragma once
// The inside of every node: its GPUs, its NICs and what joins them (docs/topology.md, "Node").
//   nvswitch     each GPU has a cable to the node's NVSwitch vertex at the full per-GPU bandwidth;
//   nvlink_mesh  a direct link per ordered GPU pair at bandwidth / (g − 1);
//   xgmi         AMD Infinity Fabric: the same full mesh (MI300X: 7 links of 64 GB/s per
//   direction); pcie         each GPU has a cable to a PCIe switch vertex at the given bandwidth;
//   neuronlink   AWS Trainium2: the node's 16 chips as a 4 × 4 torus, both dimensions wrapped, a
//                cable to each + neighbour at a quarter of the chip's bandwidth (4 links per chip);
//                dimension-order routing, the shorter way round;
//   ici          no link inside the node: each chip's attachment to its own torus router runs at
//                the chip's ICI bandwidth (all its links), and chips of one host meet on the torus.
// A GPU → GPU route crosses links whose latencies add up to intra_node.latency_us. Each GPU reaches
// its NIC(s) by an attachment cable at the NIC's line rate and zero latency: the network link
// behind the NIC limits the flow, as in the analytical model, which has no PCIe term.
#include <cstdint>
#include <utility>
#include <vector>

#include "topology/cluster_config.hpp"
#include "topology/graph_builder.hpp"

namespace wt::topo {

struct NodeFabricParams {
  int nodes = 1;
  int gpus_per_node = 1;
  int nics_per_node = 1;
  IntraNodeFabric fabric = IntraNodeFabric::nvswitch;
  double gpu_Bps = 0.0;  // one GPU's intra-node bandwidth, per direction
  double gpu_latency_s = 0.0;
  double nic_Bps = 0.0;  // NIC line rate, per direction
};

class NodeFabric {
 public:
  // Adds every node's vertices (GPUs, NICs, the node switch) and links, node by node, and the GPU
  // vertex ids to `gpu_vertices`.
  NodeFabric(const NodeFabricParams& params, GraphBuilder graph,
             std::vector<int32_t>& gpu_vertices);

  static int64_t vertices_per_node(const NodeFabricParams& params);
  static int64_t links_per_node(const NodeFabricParams& params);

  int32_t nic_vertex(int node, int nic) const;
  // Local NIC indexes a flow between local GPUs `src_gpu` and `dst_gpu` leaves and arrives by.
  // GPU i uses NIC i·n/g when NICs are shared (n ≤ g), else its n/g NICs, one chosen per flow;
  // the same offset at both ends keeps the flow on one rail.
  std::pair<int, int> flow_nics(int src_gpu, int dst_gpu, uint64_t flow_hash) const;
  // Link from a GPU to one of its NICs; the link back is this id + 1.
  int32_t gpu_to_nic_link(int node, int gpu, int nic) const;
  // Appends the links from local GPU a to local GPU b (a ≠ b) of `node`.
  void route_inside(int node, int a, int b, std::vector<int32_t>& out) const;

 private:
  int first_nic(int gpu) const;
  int nic_count(int gpu) const;
  bool has_switch() const;
  int32_t intra_links() const;
  void build_node(int node, GraphBuilder& graph, std::vector<int32_t>& gpu_vertices) const;
  void build_intra_links(int32_t first_vertex, GraphBuilder& graph) const;
  void build_attachments(int32_t first_vertex, GraphBuilder& graph) const;
  // NeuronLink (a 4 × g/4 torus of the node's chips).
  int torus_step(int chip, int dim, int direction) const;
  void build_torus_links(int32_t first_vertex, GraphBuilder& graph) const;
  void route_torus(int32_t base, int a, int b, std::vector<int32_t>& out) const;

  NodeFabricParams p_;
  int32_t vertices_per_node_ = 0;
  int32_t links_per_node_ = 0;
};

}  // namespace wt::topo
