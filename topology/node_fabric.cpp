#include "topology/node_fabric.hpp"

#include <algorithm>
#include <string>

#include "core/units.hpp"
#include "topology/ecmp.hpp"

namespace wt::topo {
namespace {

std::string node_prefix(int node) {
  return "node" + std::to_string(node) + ".";
}

const char* switch_name(IntraNodeFabric fabric) {
  return fabric == IntraNodeFabric::pcie ? "pcie" : "nvswitch";
}

// Index of the unordered GPU pair {a, b}, a < b, among the g(g−1)/2 pairs in lexicographic order.
int32_t pair_index(int a, int b, int g) {
  return a * g - a * (a + 1) / 2 + (b - a - 1);
}

}  // namespace

NodeFabric::NodeFabric(const NodeFabricParams& params, GraphBuilder graph,
                       std::vector<int32_t>& gpu_vertices)
    : p_(params),
      vertices_per_node_(static_cast<int32_t>(vertices_per_node(params))),
      links_per_node_(static_cast<int32_t>(links_per_node(params))) {
  graph.reserve(int64_t{p_.nodes} * vertices_per_node_, int64_t{p_.nodes} * links_per_node_);
  gpu_vertices.reserve(static_cast<size_t>(p_.nodes) * static_cast<size_t>(p_.gpus_per_node));
  for (int node = 0; node < p_.nodes; ++node) {
    build_node(node, graph, gpu_vertices);
  }
}

// No node switch: the GPUs link directly (mesh, NeuronLink torus) or meet on the ICI torus.
bool switchless(IntraNodeFabric f) {
  return full_mesh(f) || f == IntraNodeFabric::ici || f == IntraNodeFabric::neuronlink;
}

int64_t NodeFabric::vertices_per_node(const NodeFabricParams& p) {
  const bool node_switch = !switchless(p.fabric) && p.gpus_per_node > 1;
  return int64_t{p.gpus_per_node} + p.nics_per_node + (node_switch ? 1 : 0);
}

int64_t NodeFabric::links_per_node(const NodeFabricParams& p) {
  const int64_t g = p.gpus_per_node;
  // A switch: a cable per GPU; a mesh: one per pair; NeuronLink: two per chip (its + neighbour in
  // each wrapped dimension).
  int64_t intra = 2 * g;
  if (g < 2 || p.fabric == IntraNodeFabric::ici) {
    intra = 0;
  } else if (full_mesh(p.fabric)) {
    intra = g * (g - 1);
  } else if (p.fabric == IntraNodeFabric::neuronlink) {
    intra = 4 * g;
  }
  return intra + 2 * std::max<int64_t>(g, p.nics_per_node);
}

bool NodeFabric::has_switch() const {
  return !switchless(p_.fabric) && p_.gpus_per_node > 1;
}

int32_t NodeFabric::intra_links() const {
  return links_per_node_ - 2 * std::max(p_.gpus_per_node, p_.nics_per_node);
}

int NodeFabric::first_nic(int gpu) const {
  const int64_t n = p_.nics_per_node;
  const int64_t g = p_.gpus_per_node;
  return static_cast<int>(n <= g ? gpu * n / g : (gpu * n + g - 1) / g);
}

int NodeFabric::nic_count(int gpu) const {
  if (p_.nics_per_node <= p_.gpus_per_node) return 1;
  const int next = gpu + 1 == p_.gpus_per_node ? p_.nics_per_node : first_nic(gpu + 1);
  return next - first_nic(gpu);
}

int32_t NodeFabric::nic_vertex(int node, int nic) const {
  return node * vertices_per_node_ + p_.gpus_per_node + nic;
}

std::pair<int, int> NodeFabric::flow_nics(int src_gpu, int dst_gpu, uint64_t flow_hash) const {
  if (p_.nics_per_node <= p_.gpus_per_node) return {first_nic(src_gpu), first_nic(dst_gpu)};
  const int offset = ecmp_pick(flow_hash, EcmpDecision::nic, nic_count(src_gpu));
  return {first_nic(src_gpu) + offset, first_nic(dst_gpu) + offset % nic_count(dst_gpu)};
}

int32_t NodeFabric::gpu_to_nic_link(int node, int gpu, int nic) const {
  const int attachment = p_.nics_per_node <= p_.gpus_per_node ? gpu : nic;
  return node * links_per_node_ + intra_links() + 2 * attachment;
}

void NodeFabric::route_inside(int node, int a, int b, std::vector<int32_t>& out) const {
  const int32_t base = node * links_per_node_;
  if (p_.fabric == IntraNodeFabric::neuronlink) {
    route_torus(base, a, b, out);
    return;
  }
  if (has_switch()) {
    out.push_back(base + 2 * a);      // GPU a → switch
    out.push_back(base + 2 * b + 1);  // switch → GPU b
    return;
  }
  const int32_t pair = pair_index(std::min(a, b), std::max(a, b), p_.gpus_per_node);
  out.push_back(base + 2 * pair + (a < b ? 0 : 1));
}

void NodeFabric::build_node(int node, GraphBuilder& graph,
                            std::vector<int32_t>& gpu_vertices) const {
  const std::string prefix = node_prefix(node);
  const int32_t first = graph.next_vertex();
  for (int i = 0; i < p_.gpus_per_node; ++i) {
    gpu_vertices.push_back(
        graph.add_vertex(VertexKind::gpu, node, prefix + "gpu" + std::to_string(i)));
  }
  for (int j = 0; j < p_.nics_per_node; ++j) {
    graph.add_vertex(VertexKind::nic, node, prefix + "nic" + std::to_string(j));
  }
  if (has_switch()) {
    graph.add_vertex(VertexKind::node_switch, node, prefix + switch_name(p_.fabric));
  }
  build_intra_links(first, graph);
  build_attachments(first, graph);
}

void NodeFabric::build_intra_links(int32_t first_vertex, GraphBuilder& graph) const {
  const int g = p_.gpus_per_node;
  if (g < 2 || p_.fabric == IntraNodeFabric::ici) return;
  if (has_switch()) {
    const int32_t hub = first_vertex + g + p_.nics_per_node;
    const LinkSpec half{p_.gpu_Bps, p_.gpu_latency_s / 2.0, LinkLevel::intra_node};
    for (int i = 0; i < g; ++i) {
      graph.add_cable(first_vertex + i, hub, half);
    }
    return;
  }
  if (p_.fabric == IntraNodeFabric::neuronlink) {
    build_torus_links(first_vertex, graph);
    return;
  }
  const LinkSpec direct{p_.gpu_Bps / (g - 1), p_.gpu_latency_s, LinkLevel::intra_node};
  for (int a = 0; a < g; ++a) {
    for (int b = a + 1; b < g; ++b) {
      graph.add_cable(first_vertex + a, first_vertex + b, direct);
    }
  }
}

// NeuronLink: chip i = x + 4·y; cable 2i + d joins i to its + neighbour along dimension d (wrapping
// around), each at a quarter of the chip's bandwidth with the node's latency per hop.
int NodeFabric::torus_step(int chip, int dim, int direction) const {
  const int side = dim == 0 ? kNeuronLinkSide : p_.gpus_per_node / kNeuronLinkSide;
  const int stride = dim == 0 ? 1 : kNeuronLinkSide;
  const int x = chip / stride % side;
  return chip + ((x + direction + side) % side - x) * stride;
}

void NodeFabric::build_torus_links(int32_t first_vertex, GraphBuilder& graph) const {
  const LinkSpec link{p_.gpu_Bps / kNeuronLinkLinks, p_.gpu_latency_s, LinkLevel::intra_node};
  for (int i = 0; i < p_.gpus_per_node; ++i) {
    for (int dim = 0; dim < 2; ++dim) {
      graph.add_cable(first_vertex + i, first_vertex + torus_step(i, dim, 1), link);
    }
  }
}

// Dimension order (0, then 1), each the shorter way round, + on a tie.
void NodeFabric::route_torus(int32_t base, int a, int b, std::vector<int32_t>& out) const {
  for (int dim = 0; dim < 2; ++dim) {
    const int side = dim == 0 ? kNeuronLinkSide : p_.gpus_per_node / kNeuronLinkSide;
    const int stride = dim == 0 ? 1 : kNeuronLinkSide;
    const int forward = ((b / stride % side - a / stride % side) % side + side) % side;
    const bool plus = forward <= side - forward;
    for (int hop = 0; hop < (plus ? forward : side - forward); ++hop) {
      const int next = torus_step(a, dim, plus ? 1 : -1);
      out.push_back(plus ? base + 2 * (2 * a + dim) : base + 2 * (2 * next + dim) + 1);
      a = next;
    }
  }
}

// One cable per (GPU, NIC it uses): g cables when GPUs share NICs, else one per NIC.
void NodeFabric::build_attachments(int32_t first_vertex, GraphBuilder& graph) const {
  // ICI: the "NIC" is the chip's own router port, at the chip's whole ICI bandwidth.
  const double Bps = p_.fabric == IntraNodeFabric::ici ? p_.gpu_Bps : p_.nic_Bps;
  const LinkSpec attach{Bps, 0.0, LinkLevel::intra_node};
  const int32_t first_nic_vertex = first_vertex + p_.gpus_per_node;
  for (int i = 0; i < p_.gpus_per_node; ++i) {
    for (int j = first_nic(i); j < first_nic(i) + nic_count(i); ++j) {
      graph.add_cable(first_vertex + i, first_nic_vertex + j, attach);
    }
  }
}

double intra_node_bandwidth_Bps(const IntraNodeConfig& node, double nvlink_GBps, double pcie_GBps) {
  if (node.bandwidth_GBps > 0.0) return units::gbyte_per_s_to_bytes_per_s(node.bandwidth_GBps);
  const bool nvlink = nvlink_GBps > 0.0 && node.fabric != IntraNodeFabric::pcie;
  return units::gbyte_per_s_to_bytes_per_s(nvlink ? nvlink_GBps : pcie_GBps);
}

}  // namespace wt::topo
