#pragma once
// Tooltip text of the drawing: an edge's endpoints, fabric level, bandwidth and, after a SimGrid
// run, the bytes and busy share of each direction; a node's fabric load.
#include <QString>
#include <string>

#include "gui/topology/load_index.hpp"
#include "gui/topology/network_drawing.hpp"

namespace wt::gui {

QString level_name(const std::string& topology, topo::LinkLevel level);
QString bandwidth_text(double Bps, topo::LinkLevel level);  // Gb/s for the network, GB/s inside
QString bytes_text(double bytes);                           // "12.3 GB" (decimal units)
QString percent_text(double utilisation);                   // "45.2%"

QString edge_tooltip(const NetworkDrawing& d, const DrawnEdge& e, const topo::Topology& t,
                     const LoadIndex& loads);
QString node_tooltip(const DrawnBox& node, const QString& fabric, const LoadIndex& loads);

}  // namespace wt::gui
