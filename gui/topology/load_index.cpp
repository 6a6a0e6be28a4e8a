#include "gui/topology/load_index.hpp"

#include <algorithm>

namespace wt::gui {

LoadMeasure default_measure(const std::vector<wt::LinkLoad>& loads) {
  const bool line_rate = std::any_of(loads.begin(), loads.end(),
                                     [](const wt::LinkLoad& l) { return l.line_rate > 0.0; });
  return line_rate ? LoadMeasure::line_rate : LoadMeasure::busy;
}

LoadIndex::LoadIndex(const std::vector<wt::LinkLoad>& loads, size_t link_count, LoadMeasure measure)
    : has_loads_(true), measure_(measure), bytes_(link_count, 0.0), utilisation_(link_count, 0.0) {
  for (const wt::LinkLoad& l : loads) {
    if (l.link < 0 || static_cast<size_t>(l.link) >= link_count) {
      has_loads_ = false;
      mismatch_ = QString(
                      "The link loads name link %1, but this network has %2 links: they "
                      "belong to another scenario. Run again to see utilisation.")
                      .arg(l.link)
                      .arg(link_count);
      return;
    }
    bytes_[static_cast<size_t>(l.link)] = l.bytes;
    const double value = measure == LoadMeasure::line_rate ? l.line_rate : l.utilisation;
    utilisation_[static_cast<size_t>(l.link)] = std::clamp(value, 0.0, 1.0);
  }
}

double LoadIndex::bytes(int32_t link) const {
  return has_loads_ ? bytes_[static_cast<size_t>(link)] : 0.0;
}

double LoadIndex::utilisation(int32_t link) const {
  return has_loads_ ? utilisation_[static_cast<size_t>(link)] : 0.0;
}

namespace {

DirectionLoad direction_load(const std::vector<int32_t>& links, const topo::Topology& t,
                             const LoadIndex& loads) {
  DirectionLoad d;
  for (int32_t id : links) {
    d.bytes += loads.bytes(id);
    d.busiest = std::max(d.busiest, loads.utilisation(id));
    d.bandwidth_Bps = std::max(d.bandwidth_Bps, t.links()[static_cast<size_t>(id)].bandwidth_Bps);
  }
  return d;
}

}  // namespace

EdgeLoad edge_load(const DrawnEdge& e, const topo::Topology& t, const LoadIndex& loads) {
  return {direction_load(e.forward, t, loads), direction_load(e.backward, t, loads)};
}

NodeFabricLoad node_fabric_load(const DrawnBox& node, const LoadIndex& loads) {
  NodeFabricLoad out;
  out.links = static_cast<int>(node.fabric_links.size());
  for (int32_t id : node.fabric_links) {
    out.bytes += loads.bytes(id);
    out.busiest = std::max(out.busiest, loads.utilisation(id));
  }
  return out;
}

}  // namespace wt::gui
