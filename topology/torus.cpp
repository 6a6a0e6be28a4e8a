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

// Vertices of the torus: nodes, or chips under intra_node.fabric "ici".
int torus_vertices(const ClusterConfig& cluster) {
  return cluster.ici() ? cluster.num_gpus() : cluster.num_nodes;
}

std::vector<int> torus_dims(const ClusterConfig& cluster) {
  const std::vector<int>& dims = cluster.network.torus.dims;
  if (dims.empty()) return {torus_vertices(cluster)};  // one vertex, or validated without dims
  return dims;
}

// Whether dimension i has wrap-around cables (every dimension unless torus.wrap says otherwise).
bool wraps(const ClusterConfig& cluster, size_t i) {
  const std::vector<bool>& wrap = cluster.network.torus.wrap;
  return i >= wrap.size() || wrap[i];
}

// The data-center network between ICI slices: one host's rate, per direction.
double dcn_host_Bps(const ClusterConfig& cluster) {
  return cluster.dcn.host_bandwidth_Gbps * 1e9 / 8.0;
}

// A cut between two halves of the slices crosses the DCN links of ⌊m/2⌋ slices' hosts.
double dcn_bisection_Bps(const ClusterConfig& cluster) {
  const int m = cluster.num_slices();
  return static_cast<double>(m / 2) * (cluster.num_nodes / m) * dcn_host_Bps(cluster);
}

// Cross-slice route: chip port, chip → host NIC, host NIC → DCN switch, and back down.
constexpr int kDcnRouteLinks = 6;

class TorusTopology final : public ClusterTopology {
 public:
  TorusTopology(const ClusterConfig& cluster, double intra_node_Bps)
      : ClusterTopology(cluster, intra_node_Bps),
        dims_(torus_dims(cluster)),
        vertices_(torus_vertices(cluster)),
        ici_(cluster.ici()),
        chip_Bps_(intra_node_Bps),
        slices_(cluster.num_slices()),
        slice_chips_(cluster.slice_chips()),
        gpus_per_node_(cluster.gpus_per_node),
        dcn_link_{dcn_host_Bps(cluster), cluster.dcn.latency_us * 1e-6, LinkLevel::nic},
        dcn_bisection_Bps_(dcn_bisection_Bps(cluster)) {
    for (size_t i = 0; i < dims_.size(); ++i) {
      wrap_[i] = wraps(cluster, i);
    }
    if (!has_network()) return;
    int stride = 1;
    for (size_t i = 0; i < dims_.size(); ++i) {
      strides_[i] = stride;
      stride *= dims_[i];
    }
    add_routers();
    add_nic_cables();
    add_ring_cables();  // per slice: a router's coordinates never leave its slice's block
    if (slices_ > 1) add_dcn();
  }

  std::string name() const override { return "torus"; }

 private:
  int coordinate(int router, size_t dim) const { return router / strides_[dim] % dims_[dim]; }

  void add_routers() {
    GraphBuilder g = graph();
    router_base_ = g.next_vertex();
    for (int r = 0; r < vertices_; ++r) {
      std::string name = slices_ > 1 ? "slice" + std::to_string(r / slice_chips_) + ".router("
                                     : std::string("router(");
      for (size_t i = 0; i < dims_.size(); ++i) {
        name += (i ? "," : "") + std::to_string(coordinate(r, i));
      }
      g.add_vertex(VertexKind::network_switch, -1, name + ")");
    }
  }

  void add_nic_cables() {
    GraphBuilder g = graph();
    nic_cable_base_ = g.next_link();
    // ICI: a chip's port into its own router, at the chip's whole ICI bandwidth, no latency.
    const LinkSpec port =
        ici_ ? LinkSpec{chip_Bps_, 0.0, LinkLevel::nic} : network_link(LinkLevel::nic);
    for (int nic = 0; nic < num_nics(); ++nic) {
      g.add_cable(nic_vertex(nic), router_base_ + router_of(nic), port);
    }
  }

  // Router of a NIC: its node's, or under ICI its chip's own.
  int router_of(int nic) const { return ici_ ? nic : nic / nics_per_node(); }

  // Cable r → r + e_dim of dimension `dim` is ring_base_[dim] + 2·cable_index(r, dim) (its
  // reverse + 1). Without wrap-around the last router of each line has no + cable.
  void add_ring_cables() {
    GraphBuilder g = graph();
    for (size_t dim = 0; dim < dims_.size(); ++dim) {
      ring_base_[dim] = g.next_link();
      if (dims_[dim] < 2) continue;
      for (int r = 0; r < vertices_; ++r) {
        if (!wrap_[dim] && coordinate(r, dim) == dims_[dim] - 1) continue;
        g.add_cable(router_base_ + r, router_base_ + step(r, dim, 1), network_link(kDimLevel[dim]));
      }
    }
  }

  // Multi-slice (docs/topology.md "Multi-slice"): a NIC vertex per host on the data-center network
  // and one non-blocking DCN switch; each chip's router has a cable to its host's DCN NIC, and each
  // host's NIC a cable to the switch, both at the host's DCN rate (the latter with its latency).
  void add_dcn() {
    GraphBuilder g = graph();
    const int hosts = vertices_ / gpus_per_node_;
    const int32_t host_base = g.next_vertex();
    for (int h = 0; h < hosts; ++h) {
      g.add_vertex(VertexKind::nic, h, "node" + std::to_string(h) + ".dcn");
    }
    const int32_t dcn_switch = g.add_vertex(VertexKind::network_switch, -1, "dcn");
    const LinkSpec attach{dcn_link_.bandwidth_Bps, 0.0, LinkLevel::nic};
    dcn_attach_base_ = g.next_link();
    for (int r = 0; r < vertices_; ++r) {
      g.add_cable(router_base_ + r, host_base + r / gpus_per_node_, attach);
    }
    dcn_base_ = g.next_link();
    for (int h = 0; h < hosts; ++h) {
      g.add_cable(host_base + h, dcn_switch, dcn_link_);
    }
  }

  // r itself with wrap-around; without it, r's rank among the routers that have a + cable
  // (r = low + s·(x + d·high) with low < s gives low + s·(x + (d − 1)·high)).
  int cable_index(int r, size_t dim) const {
    if (wrap_[dim]) return r;
    const int s = strides_[dim];
    const int d = dims_[dim];
    return r % s + s * (coordinate(r, dim) + (d - 1) * (r / s / d));
  }

  int step(int router, size_t dim, int direction) const {
    const int x = coordinate(router, dim);
    const int next = (x + direction + dims_[dim]) % dims_[dim];
    return router + (next - x) * strides_[dim];
  }

  void route_network(int src_nic, int dst_nic, uint64_t /*flow_hash*/,
                     std::vector<int32_t>& out) const override {
    out.push_back(nic_cable_base_ + 2 * src_nic);
    int at = router_of(src_nic);
    const int to = router_of(dst_nic);
    if (slices_ > 1 && at / slice_chips_ != to / slice_chips_) {  // over the data-center network
      out.push_back(dcn_attach_base_ + 2 * at);
      out.push_back(dcn_base_ + 2 * (at / gpus_per_node_));
      out.push_back(dcn_base_ + 2 * (to / gpus_per_node_) + 1);
      out.push_back(dcn_attach_base_ + 2 * to + 1);
      out.push_back(nic_cable_base_ + 2 * dst_nic + 1);
      return;
    }
    for (size_t dim = 0; dim < dims_.size(); ++dim) {
      const int d = dims_[dim];
      const int forward = ((coordinate(to, dim) - coordinate(at, dim)) % d + d) % d;
      const bool plus =
          wrap_[dim] ? forward <= d - forward : coordinate(to, dim) >= coordinate(at, dim);
      for (int hop = 0; hop < (plus ? forward : d - forward); ++hop) {
        const int next = step(at, dim, plus ? 1 : -1);
        out.push_back(plus ? ring_base_[dim] + 2 * cable_index(at, dim)
                           : ring_base_[dim] + 2 * cable_index(next, dim) + 1);
        at = next;
      }
    }
    out.push_back(nic_cable_base_ + 2 * dst_nic + 1);
  }

  // Diameter Σ⌊dᵢ/2⌋ router links (dᵢ − 1 along a dimension without wrap-around) + 2 NIC links;
  // a cut across the longest dimension (≥ 2) crosses two cables per ring of it (the direct one and
  // the wrap-around), one per line without wrap-around.
  NetworkFigures network_figures() const override {
    NetworkFigures f;
    f.diameter_links = 2;
    size_t longest = 0;
    for (size_t i = 0; i < dims_.size(); ++i) {
      f.diameter_links += wrap_[i] ? dims_[i] / 2 : dims_[i] - 1;
      if (dims_[i] > dims_[longest]) longest = i;
    }
    const int d = dims_[longest];
    const double cut = d < 2 ? 0.0 : (wrap_[longest] ? 2.0 : 1.0) * vertices_ / d;
    f.bisection_Bps = cut * link_Bps();
    if (slices_ > 1) {  // the data-center network is the narrow cut
      f.diameter_links = std::max(f.diameter_links, kDcnRouteLinks);
      f.bisection_Bps = dcn_bisection_Bps_;
    }
    return f;
  }

  std::vector<int> dims_;
  int vertices_ = 0;
  bool ici_ = false;
  double chip_Bps_ = 0.0;  // ICI: a chip's bandwidth into its router (all its links)
  int slices_ = 1;         // ICI slices joined by the data-center network
  int slice_chips_ = 0;
  int gpus_per_node_ = 1;
  LinkSpec dcn_link_;
  double dcn_bisection_Bps_ = 0.0;
  int32_t dcn_attach_base_ = 0;
  int32_t dcn_base_ = 0;
  std::array<bool, kMaxDims> wrap_{};
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

// Each node (chip under ICI) is a vertex of the torus; a cut across the largest dimension crosses
// product/max vertices' links, twice because of the wrap-around (once along a line).
NetworkSummary torus_summary(const ClusterConfig& cluster, NetworkSummary s) {
  const NetworkConfig& net = cluster.network;
  const std::vector<int>& dims = net.torus.dims;
  const int64_t vertices = dims_product(dims);
  s.max_endpoints =
      clamp_to_int(cluster.ici() ? vertices * cluster.num_slices() : vertices * net.nics_per_node);
  int diameter = 0;
  size_t longest = 0;
  for (size_t i = 0; i < dims.size(); ++i) {
    diameter += wraps(cluster, i) ? dims[i] / 2 : dims[i] - 1;
    if (dims[i] > dims[longest]) longest = i;
  }
  s.hops_between_nodes = diameter + kNicLinks;
  const int max_dim = dims.empty() ? 1 : dims[longest];
  const double cut_links =
      max_dim < 2 ? 0.0
                  : (wraps(cluster, longest) ? 2.0 : 1.0) * static_cast<double>(vertices) / max_dim;
  s.bisection_Bps = cut_links * network_link_Bps(net);
  if (cluster.num_slices() > 1) s.bisection_Bps = dcn_bisection_Bps(cluster);
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
  if (cluster.ici()) {
    if (cluster.network.nics_per_node != cluster.gpus_per_node) {
      return NetworkProblem{"cluster.network.nics_per_node",
                            "under intra_node.fabric \"ici\" each chip is its own torus port",
                            std::to_string(cluster.network.nics_per_node),
                            "cluster.gpus_per_node = " + std::to_string(cluster.gpus_per_node)};
    }
    if (dims_product(dims) != cluster.slice_chips() ||
        cluster.num_nodes % cluster.num_slices() != 0) {
      return NetworkProblem{
          path, "an ICI torus has one chip per vertex, so its size must match",
          dims_text(dims) + " (product " + std::to_string(dims_product(dims)) + ")",
          "dims whose product is the chip count of one slice = " +
              std::to_string(cluster.slice_chips())};
    }
    return std::nullopt;
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
  const int64_t vertices = torus_vertices(cluster);
  const bool network = vertices > 1 && (cluster.num_nodes > 1 || cluster.ici());
  const int64_t dcn_cables = cluster.num_slices() > 1 ? vertices + cluster.num_nodes : 0;
  const int64_t network_links =
      network ? 2 * (int64_t{cluster.num_nodes} * cluster.network.nics_per_node + vertices * rings +
                     dcn_cables)
              : 0;
  const int64_t dcn_vertices = cluster.num_slices() > 1 ? cluster.num_nodes + 1 : 0;
  check_indexable(cluster, network ? vertices + dcn_vertices : 0, network_links);
  return std::make_unique<TorusTopology>(cluster, intra_node_Bps);
}

}  // namespace wt::topo
