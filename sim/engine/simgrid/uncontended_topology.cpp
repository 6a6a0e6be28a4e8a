#include "sim/engine/simgrid/uncontended_topology.hpp"

#include <string>
#include <vector>

namespace wt::sg {
namespace {

class Uncontended final : public topo::Topology {
 public:
  Uncontended(int nodes, int gpn, const UncontendedLinks& l)
      : slice_gpus_(l.slice_gpus),
        torus_dims_(l.torus_block > 0 ? l.torus_dims : std::vector<int>{}),
        torus_wrap_(l.torus_wrap),
        torus_block_(l.torus_block),
        ports_base_(l.slice_gpus > 0 ? 6 : 4),
        links_per_gpu_(ports_base_ + 4 * static_cast<int>(torus_dims_.size())) {
    num_nodes_ = nodes;
    gpus_per_node_ = gpn;
    const int32_t crossbar = add_vertex(topo::VertexKind::network_switch, -1, "crossbar");
    const int32_t dcn =
        slice_gpus_ > 0 ? add_vertex(topo::VertexKind::network_switch, -1, "dcn") : -1;
    const int32_t ici =
        torus_dims_.empty() ? -1 : add_vertex(topo::VertexKind::network_switch, -1, "ici");
    for (int n = 0; n < nodes; ++n) {
      const int32_t nvswitch =
          add_vertex(topo::VertexKind::node_switch, n, "node" + std::to_string(n) + ".nvswitch");
      for (int g = 0; g < gpn; ++g) {
        const int32_t gpu = add_vertex(topo::VertexKind::gpu, n,
                                       "node" + std::to_string(n) + ".gpu" + std::to_string(g));
        gpu_vertices_.push_back(gpu);
        add_pair(gpu, nvswitch, l.intra_Bps, l.intra_latency_s / 2, topo::LinkLevel::intra_node);
        add_pair(gpu, crossbar, l.network_Bps, l.network_latency_s / 2, topo::LinkLevel::nic);
        if (dcn >= 0) add_pair(gpu, dcn, l.dcn_Bps, l.dcn_latency_s / 2, topo::LinkLevel::nic);
        for (size_t d = 0; d < 2 * torus_dims_.size(); ++d)  // dimension d/2, + then −
          add_pair(gpu, ici, l.ici_Bps, l.ici_latency_s / 2, topo::LinkLevel::nic);
      }
    }
  }

  std::string name() const override { return "uncontended"; }

  void route(int src, int dst, uint64_t, std::vector<int32_t>& out) const override {
    if (src == dst) return;
    if (const int port = torus_port(src, dst); port >= 0) {
      out.push_back(links_per_gpu_ * src + port);
      out.push_back(links_per_gpu_ * dst + port + 1);
      return;
    }
    const bool same_node = src / gpus_per_node_ == dst / gpus_per_node_;
    const bool same_slice = slice_gpus_ <= 0 || src / slice_gpus_ == dst / slice_gpus_;
    // per GPU: up/down intra, up/down network, then up/down DCN, then the torus ports
    const int32_t offset = same_node ? 0 : same_slice ? 2 : 4;
    out.push_back(links_per_gpu_ * src + offset);
    out.push_back(links_per_gpu_ * dst + offset + 1);
  }

  topo::TopologyMetrics metrics() const override {
    topo::TopologyMetrics m;
    m.gpus = num_gpus();
    m.nics = num_gpus();
    m.switches = 1;
    m.cables = num_gpus();
    m.diameter_links = 2;
    m.injection_Bps_per_gpu = links_.empty() ? 0.0 : links_[2].bandwidth_Bps;
    m.bisection_Bps = m.injection_Bps_per_gpu * static_cast<double>(num_gpus()) / 2.0;
    return m;
  }

 private:
  int32_t add_vertex(topo::VertexKind kind, int node, std::string name) {
    vertices_.push_back({kind, node, std::move(name)});
    return static_cast<int32_t>(vertices_.size() - 1);
  }

  // The first link (up) of the torus port that a flow src → dst takes, -1 when it takes none.
  int torus_port(int src, int dst) const {
    if (torus_dims_.empty() || src / torus_block_ != dst / torus_block_) return -1;
    int a = src % torus_block_, b = dst % torus_block_;
    int dim = -1;
    bool plus = true;
    for (size_t i = 0; i < torus_dims_.size(); ++i) {
      const int d = torus_dims_[i], x = a % d, y = b % d;
      a /= d;
      b /= d;
      if (x == y) continue;
      if (dim >= 0) return -1;  // differs in more than one dimension
      dim = static_cast<int>(i);
      const int forward = ((y - x) % d + d) % d;
      const bool wraps = i >= torus_wrap_.size() || torus_wrap_[i];
      plus = wraps ? forward <= d - forward : y > x;
    }
    if (dim < 0) return -1;
    return ports_base_ + 4 * dim + (plus ? 0 : 2);
  }

  int slice_gpus_;
  std::vector<int> torus_dims_;
  std::vector<bool> torus_wrap_;
  int torus_block_;
  int ports_base_;  // links per GPU before the torus ports
  int links_per_gpu_;

  void add_pair(int32_t gpu, int32_t other, double Bps, double latency_s, topo::LinkLevel level) {
    links_.push_back({gpu, other, Bps, latency_s, level});
    links_.push_back({other, gpu, Bps, latency_s, level});
  }
};

}  // namespace

std::unique_ptr<topo::Topology> uncontended_topology(int num_nodes, int gpus_per_node,
                                                     const UncontendedLinks& links) {
  return std::make_unique<Uncontended>(num_nodes, gpus_per_node, links);
}

}  // namespace wt::sg
