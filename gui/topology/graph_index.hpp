#pragma once
// Adjacency of a topology graph for the layouts: links out of each vertex, network switches in
// vertex order, which fabric levels a switch touches, and which switch each node's NICs reach.
#include <cstdint>
#include <vector>

#include "topology/topology.hpp"

namespace wt::gui {

class GraphIndex {
 public:
  explicit GraphIndex(const topo::Topology& t);

  const topo::Topology& topology() const { return t_; }
  const std::vector<int32_t>& out_links(int32_t v) const { return out_[static_cast<size_t>(v)]; }
  const std::vector<int32_t>& switches() const { return switches_; }  // network switches
  bool touches(int32_t v, topo::LinkLevel level) const;
  // Vertices reached from v by links of `level`, each once, in link order.
  std::vector<int32_t> neighbours(int32_t v, topo::LinkLevel level) const;
  // Network switches the NICs of `node` are cabled to, each once.
  std::vector<int32_t> node_switches(int node) const;
  // All vertices of a node: GPUs, NICs, its NVSwitch or PCIe switch.
  const std::vector<int32_t>& node_vertices(int node) const {
    return node_vertices_[static_cast<size_t>(node)];
  }

 private:
  const topo::Topology& t_;
  std::vector<std::vector<int32_t>> out_;
  std::vector<uint8_t> levels_;  // per vertex: bit i set when a link of level i touches it
  std::vector<int32_t> switches_;
  std::vector<std::vector<int32_t>> node_vertices_;
};

}  // namespace wt::gui
