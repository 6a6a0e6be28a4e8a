#pragma once
// One layout per network family; network_drawing.cpp picks one by the topology's name. Each draws
// the whole network when it is small and a representative part of a large one (caps below), and
// says in the caption what is shown.
#include "gui/topology/graph_index.hpp"
#include "gui/topology/network_drawing.hpp"

namespace wt::gui {

inline constexpr int kMaxShownNodes = 16;   // fat-tree node row
inline constexpr int kMaxShownPerRow = 16;  // fat-tree switch rows
inline constexpr int kMaxTorusSide = 8;     // routers per torus row and column
inline constexpr int kMaxTorusSlices = 4;   // 3D torus: z slices side by side
inline constexpr int kMaxDragonflyGroups = 8;
inline constexpr int kMaxNodesPerRouter = 4;  // dragonfly: more become one box per router

// Levels: nodes at the bottom, then leaf, level-2 (spine or aggregation) and core rows.
NetworkDrawing layout_fat_tree(const wt::Scenario& s, const GraphIndex& g);
// One grid of routers per z slice, side by side; each router's node beneath it.
NetworkDrawing layout_torus(const wt::Scenario& s, const GraphIndex& g);
// Groups on a circle, their routers on a small circle, nodes outside, global cables across.
NetworkDrawing layout_dragonfly(const wt::Scenario& s, const GraphIndex& g);
// A cluster of one node (no network): its GPUs, node switch and links inside.
NetworkDrawing layout_single_node(const wt::Scenario& s, const GraphIndex& g);

// "NVSwitch", "NVLink mesh" or "PCIe switch": how drawings and captions name a node's fabric.
QString fabric_name(IntraNodeFabric f);

}  // namespace wt::gui
