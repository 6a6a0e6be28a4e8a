#include "gui/topology/graph_index.hpp"

#include <algorithm>

namespace wt::gui {

GraphIndex::GraphIndex(const topo::Topology& t)
    : t_(t),
      out_(t.vertices().size()),
      levels_(t.vertices().size(), 0),
      node_vertices_(static_cast<size_t>(t.num_nodes())) {
  for (size_t id = 0; id < t.links().size(); ++id) {
    const topo::Link& l = t.links()[id];
    out_[static_cast<size_t>(l.from)].push_back(static_cast<int32_t>(id));
    const auto bit = static_cast<uint8_t>(1u << static_cast<unsigned>(l.level));
    levels_[static_cast<size_t>(l.from)] |= bit;
    levels_[static_cast<size_t>(l.to)] |= bit;
  }
  for (size_t v = 0; v < t.vertices().size(); ++v) {
    const topo::Vertex& vertex = t.vertices()[v];
    if (vertex.kind == topo::VertexKind::network_switch)
      switches_.push_back(static_cast<int32_t>(v));
    if (vertex.node >= 0 && vertex.node < t.num_nodes())
      node_vertices_[static_cast<size_t>(vertex.node)].push_back(static_cast<int32_t>(v));
  }
}

bool GraphIndex::touches(int32_t v, topo::LinkLevel level) const {
  return (levels_[static_cast<size_t>(v)] & (1u << static_cast<unsigned>(level))) != 0;
}

std::vector<int32_t> GraphIndex::neighbours(int32_t v, topo::LinkLevel level) const {
  std::vector<int32_t> out;
  for (int32_t id : out_links(v)) {
    const topo::Link& l = t_.links()[static_cast<size_t>(id)];
    if (l.level == level && std::find(out.begin(), out.end(), l.to) == out.end())
      out.push_back(l.to);
  }
  return out;
}

std::vector<int32_t> GraphIndex::node_switches(int node) const {
  std::vector<int32_t> out;
  for (int32_t v : node_vertices(node)) {
    if (t_.vertices()[static_cast<size_t>(v)].kind != topo::VertexKind::nic) continue;
    for (int32_t sw : neighbours(v, topo::LinkLevel::nic)) {
      if (std::find(out.begin(), out.end(), sw) == out.end()) out.push_back(sw);
    }
  }
  return out;
}

}  // namespace wt::gui
