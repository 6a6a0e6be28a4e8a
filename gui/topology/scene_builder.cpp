#include "gui/topology/scene_builder.hpp"

#include <QBrush>
#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>
#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "gui/topology/tooltip_text.hpp"
#include "gui/topology/utilisation_colours.hpp"

namespace wt::gui {
namespace {

struct BoxStyle {
  const char* role;
  QColor fill;
  QColor border;
};

BoxStyle style_of(BoxKind kind) {
  switch (kind) {
    case BoxKind::node:
      return {"node", QColor(0xee, 0xf3, 0xe8), QColor(0x5b, 0x7f, 0x3e)};
    case BoxKind::network_switch:
      return {"switch", QColor(0xe1, 0xe9, 0xf4), QColor(0x3f, 0x63, 0x9a)};
    case BoxKind::node_switch:
      return {"node-switch", QColor(0xe1, 0xe9, 0xf4), QColor(0x3f, 0x63, 0x9a)};
    case BoxKind::gpu:
      return {"gpu", QColor(0xee, 0xf3, 0xe8), QColor(0x5b, 0x7f, 0x3e)};
    case BoxKind::nic:
      return {"nic", QColor(0xf4, 0xf0, 0xe6), QColor(0x8a, 0x76, 0x4a)};
    case BoxKind::more:
      break;
  }
  return {"more", QColor(Qt::white), QColor(0x80, 0x80, 0x80)};
}

QFont small_font(double point_size) {
  QFont f;
  f.setPointSizeF(point_size);
  return f;
}

void add_text(QGraphicsItem* parent, const QString& text, const QRectF& within, double pt) {
  const QFont font = small_font(pt);
  const QString shown = QFontMetricsF(font).elidedText(text, Qt::ElideMiddle, within.width() - 4);
  auto* item = new QGraphicsSimpleTextItem(shown, parent);
  item->setFont(font);
  const QRectF r = item->boundingRect();
  item->setPos(within.center() - QPointF(r.width() / 2.0, r.height() / 2.0));
}

QColor edge_colour(const EdgeLoad& load, const LoadIndex& loads) {
  if (!loads.has_loads()) return neutral_link_colour();
  if (load.bytes() <= 0.0) return idle_link_colour();
  return utilisation_colour(load.busiest());
}

bool to_more(const NetworkDrawing& d, const DrawnEdge& e) {
  return d.boxes[static_cast<size_t>(e.from_box)].kind == BoxKind::more ||
         d.boxes[static_cast<size_t>(e.to_box)].kind == BoxKind::more;
}

// "×N" goes near the end whose box has fewer edges, where the lines fan out. A box whose bundles
// all fold N cables gets one "×N each" on its shortest one instead of a pile of equal labels.
struct CountLabel {
  int edge = -1;  // the edge that carries it
  int bundles = 0;
  bool near_from = true;
};

std::map<std::pair<int, int>, CountLabel> count_labels(const NetworkDrawing& d,
                                                       const std::vector<int>& degree) {
  std::map<std::pair<int, int>, CountLabel> labels;  // by (box, cables)
  for (size_t i = 0; i < d.edges.size(); ++i) {
    const DrawnEdge& e = d.edges[i];
    if (e.cables <= 1 || !e.count_label || to_more(d, e)) continue;
    const bool near_from =
        degree[static_cast<size_t>(e.from_box)] <= degree[static_cast<size_t>(e.to_box)];
    CountLabel& l = labels[{near_from ? e.from_box : e.to_box, e.cables}];
    ++l.bundles;
    if (l.edge < 0 || e.path.length() < d.edges[static_cast<size_t>(l.edge)].path.length()) {
      l.edge = static_cast<int>(i);
      l.near_from = near_from;
    }
  }
  return labels;
}

// On a pale plate above every edge (lines would cross it) and under the boxes; left out where it
// would cover another count. `taken` holds those placed.
void add_count(QGraphicsScene& scene, const DrawnEdge& e, const CountLabel& l,
               std::vector<QRectF>& taken) {
  const QString text =
      l.bundles > 1 ? QString("×%1 each").arg(e.cables) : QString("×%1").arg(e.cables);
  const QSizeF size = QFontMetricsF(small_font(6.5)).boundingRect(text).size();
  for (const double at : {l.near_from ? 0.25 : 0.75, l.near_from ? 0.75 : 0.25}) {
    const QRectF r(e.path.pointAtPercent(at) + QPointF(3.0, -6.0), size);
    const bool free = std::none_of(taken.begin(), taken.end(), [&](const QRectF& t) {
      return t.adjusted(-2.0, -1.0, 2.0, 1.0).intersects(r);
    });
    if (!free) continue;
    auto* plate =
        scene.addRect(r.adjusted(-1.0, 0.0, 1.0, 0.0), Qt::NoPen, QColor(0xff, 0xff, 0xff, 0xd8));
    plate->setZValue(0.5);
    plate->setData(kItemRole, "cable-count");
    auto* count = new QGraphicsSimpleTextItem(text, plate);
    count->setFont(small_font(6.5));
    count->setBrush(QColor(0x40, 0x40, 0x40));
    count->setPos(r.topLeft());
    taken.push_back(r);
    return;
  }
}

// Bundles are thicker; edges to a "+N" box stay thin, they stand for what is not drawn.
double pen_width(const NetworkDrawing& d, const DrawnEdge& e) {
  if (to_more(d, e)) return 1.0;
  return 1.6 + std::min(4.0, std::log2(static_cast<double>(std::max(1, e.cables))));
}

void add_edge(QGraphicsScene& scene, const NetworkDrawing& d, size_t index, const topo::Topology& t,
              const LoadIndex& loads) {
  const DrawnEdge& e = d.edges[index];
  const EdgeLoad load = edge_load(e, t, loads);
  QPen pen(edge_colour(load, loads));
  pen.setWidthF(pen_width(d, e));
  if (loads.has_loads() && load.bytes() <= 0.0) pen.setStyle(Qt::DashLine);
  pen.setCapStyle(Qt::RoundCap);
  auto* item = scene.addPath(e.path, pen);
  item->setZValue(0.0);
  item->setData(kItemRole, "link");
  item->setData(kItemIndex, static_cast<int>(index));
  item->setData(kItemUtilisation, loads.has_loads() ? load.busiest() : -1.0);
  item->setToolTip(edge_tooltip(d, e, t, loads));
}

// GPUs as small squares along the top, the node switch as a bar under them.
void add_node_inside(QGraphicsRectItem* box, const DrawnBox& b, int gpus, const LoadIndex& loads) {
  const QRectF r = b.rect;
  const int shown = std::min(gpus, 8);
  const double size = std::min(6.0, (r.width() - 8.0) / std::max(1, shown) - 1.5);
  for (int i = 0; i < shown; ++i) {
    auto* gpu =
        new QGraphicsRectItem(r.left() + 4.0 + i * (size + 1.5), r.top() + 3.0, size, size, box);
    gpu->setBrush(QColor(0x76, 0xb9, 0x00));
    gpu->setPen(Qt::NoPen);
  }
  if (b.fabric_links.empty()) return;
  const NodeFabricLoad f = node_fabric_load(b, loads);
  auto* bar =
      new QGraphicsRectItem(r.left() + 4.0, r.top() + 5.0 + size, r.width() - 8.0, 3.0, box);
  const QColor c = !loads.has_loads() ? neutral_link_colour()
                   : f.bytes <= 0.0   ? idle_link_colour()
                                      : utilisation_colour(f.busiest);
  bar->setBrush(c);
  bar->setPen(Qt::NoPen);
  bar->setData(kItemRole, "node-fabric");
  bar->setData(kItemUtilisation, loads.has_loads() ? f.busiest : -1.0);
}

void add_box(QGraphicsScene& scene, const NetworkDrawing& d, size_t index, int gpus,
             const LoadIndex& loads, const QString& fabric) {
  const DrawnBox& b = d.boxes[index];
  const BoxStyle st = style_of(b.kind);
  QPen pen(st.border);
  pen.setWidthF(1.2);
  if (b.kind == BoxKind::more) pen.setStyle(Qt::DashLine);
  auto* item = scene.addRect(b.rect, pen, QBrush(st.fill));
  item->setZValue(1.0);
  item->setData(kItemRole, st.role);
  item->setData(kItemIndex, static_cast<int>(index));
  item->setToolTip(b.kind == BoxKind::node ? node_tooltip(b, fabric, loads) : b.detail);
  if (b.kind == BoxKind::node) {
    add_node_inside(item, b, gpus, loads);
    add_text(item, b.label, b.rect.adjusted(0.0, 12.0, 0.0, 0.0), 7.0);
  } else {
    add_text(item, b.label, b.rect, 7.5);
  }
}

}  // namespace

void build_scene(QGraphicsScene& scene, const NetworkDrawing& d, const topo::Topology& t,
                 const LoadIndex& loads, const QString& fabric) {
  std::vector<int> degree(d.boxes.size(), 0);
  for (const DrawnEdge& e : d.edges) {
    ++degree[static_cast<size_t>(e.from_box)];
    ++degree[static_cast<size_t>(e.to_box)];
  }
  for (size_t i = 0; i < d.edges.size(); ++i)
    add_edge(scene, d, i, t, loads);
  std::vector<QRectF> taken;
  for (const auto& [key, label] : count_labels(d, degree))
    add_count(scene, d.edges[static_cast<size_t>(label.edge)], label, taken);
  for (size_t i = 0; i < d.boxes.size(); ++i)
    add_box(scene, d, i, t.gpus_per_node(), loads, fabric);
  for (const DrawnLabel& l : d.labels) {
    auto* text = scene.addSimpleText(l.text, small_font(8.0));
    text->setBrush(QColor(0x50, 0x50, 0x50));
    const QRectF r = text->boundingRect();
    text->setPos(l.at - QPointF(l.right_aligned ? r.width() : 0.0, r.height()));
    text->setData(kItemRole, "label");
  }
}

}  // namespace wt::gui
