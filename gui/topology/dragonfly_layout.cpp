// Dragonfly: groups on a large circle, each group's routers on a small circle (local cables all to
// all inside it), each router's nodes just outside, global cables straight across the large circle
// between the routers that hold them. A large dragonfly shows its first groups; a "+N groups" box
// in the middle stands for the rest, and global cables to them end there. Routers with many nodes
// draw them as one box.
#include <QtMath>
#include <algorithm>
#include <cmath>

#include "gui/topology/drawing_builder.hpp"
#include "gui/topology/layouts.hpp"

namespace wt::gui {
namespace {

QPointF on_circle(double radius, double angle) {
  return {radius * std::sin(angle), -radius * std::cos(angle)};
}

class DragonflyLayout {
 public:
  DragonflyLayout(const wt::Scenario& s, const GraphIndex& g)
      : df_(s.cluster.network.dragonfly), g_(g), b_(g) {
    shown_groups_ = std::min(df_.groups, kMaxDragonflyGroups);
    group_radius_ = std::max(95.0, df_.routers_per_group * (kSwitchWidth + 24.0) / (2.0 * M_PI));
    const double group_span = 2.0 * (group_radius_ + 40.0 + kNodeHeight);
    ring_radius_ = std::max(1.1 * group_span, shown_groups_ * group_span * 1.15 / (2.0 * M_PI));
  }

  NetworkDrawing run() {
    for (int group = 0; group < shown_groups_; ++group)
      place_group(group);
    place_rest();
    NetworkDrawing d = b_.finish(caption());
    for (DrawnEdge& e : d.edges) {  // a node's NICs all reach its router
      const BoxKind a = d.boxes[static_cast<size_t>(e.from_box)].kind;
      const BoxKind b = d.boxes[static_cast<size_t>(e.to_box)].kind;
      e.count_label = a != BoxKind::node && b != BoxKind::node;
    }
    return d;
  }

 private:
  int32_t router_vertex(int router) const {
    return g_.switches()[static_cast<size_t>(router)];  // builders add routers in order
  }

  std::vector<int> nodes_of(int router) const {
    std::vector<int> out;
    for (int j = 0; j < df_.nodes_per_router; ++j)
      out.push_back(router * df_.nodes_per_router + j);
    return out;
  }

  void place_group(int group) {
    const double angle = 2.0 * M_PI * group / shown_groups_;
    const QPointF centre = on_circle(ring_radius_, angle);
    // The name towards the middle of the ring, where no node sits.
    const double inward = (ring_radius_ - group_radius_ - 2.4 * kNodeHeight) / ring_radius_;
    b_.add_label(centre * inward + QPointF(-22.0, 6.0), QString("group %1").arg(group));
    for (int i = 0; i < df_.routers_per_group; ++i) {
      const int router = group * df_.routers_per_group + i;
      const double a = angle + M_PI + 2.0 * M_PI * (i + 0.5) / df_.routers_per_group;
      const QPointF at = centre + on_circle(group_radius_, a);
      const int32_t v = router_vertex(router);
      const std::string& name = g_.topology().vertices()[static_cast<size_t>(v)].name;
      b_.add_switch(v, at, short_name(name), QString::fromStdString(name) + " — router");
      place_nodes(router, centre + on_circle(group_radius_ + 24.0 + kNodeHeight, a), a);
    }
  }

  void place_nodes(int router, QPointF at, double angle) {
    const std::vector<int> nodes = nodes_of(router);
    if (static_cast<int>(nodes.size()) > kMaxNodesPerRouter) {
      b_.add_nodes(nodes, at);
      return;
    }
    const QPointF across = on_circle(kNodeWidth + 6.0, angle + M_PI / 2.0);
    for (size_t j = 0; j < nodes.size(); ++j) {
      const double offset = static_cast<double>(j) - (static_cast<double>(nodes.size()) - 1) / 2.0;
      b_.add_node(nodes[j], at + across * offset +
                                on_circle(std::abs(offset) * 10.0, angle));  // a slight fan
    }
  }

  void place_rest() {
    if (shown_groups_ == df_.groups) return;
    std::vector<int> nodes;
    std::vector<int32_t> routers;
    const int first = shown_groups_ * df_.routers_per_group;
    for (int r = first; r < df_.groups * df_.routers_per_group; ++r) {
      routers.push_back(router_vertex(r));
      for (int n : nodes_of(r))
        nodes.push_back(n);
    }
    const int rest = df_.groups - shown_groups_;
    more_ = true;
    b_.add_more(nodes, routers, QPointF(0.0, 0.0), "+" + grouped(rest) + " groups",
                grouped(rest) + " more groups (" + grouped(static_cast<int64_t>(routers.size())) +
                    " routers, " + grouped(static_cast<int64_t>(nodes.size())) +
                    " nodes), not drawn");
  }

  QString caption() const {
    QString text = QString(
                       "Dragonfly: %1 groups × %2 routers × %3 nodes, %4 global links per "
                       "router. ")
                       .arg(df_.groups)
                       .arg(df_.routers_per_group)
                       .arg(df_.nodes_per_router)
                       .arg(df_.global_links_per_router);
    text += more_ ? QString("Groups 0–%1 shown; the “+N groups” box stands for the rest")
                        .arg(shown_groups_ - 1)
                  : QString("All groups");
    text += ". Local cables inside a group, global cables across the circle";
    if (df_.nodes_per_router > kMaxNodesPerRouter) text += "; each router's nodes are one box";
    return text + ". Parallel cables are one edge (×N).";
  }

  const DragonflyConfig& df_;
  const GraphIndex& g_;
  DrawingBuilder b_;
  int shown_groups_ = 0;
  double group_radius_ = 0.0;
  double ring_radius_ = 0.0;
  bool more_ = false;
};

}  // namespace

NetworkDrawing layout_dragonfly(const wt::Scenario& s, const GraphIndex& g) {
  return DragonflyLayout(s, g).run();
}

}  // namespace wt::gui
