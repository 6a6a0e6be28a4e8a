#pragma once
// Builds a NetworkDrawing while a layout places its boxes: each box records the topology vertices
// it stands for, and finish() folds every link between two distinct boxes into one edge per box
// pair (both directions, parallel cables counted), drawn as a straight line unless the layout
// bends it afterwards. Vertices without a box are not drawn, nor are their links.
#include <QPointF>
#include <QString>
#include <cstdint>
#include <vector>

#include "gui/topology/graph_index.hpp"
#include "gui/topology/network_drawing.hpp"

namespace wt::gui {

// Box sizes in scene units (pixels at zoom 1).
inline constexpr double kNodeWidth = 64.0;
inline constexpr double kNodeHeight = 34.0;
inline constexpr double kSwitchWidth = 78.0;
inline constexpr double kSwitchHeight = 24.0;

class DrawingBuilder {
 public:
  explicit DrawingBuilder(const GraphIndex& g);

  // A node: its GPUs, NICs and node switch.
  int add_node(int node, QPointF centre);
  // Several nodes drawn as one box (a dragonfly router's nodes).
  int add_nodes(const std::vector<int>& nodes, QPointF centre);
  int add_switch(int32_t vertex, QPointF centre, const QString& label, const QString& detail);
  // A part of a node drawn on its own (the one-node picture): GPU, NIC or node switch.
  int add_part(BoxKind kind, int32_t vertex, QPointF centre, const QString& label,
               const QString& detail);
  // A stand-in for what is not drawn: `nodes` (all their vertices) and `switches`.
  int add_more(const std::vector<int>& nodes, const std::vector<int32_t>& switches, QPointF centre,
               const QString& label, const QString& detail);
  void add_label(QPointF at, const QString& text, bool right_aligned = false);

  int box_of(int32_t vertex) const { return box_of_[static_cast<size_t>(vertex)]; }
  const DrawnBox& box(int b) const { return drawing_.boxes[static_cast<size_t>(b)]; }

  // `intra_node`: also draw links inside a node (the one-node picture, whose GPUs are boxes).
  NetworkDrawing finish(const QString& caption, bool intra_node = false);

  const GraphIndex& graph() const { return g_; }

 private:
  int add_box(DrawnBox box);
  bool is_more(int b) const;
  void map_node(int node, int box);
  void add_fabric_links(int node, DrawnBox& box) const;

  const GraphIndex& g_;
  std::vector<int> box_of_;
  NetworkDrawing drawing_;
};

// "1,234" — counts in captions.
QString grouped(int64_t n);
// A vertex name made to fit a box ("rail0.pod1.agg3" → "r0.p1.agg3").
QString short_name(const std::string& name);

}  // namespace wt::gui
