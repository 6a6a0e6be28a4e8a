// Torus as a grid: one grid of routers per z slice (3D: slices side by side), each router's node
// beneath it. Neighbour cables are straight, wrap-around cables arcs over the row (x) or beside
// the column (y); z cables are short stubs towards the next slice, since a line to it would cross
// the grid. A large torus shows its first rows, columns and slices; one "+N" box stands for the
// rest, and cables to it are stubs too.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "gui/topology/drawing_builder.hpp"
#include "gui/topology/layouts.hpp"

namespace wt::gui {
namespace {

constexpr double kCellWidth = kSwitchWidth + 44.0;
constexpr double kCellHeight = kSwitchHeight + kNodeHeight + 64.0;
constexpr double kSliceGap = 90.0;
constexpr double kNodeDrop = kSwitchHeight / 2.0 + 18.0 + kNodeHeight / 2.0;
constexpr double kNodeShift = 0.36 * kCellWidth;  // leaves the way down free for y stubs
constexpr double kStub = 26.0;                    // visible length beyond the router box

using Coord = std::array<int, 3>;

std::array<int, 3> dims_of(const wt::Scenario& s, int nodes) {
  std::array<int, 3> d{1, 1, 1};
  const std::vector<int>& dims = s.cluster.network.torus.dims;
  if (dims.empty()) d[0] = nodes;
  for (size_t i = 0; i < dims.size() && i < 3; ++i)
    d[i] = dims[i];
  return d;
}

class TorusLayout {
 public:
  TorusLayout(const wt::Scenario& s, const GraphIndex& g)
      : g_(g), b_(g), d_(dims_of(s, g.topology().num_nodes())) {
    shown_ = {std::min(d_[0], kMaxTorusSide), std::min(d_[1], kMaxTorusSide),
              std::min(d_[2], kMaxTorusSlices)};
    dimensions_ = s.cluster.network.torus.dims.empty()
                      ? 1
                      : static_cast<int>(s.cluster.network.torus.dims.size());
  }

  NetworkDrawing run() {
    for (int z = 0; z < shown_[2]; ++z)
      place_slice(z);
    place_rest();
    NetworkDrawing d = b_.finish(caption());
    for (DrawnEdge& e : d.edges)
      bend(d, e);
    return d;
  }

 private:
  int node_at(const Coord& c) const { return c[0] + d_[0] * (c[1] + d_[1] * c[2]); }
  // Slices fill a grid of about as many columns as rows (they are about square).
  int slice_columns() const {
    return static_cast<int>(std::ceil(std::sqrt(static_cast<double>(shown_[2]))));
  }
  QPointF slice_origin(int z) const {
    const int col = z % slice_columns(), row = z / slice_columns();
    return {col * (shown_[0] * kCellWidth + kSliceGap),
            row * (shown_[1] * kCellHeight + kSliceGap)};
  }

  void place_slice(int z) {
    if (dimensions_ == 3) {
      b_.add_label(slice_origin(z) + QPointF(-kSwitchWidth / 2.0, -kSwitchHeight / 2.0 - 30.0),
                   QString("slice z = %1").arg(z));
    }
    for (int y = 0; y < shown_[1]; ++y) {
      for (int x = 0; x < shown_[0]; ++x)
        place_cell({x, y, z});
    }
  }

  void place_cell(const Coord& c) {
    const int node = node_at(c);
    const std::vector<int32_t> routers = g_.node_switches(node);
    const QPointF at = slice_origin(c[2]) + QPointF(c[0] * kCellWidth, c[1] * kCellHeight);
    if (!routers.empty()) {
      const std::string& name = g_.topology().vertices()[static_cast<size_t>(routers[0])].name;
      QString label = QString::fromStdString(name);
      label.remove("router");
      coord_of_[b_.add_switch(routers[0], at, label, QString::fromStdString(name) + " — router")] =
          c;
    }
    b_.add_node(node, at + QPointF(kNodeShift, kNodeDrop));
  }

  void place_rest() {
    std::vector<int> nodes;
    std::vector<int32_t> routers;
    for (int n = 0; n < g_.topology().num_nodes(); ++n) {
      const Coord c{n % d_[0], n / d_[0] % d_[1], n / (d_[0] * d_[1])};
      if (c[0] < shown_[0] && c[1] < shown_[1] && c[2] < shown_[2]) continue;
      nodes.push_back(n);
      for (int32_t r : g_.node_switches(n))
        routers.push_back(r);
    }
    if (nodes.empty()) return;
    const int rows = (shown_[2] + slice_columns() - 1) / slice_columns();
    const QPointF at(slice_columns() * (shown_[0] * kCellWidth + kSliceGap),
                     (rows * (shown_[1] * kCellHeight + kSliceGap) - kSliceGap) / 2.0);
    more_ = b_.add_more(
        nodes, routers, at, "+" + grouped(static_cast<int64_t>(nodes.size())),
        grouped(static_cast<int64_t>(nodes.size())) + " more routers and their nodes, not drawn");
  }

  // Wrap-around cables leave the grid at one side and re-enter at the other (two stubs); z cables
  // and cables to the "+N" box are stubs towards where they go.
  void bend(const NetworkDrawing& d, DrawnEdge& e) const {
    const DrawnBox& from = d.boxes[static_cast<size_t>(e.from_box)];
    const DrawnBox& to = d.boxes[static_cast<size_t>(e.to_box)];
    if (from.kind == BoxKind::node || to.kind == BoxKind::node) {
      e.count_label = false;  // a node's NICs all reach its router
      return;
    }
    const QPointF pa = from.rect.center(), pb = to.rect.center();
    if (e.from_box == more_ || e.to_box == more_) {
      e.path = e.from_box == more_ ? stub(pb, pa - pb) : stub(pa, pb - pa);
      return;
    }
    const Coord& ca = coord_of_.at(e.from_box);
    const Coord& cb = coord_of_.at(e.to_box);
    if (ca[2] != cb[2]) {
      const bool a_first = (cb[2] - ca[2] + d_[2]) % d_[2] == 1;
      e.path = stub(a_first ? pa : pb, QPointF(1.0, -1.0));
    } else if (std::abs(ca[0] - cb[0]) > 1) {
      const bool a_last = ca[0] > cb[0];
      e.path = stub(a_last ? pa : pb, QPointF(1.0, 0.0));
      e.path.addPath(stub(a_last ? pb : pa, QPointF(-1.0, 0.0)));
    } else if (std::abs(ca[1] - cb[1]) > 1) {
      const bool a_last = ca[1] > cb[1];
      e.path = stub(a_last ? pa : pb, QPointF(0.0, 1.0));
      e.path.addPath(stub(a_last ? pb : pa, QPointF(0.0, -1.0)));
    }
  }

  // A line from a router's centre in `direction`, reaching kStub beyond its box.
  static QPainterPath stub(QPointF from, QPointF direction) {
    const double len = std::hypot(direction.x(), direction.y());
    if (len == 0.0) return QPainterPath(from);
    const QPointF unit = direction / len;
    const double inside =
        std::min(std::abs(unit.x()) > 1e-9 ? kSwitchWidth / 2.0 / std::abs(unit.x()) : 1e9,
                 std::abs(unit.y()) > 1e-9 ? kSwitchHeight / 2.0 / std::abs(unit.y()) : 1e9);
    QPainterPath p(from);
    p.lineTo(from + unit * (inside + kStub));
    return p;
  }

  QString caption() const {
    const int nodes = g_.topology().num_nodes();
    QStringList dims;
    for (int i = 0; i < dimensions_; ++i)
      dims << QString::number(d_[static_cast<size_t>(i)]);
    QString text =
        QString("%1D torus %2: one router per node. ").arg(dimensions_).arg(dims.join("×"));
    if (more_ < 0) {
      text += QString("All %1 routers and nodes").arg(grouped(nodes));
    } else {
      const int shown = shown_[0] * shown_[1] * shown_[2];
      text += QString("Routers x < %1, y < %2").arg(shown_[0]).arg(shown_[1]);
      if (dimensions_ == 3) text += QString(", z < %1").arg(shown_[2]);
      text += QString(" (%1 of %2); the “+N” box stands for the rest")
                  .arg(grouped(shown))
                  .arg(grouped(nodes));
    }
    text += ". A wrap-around cable is a stub out of one side of the grid and one into the other";
    if (dimensions_ == 3)
      text += "; z cables are the diagonal stubs (to the same router of the next slice)";
    return text + ".";
  }

  const GraphIndex& g_;
  DrawingBuilder b_;
  std::array<int, 3> d_;
  std::array<int, 3> shown_{};
  int dimensions_ = 1;
  int more_ = -1;
  std::map<int, Coord> coord_of_;
};

}  // namespace

NetworkDrawing layout_torus(const wt::Scenario& s, const GraphIndex& g) {
  return TorusLayout(s, g).run();
}

}  // namespace wt::gui
