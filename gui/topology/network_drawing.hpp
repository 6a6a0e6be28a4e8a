#pragma once
// What the Topology tab draws, as plain geometry before any QGraphicsItem exists: boxes (nodes,
// switches, "+N more" stand-ins) and edges (every directed link between two drawn boxes, both
// directions and parallel cables folded into one edge), plus a caption that says which part of a
// large cluster is shown. One layout per network family (fat-tree levels, torus grid, dragonfly
// circle), chosen by the topology's registered name.
#include <QPainterPath>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <cstdint>
#include <vector>

#include "sim/scenario/scenario.hpp"
#include "topology/topology.hpp"

namespace wt::gui {

enum class BoxKind { node, network_switch, node_switch, gpu, nic, more };

struct DrawnBox {
  BoxKind kind = BoxKind::node;
  QRectF rect;
  QString label;
  QString detail;                     // first tooltip line, e.g. "leaf switch" or "node 3 (8 GPUs)"
  std::vector<int32_t> members;       // topology vertices the box stands for
  int node = -1;                      // node boxes: the first node it stands for
  int nodes = 0;                      // node and "+N more" boxes: nodes it stands for
  std::vector<int32_t> fabric_links;  // node boxes: links between its GPUs and node switch
};

struct DrawnEdge {
  int from_box = 0;
  int to_box = 0;
  std::vector<int32_t> forward;   // directed topology links from_box → to_box, all cables
  std::vector<int32_t> backward;  // to_box → from_box
  int cables = 0;                 // physical cables (pairs of directed links) folded in
  QPainterPath path;              // from from_box towards to_box
  bool count_label = true;        // write "×N" beside it when it folds several cables
};

// Free text on the drawing: row titles, slice and group names.
struct DrawnLabel {
  QPointF at;  // left end of the baseline, or its right end when right_aligned
  QString text;
  bool right_aligned = false;
};

struct NetworkDrawing {
  std::vector<DrawnBox> boxes;
  std::vector<DrawnEdge> edges;
  std::vector<DrawnLabel> labels;
  QString caption;
  int shown_nodes = 0;     // node boxes drawn
  int shown_switches = 0;  // network switch boxes drawn (not counting "+N more")
};

// Lays out `t` (built from s.cluster). Throws std::exception only on internal errors.
NetworkDrawing draw_network(const wt::Scenario& s, const topo::Topology& t);

}  // namespace wt::gui
