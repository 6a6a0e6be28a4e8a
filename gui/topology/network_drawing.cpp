#include "gui/topology/network_drawing.hpp"

#include <map>
#include <string>

#include "gui/topology/graph_index.hpp"
#include "gui/topology/layouts.hpp"

namespace wt::gui {
namespace {

using Layout = NetworkDrawing (*)(const wt::Scenario&, const GraphIndex&);

// By registered topology name (topology/registry.cpp); an unknown one is drawn as levels.
const std::map<std::string, Layout>& layouts() {
  static const std::map<std::string, Layout> table = {
      {"fat-tree", layout_fat_tree},
      {"rail-optimized-fat-tree", layout_fat_tree},
      {"torus", layout_torus},
      {"dragonfly", layout_dragonfly},
  };
  return table;
}

}  // namespace

NetworkDrawing draw_network(const wt::Scenario& s, const topo::Topology& t) {
  const GraphIndex g(t);
  if (t.num_nodes() <= 1) return layout_single_node(s, g);
  const auto it = layouts().find(t.name());
  return (it == layouts().end() ? layout_fat_tree : it->second)(s, g);
}

}  // namespace wt::gui
