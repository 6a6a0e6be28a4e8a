#pragma once
// Turns a NetworkDrawing into QGraphicsItems: edges under boxes, coloured by utilisation (or
// neutral grey without loads), thicker for bundles of cables; boxes with their labels; node boxes
// with their GPUs and a node-switch bar coloured by the busiest GPU link inside. Every item says
// what it is through data(kItemRole) (and edges their utilisation through data(kItemUtilisation),
// −1 without loads), which the tests read.
#include <QGraphicsScene>
#include <QString>

#include "gui/topology/load_index.hpp"
#include "gui/topology/network_drawing.hpp"

namespace wt::gui {

inline constexpr int kItemRole = 0;         // "node", "switch", "more", "gpu", "nic", ...
inline constexpr int kItemIndex = 1;        // index into NetworkDrawing::boxes or ::edges
inline constexpr int kItemUtilisation = 2;  // edges and node-switch bars: busiest, or −1

// `fabric`: how a node's GPUs are joined ("NVSwitch", ...), for node tooltips.
void build_scene(QGraphicsScene& scene, const NetworkDrawing& d, const topo::Topology& t,
                 const LoadIndex& loads, const QString& fabric);

}  // namespace wt::gui
