#pragma once
// A cluster's network as a graph of directed links, with its own routing (docs/topology.md).
// Vertices are GPUs, NICs and switches (NVSwitch, leaf/spine/core, torus and dragonfly routers).
// Every cable is two directed links, one per direction, each with its own bandwidth and latency, so
// traffic in opposite directions never shares capacity. Both engines read this graph: the
// analytical engine for its closed forms (hops, bisection), the SimGrid engine to create one
// SimGrid link per Link and one route per communicating GPU pair.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "topology/cluster_config.hpp"

namespace wt::topo {

enum class VertexKind : uint8_t { gpu, nic, node_switch, network_switch };

// Which part of the fabric a link belongs to (for reports, utilisation colouring and tests).
enum class LinkLevel : uint8_t {
  intra_node,  // NVLink / NVSwitch / PCIe inside a node
  nic,         // NIC ↔ first switch (or torus/dragonfly router)
  level1,      // leaf ↔ spine (fat-tree), local router ↔ router (dragonfly), torus dimension 0
  level2,      // spine ↔ core (fat-tree), global (dragonfly), torus dimension 1
  level3,      // torus dimension 2
};

struct Vertex {
  VertexKind kind = VertexKind::gpu;
  int32_t node = -1;  // owning node for GPUs, NICs and NVSwitches; -1 for network switches
  std::string name;   // e.g. "node3.gpu5", "leaf12", "core0", "router(2,1)"
};

struct Link {
  int32_t from = 0;  // vertex ids
  int32_t to = 0;
  double bandwidth_Bps = 0.0;  // bytes per second, this direction
  double latency_s = 0.0;
  LinkLevel level = LinkLevel::intra_node;
};

// What `windtunnel topo` prints, each checked in tests against a closed form.
struct TopologyMetrics {
  int64_t gpus = 0;
  int64_t nics = 0;
  int64_t switches = 0;        // network switches (not NVSwitches)
  int64_t cables = 0;          // network cables (NIC and switch-to-switch), each two links
  double bisection_Bps = 0.0;  // one direction, across the worst even split of the nodes
  int diameter_links = 0;      // most network links crossed between two NICs (not counting NVLink)
  double oversubscription = 1.0;       // leaf down-bandwidth / up-bandwidth (1 = non-blocking)
  double injection_Bps_per_gpu = 0.0;  // network bandwidth one GPU can inject, one direction
};

class Topology {
 public:
  virtual ~Topology() = default;
  virtual std::string name() const = 0;  // registered name, e.g. "fat-tree"

  const std::vector<Vertex>& vertices() const { return vertices_; }
  const std::vector<Link>& links() const { return links_; }
  int num_nodes() const { return num_nodes_; }
  int gpus_per_node() const { return gpus_per_node_; }
  int num_gpus() const { return num_nodes_ * gpus_per_node_; }
  // Vertex id of global GPU rank g (node g / gpus_per_node, local index g % gpus_per_node).
  int32_t gpu_vertex(int gpu) const { return gpu_vertices_[static_cast<size_t>(gpu)]; }

  // Appends to `out` the directed link ids a flow from GPU `src` to GPU `dst` crosses, in order:
  // intra-node links when both sit in one node; otherwise the source GPU's path to its NIC, the
  // network path and the destination NIC's path to its GPU. Where several shortest paths exist
  // (fat-tree ECMP), `flow_hash` picks one deterministically, spreading distinct flows evenly.
  // src == dst gives an empty route.
  virtual void route(int src, int dst, uint64_t flow_hash, std::vector<int32_t>& out) const = 0;
  // A non-minimal alternative to route(), as route() lays it out: a dragonfly's Valiant path
  // through an intermediate group, for GPUs of two different groups. Returns false and appends
  // nothing where there is none (every other topology, a dragonfly of fewer than three groups).
  virtual bool route_nonminimal(int /*src*/, int /*dst*/, uint64_t /*flow_hash*/,
                                std::vector<int32_t>& /*out*/) const {
    return false;
  }
  // Whether an engine that knows the traffic chooses between route() and route_nonminimal() per
  // GPU pair by load (dragonfly routing "ugal"); route() alone is then the minimal path.
  virtual bool adaptive_routing() const { return false; }

  virtual TopologyMetrics metrics() const = 0;

 protected:
  std::vector<Vertex> vertices_;
  std::vector<Link> links_;
  std::vector<int32_t> gpu_vertices_;
  int num_nodes_ = 0;
  int gpus_per_node_ = 0;
};

// Builds the cluster's topology (nodes and network) from the scenario's cluster block. Throws
// InputError naming the JSON path when the parameters cannot build (more NICs than ports, torus
// dims not matching the node count, a dragonfly SimGrid would crash on, ...).
// `intra_node_Bps` is one GPU's raw NVLink/PCIe bandwidth per direction (intra_node.bandwidth_GBps
// or the catalog figure); link bandwidths are raw hardware figures (engines apply efficiencies).
std::unique_ptr<Topology> build_topology(const ClusterConfig& cluster, double intra_node_Bps);

// A registered topology: its name, a one-line description, and the scenario fields that
// parameterize it (paths into the scenario field table, which holds unit, default, range and doc).
struct TopologyInfo {
  std::string name;
  std::string description;
  std::vector<std::string> parameter_paths;
};
const std::vector<TopologyInfo>& registered_topologies();

// The node every topology contains (NVSwitch, NVLink mesh or PCIe, and the NICs), described the
// same way.
const TopologyInfo& node_fabric_info();

// One GPU's raw intra-node bandwidth per direction, in bytes/s, as build_topology takes it: the
// scenario's intra_node.bandwidth_GBps when set, else the GPU's NVLink figure unless the node is
// PCIe (or the GPU has no NVLink), else its PCIe figure (catalog figures in GB/s).
double intra_node_bandwidth_Bps(const IntraNodeConfig& node, double nvlink_GBps, double pcie_GBps);

}  // namespace wt::topo
