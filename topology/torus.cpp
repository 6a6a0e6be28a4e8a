// "torus": one router per node, the node's NICs cabled to it; routers of dims d₀ × d₁ × d₂ (1 to 3
// dimensions, product = nodes, node = x₀ + d₀·(x₁ + d₁·x₂)) each cabled to their + neighbour in
// every dimension longer than 1, wrapping around. Dimension-order routing: dimension 0 first,
// each the shorter way round (+ on a tie) (docs/topology.md, "Torus").
#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "topology/builders.hpp"
#include "topology/cluster_topology.hpp"

namespace wt::topo {
namespace {

constexpr size_t kMaxDims = 3;
constexpr std::array<LinkLevel, kMaxDims> kDimLevel = {LinkLevel::level1, LinkLevel::level2,
                                                       LinkLevel::level3};

std::vector<int> torus_dims(const ClusterConfig& cluster) {
  const std::vector<int>& dims = cluster.network.torus.dims;
  if (dims.empty()) return {cluster.num_nodes};  // one node (validated clusters of more have dims)
  return dims;
}

class TorusTopology final : public ClusterTopology {
 public:
  TorusTopology(const ClusterConfig& cluster, double intra_node_Bps)
      : ClusterTopology(cluster, intra_node_Bps), dims_(torus_dims(cluster)) {
    if (!has_network()) return;
    int stride = 1;
    for (size_t i = 0; i < dims_.size(); ++i) {
      strides_[i] = stride;
      stride *= dims_[i];
    }
    add_routers();
    add_nic_cables();
    add_ring_cables();
  }

  std::string name() const override { return "torus"; }

 private:
  int coordinate(int router, size_t dim) const { return router / strides_[dim] % dims_[dim]; }

  void add_routers() {
    GraphBuilder g = graph();
    router_base_ = g.next_vertex();
    for (int r = 0; r < num_nodes_; ++r) {
      std::string name = "router(";
      for (size_t i = 0; i < dims_.size(); ++i) {
        name += (i ? "," : "") + std::to_string(coordinate(r, i));
      }
      g.add_vertex(VertexKind::network_switch, -1, name + ")");
    }
  }

  void add_nic_cables() {
    GraphBuilder g = graph();
    nic_cable_base_ = g.next_link();
    for (int nic = 0; nic < num_nics(); ++nic) {
      g.add_cable(nic_vertex(nic), router_base_ + nic / nics_per_node(),
                  network_link(LinkLevel::nic));
    }
  }

  // Cable r → r + e_dim of dimension `dim` is ring_base_[dim] + 2r (its reverse + 1).
  void add_ring_cables() {
    GraphBuilder g = graph();
    for (size_t dim = 0; dim < dims_.size(); ++dim) {
      ring_base_[dim] = g.next_link();
      if (dims_[dim] < 2) continue;
      for (int r = 0; r < num_nodes_; ++r) {
        g.add_cable(router_base_ + r, router_base_ + step(r, dim, 1), network_link(kDimLevel[dim]));
      }
    }
  }

  int step(int router, size_t dim, int direction) const {
    const int x = coordinate(router, dim);
    const int next = (x + direction + dims_[dim]) % dims_[dim];
    return router + (next - x) * strides_[dim];
  }

  void route_network(int src_nic, int dst_nic, uint64_t /*flow_hash*/,
                     std::vector<int32_t>& out) const override {
    out.push_back(nic_cable_base_ + 2 * src_nic);
    int at = src_nic / nics_per_node();
    const int to = dst_nic / nics_per_node();
    for (size_t dim = 0; dim < dims_.size(); ++dim) {
      const int d = dims_[dim];
      const int forward = ((coordinate(to, dim) - coordinate(at, dim)) % d + d) % d;
      const bool plus = forward <= d - forward;
      for (int hop = 0; hop < (plus ? forward : d - forward); ++hop) {
        const int next = step(at, dim, plus ? 1 : -1);
        out.push_back(plus ? ring_base_[dim] + 2 * at : ring_base_[dim] + 2 * next + 1);
        at = next;
      }
    }
    out.push_back(nic_cable_base_ + 2 * dst_nic + 1);
  }

  // Diameter Σ⌊dᵢ/2⌋ router links + 2 NIC links; a cut across the longest dimension (≥ 2) crosses
  // two cables per ring of it (the direct one and the wrap-around).
  NetworkFigures network_figures() const override {
    NetworkFigures f;
    f.diameter_links = 2;
    for (int d : dims_) {
      f.diameter_links += d / 2;
    }
    const int longest = *std::max_element(dims_.begin(), dims_.end());
    const double cut = longest < 2 ? 0.0 : 2.0 * num_nodes_ / longest;
    f.bisection_Bps = cut * link_Bps();
    return f;
  }

  std::vector<int> dims_;
  std::array<int, kMaxDims> strides_{};
  std::array<int32_t, kMaxDims> ring_base_{};
  int32_t router_base_ = 0;
  int32_t nic_cable_base_ = 0;
};

void check_dimension_count(const std::vector<int>& dims) {
  if (dims.size() <= kMaxDims) return;
  throw InputError("cluster.network.torus.dims", "a torus has at most three dimensions",
                   std::to_string(dims.size()) + " dimensions", "1 to 3 sizes");
}

int64_t dims_product(const std::vector<int>& dims) {
  return std::accumulate(dims.begin(), dims.end(), int64_t{1},
                         [](int64_t a, int b) { return a * b; });
}

std::string dims_text(const std::vector<int>& dims) {
  std::string out = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    out += (i ? ", " : "") + std::to_string(dims[i]);
  }
  return out + "]";
}

}  // namespace

// Each node is a vertex of the torus; a cut across the largest dimension crosses product/max
// vertices' links, twice because of the wrap-around.
NetworkSummary torus_summary(const ClusterConfig& cluster, NetworkSummary s) {
  const NetworkConfig& net = cluster.network;
  const std::vector<int>& dims = net.torus.dims;
  const int64_t vertices = dims_product(dims);
  s.max_endpoints = clamp_to_int(vertices * net.nics_per_node);
  int diameter = 0;
  for (int d : dims) {
    diameter += d / 2;
  }
  s.hops_between_nodes = diameter + kNicLinks;
  const int max_dim = dims.empty() ? 1 : *std::max_element(dims.begin(), dims.end());
  const double cut_links = max_dim < 2 ? 0.0 : 2.0 * static_cast<double>(vertices) / max_dim;
  s.bisection_Bps = cut_links * network_link_Bps(net);
  return s;
}

std::optional<NetworkProblem> check_torus(const ClusterConfig& cluster) {
  const std::vector<int>& dims = cluster.network.torus.dims;
  const std::string path = "cluster.network.torus.dims";
  const bool positive = std::all_of(dims.begin(), dims.end(), [](int d) { return d >= 1; });
  if (dims.empty() || !positive) {
    return NetworkProblem{path, "torus dimensions must be given, each at least 1", dims_text(dims),
                          "positive sizes whose product is cluster.num_nodes"};
  }
  if (dims_product(dims) != cluster.num_nodes) {
    return NetworkProblem{
        path, "the torus has one node per vertex, so its size must match",
        dims_text(dims) + " (product " + std::to_string(dims_product(dims)) + ")",
        "dims whose product is cluster.num_nodes = " + std::to_string(cluster.num_nodes)};
  }
  return std::nullopt;
}

std::unique_ptr<Topology> make_torus(const ClusterConfig& cluster, double intra_node_Bps) {
  const std::vector<int> dims = torus_dims(cluster);
  check_dimension_count(dims);
  const int64_t rings = std::count_if(dims.begin(), dims.end(), [](int d) { return d > 1; });
  const int64_t nodes = cluster.num_nodes;
  const int64_t network_links =
      cluster.num_nodes > 1 ? 2 * (nodes * cluster.network.nics_per_node + nodes * rings) : 0;
  check_indexable(cluster, cluster.num_nodes > 1 ? nodes : 0, network_links);
  return std::make_unique<TorusTopology>(cluster, intra_node_Bps);
}

}  // namespace wt::topo
