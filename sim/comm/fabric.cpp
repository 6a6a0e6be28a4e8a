// The cost model's fabric from a scenario and its GPU (docs/collectives.md, "Fabric").
#include "sim/comm/fabric.hpp"

#include <algorithm>

#include "core/units.hpp"
#include "topology/network_summary.hpp"

namespace wt {
namespace {

// Per GPU and direction: the scenario's figure, else NVLink, else PCIe (also when the scenario
// declares a PCIe node).
bool intra_nvlink(const IntraNodeConfig& node, const GpuSpec& gpu) {
  return gpu.nvlink_GBps.value > 0.0 && node.fabric != IntraNodeFabric::pcie;
}

double intra_node_GBps(const IntraNodeConfig& node, const GpuSpec& gpu) {
  if (node.bandwidth_GBps > 0.0) {
    return node.bandwidth_GBps;
  }
  return intra_nvlink(node, gpu) ? gpu.nvlink_GBps.value : gpu.pcie_GBps.value;
}

LinkClass intra_link(const Scenario& s, const GpuSpec& gpu) {
  const IntraNodeConfig& node = s.cluster.intra_node;
  return {
      units::us_to_s(node.latency_us),
      units::gbyte_per_s_to_bytes_per_s(intra_node_GBps(node, gpu)) * gpu.nvlink_efficiency.value};
}

LinkClass inter_link(const Scenario& s, const GpuSpec& gpu) {
  const ClusterConfig& c = s.cluster;
  const NetworkConfig& net = c.network;
  const int hops = std::max(1, summarize_network(c).hops_between_nodes);
  const double node_Bps =
      units::gbit_per_s_to_bytes_per_s(net.link_bandwidth_Gbps) * net.nics_per_node;
  return {units::us_to_s(net.link_latency_us) * hops,
          node_Bps / std::max(1, c.gpus_per_node) * gpu.network_efficiency.value};
}

// NCCL's per-step latency of NVLS (reference nccl_latency_model: hwLat NVLink NVLS_Simple).
constexpr double kNvlsStepUs = 23.0;

// The NVLS all-reduce of the GPU's node: its 8-GPU bus bandwidth back to algorithm bandwidth
// (busbw = algbw · 2(n−1)/n), scaled when the scenario sets its own NVLink bandwidth.
LinkClass nvls_link(const Scenario& s, const GpuSpec& gpu) {
  const IntraNodeConfig& node = s.cluster.intra_node;
  if (node.fabric != IntraNodeFabric::nvswitch || !(gpu.nvls_busbw_GBps.value > 0.0) ||
      !(gpu.nvlink_GBps.value > 0.0)) {
    return {};
  }
  constexpr double n = 8.0;
  double algbw_GBps = gpu.nvls_busbw_GBps.value * n / (2.0 * (n - 1.0));
  if (node.bandwidth_GBps > 0.0) algbw_GBps *= node.bandwidth_GBps / gpu.nvlink_GBps.value;
  return {units::us_to_s(kNvlsStepUs), units::gbyte_per_s_to_bytes_per_s(algbw_GBps)};
}

// One ICI link of a slice: the torus hop latency, the catalog's per-link rate at the chip's
// (ICI) link efficiency.
LinkClass ici_link(const Scenario& s, const GpuSpec& gpu) {
  const IntraNodeConfig& node = s.cluster.intra_node;
  // NeuronLink: one of a Trainium2 chip's 4 links, a quarter of its intra-node bandwidth, at the
  // node's latency per hop.
  if (node.fabric == IntraNodeFabric::neuronlink) {
    return {units::us_to_s(node.latency_us),
            units::gbyte_per_s_to_bytes_per_s(intra_node_GBps(node, gpu)) / kNeuronLinkLinks *
                gpu.nvlink_efficiency.value};
  }
  if (!s.cluster.ici() || !(gpu.ici_link_GBps.value > 0.0)) return {};
  return {units::us_to_s(s.cluster.network.link_latency_us),
          units::gbyte_per_s_to_bytes_per_s(gpu.ici_link_GBps.value) * gpu.nvlink_efficiency.value};
}

// The data-center network between ICI slices: the host's DCN bandwidth shared by its chips (they
// all send at once in a cross-slice collective), at the GPU's network efficiency.
LinkClass dcn_link(const Scenario& s, const GpuSpec& gpu) {
  const ClusterConfig& c = s.cluster;
  if (c.num_slices() < 2) return {};
  return {units::us_to_s(c.dcn.latency_us),
          units::gbit_per_s_to_bytes_per_s(c.dcn.host_bandwidth_Gbps) /
              std::max(1, c.gpus_per_node) * gpu.network_efficiency.value};
}

// A dragonfly's group and router sizes, and with minimal routing a GPU's share of the cables a
// ring crosses (collective.hpp, Fabric): the m = ⌊a·h/(g−1)⌋ global cables of a group pair and the
// one local cable of a router pair, shared by the node's GPUs, at the GPU's network efficiency.
void set_dragonfly(Fabric& f, const Scenario& s, const GpuSpec& gpu) {
  const ClusterConfig& c = s.cluster;
  const NetworkConfig& net = c.network;
  if (net.topology != NetworkTopology::dragonfly || c.num_nodes < 2) return;
  const DragonflyConfig& df = net.dragonfly;
  f.dragonfly_nodes_per_group = df.routers_per_group * df.nodes_per_router;
  f.dragonfly_nodes_per_router = df.nodes_per_router;
  if (df.routing != DragonflyRouting::minimal) return;
  const double share = units::gbit_per_s_to_bytes_per_s(net.link_bandwidth_Gbps) /
                       std::max(1, c.gpus_per_node) * gpu.network_efficiency.value;
  const int cables =
      df.groups < 2 ? 0 : df.routers_per_group * df.global_links_per_router / (df.groups - 1);
  f.dragonfly_global_Bps = cables * share;
  if (df.routers_per_group > 1) f.dragonfly_local_Bps = share;
}

}  // namespace

Fabric make_fabric(const Scenario& s, const GpuSpec& gpu) {
  Fabric f{intra_link(s, gpu),
           inter_link(s, gpu),
           units::us_to_s(gpu.collective_launch_us.value),
           nvls_link(s, gpu),
           !intra_nvlink(s.cluster.intra_node, gpu),
           true};
  f.ici = ici_link(s, gpu);
  f.dcn = dcn_link(s, gpu);
  set_dragonfly(f, s, gpu);
  f.inter_simple_only = s.cluster.network.transport == NetworkTransport::efa;
  if (full_mesh(s.cluster.intra_node.fabric) && s.cluster.gpus_per_node > 1) {
    f.mesh_gpus = s.cluster.gpus_per_node;
  }
  return f;
}

GroupShape group_shape(int ranks, int stride, int gpus_per_node) {
  ranks = std::max(1, ranks);
  stride = std::max(1, stride);
  gpus_per_node = std::max(1, gpus_per_node);
  if (stride * ranks <= gpus_per_node) {
    return {ranks, 1};
  }
  if (stride >= gpus_per_node) {
    return {ranks, ranks};
  }
  const int per_node = gpus_per_node / stride;
  return {ranks, (ranks + per_node - 1) / per_node};
}

}  // namespace wt
