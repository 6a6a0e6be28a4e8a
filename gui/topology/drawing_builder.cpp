#include "gui/topology/drawing_builder.hpp"

#include <QLocale>
#include <algorithm>
#include <map>
#include <utility>

namespace wt::gui {
namespace {

QRectF centred(QPointF c, double w, double h) {
  return {c.x() - w / 2.0, c.y() - h / 2.0, w, h};
}

}  // namespace

DrawingBuilder::DrawingBuilder(const GraphIndex& g)
    : g_(g), box_of_(g.topology().vertices().size(), -1) {}

int DrawingBuilder::add_box(DrawnBox box) {
  drawing_.boxes.push_back(std::move(box));
  return static_cast<int>(drawing_.boxes.size() - 1);
}

void DrawingBuilder::map_node(int node, int box) {
  for (int32_t v : g_.node_vertices(node)) {
    box_of_[static_cast<size_t>(v)] = box;
    drawing_.boxes[static_cast<size_t>(box)].members.push_back(v);
  }
}

// NVLink, NVSwitch or PCIe links of the node; not the GPU-to-NIC attachments.
void DrawingBuilder::add_fabric_links(int node, DrawnBox& box) const {
  const topo::Topology& t = g_.topology();
  auto is_nic = [&t](int32_t v) {
    return t.vertices()[static_cast<size_t>(v)].kind == topo::VertexKind::nic;
  };
  for (int32_t v : g_.node_vertices(node)) {
    if (is_nic(v)) continue;
    for (int32_t id : g_.out_links(v)) {
      const topo::Link& l = t.links()[static_cast<size_t>(id)];
      if (l.level == topo::LinkLevel::intra_node && !is_nic(l.to)) box.fabric_links.push_back(id);
    }
  }
}

int DrawingBuilder::add_node(int node, QPointF centre) {
  return add_nodes({node}, centre);
}

int DrawingBuilder::add_nodes(const std::vector<int>& nodes, QPointF centre) {
  DrawnBox box;
  box.kind = BoxKind::node;
  box.rect = centred(centre, kNodeWidth, kNodeHeight);
  box.node = nodes.front();
  box.nodes = static_cast<int>(nodes.size());
  const int gpn = g_.topology().gpus_per_node();
  if (nodes.size() == 1) {
    box.label = "node " + QString::number(nodes.front());
    box.detail = QString("node %1 (%2 GPUs)").arg(nodes.front()).arg(gpn);
  } else {
    box.label = QString("%1–%2").arg(nodes.front()).arg(nodes.back());
    box.detail =
        QString("nodes %1–%2 (%3 GPUs each)").arg(nodes.front()).arg(nodes.back()).arg(gpn);
  }
  const int b = add_box(std::move(box));
  for (int n : nodes) {
    map_node(n, b);
    add_fabric_links(n, drawing_.boxes[static_cast<size_t>(b)]);
  }
  drawing_.shown_nodes += static_cast<int>(nodes.size());
  return b;
}

int DrawingBuilder::add_switch(int32_t vertex, QPointF centre, const QString& label,
                               const QString& detail) {
  DrawnBox box;
  box.kind = BoxKind::network_switch;
  box.rect = centred(centre, kSwitchWidth, kSwitchHeight);
  box.label = label;
  box.detail = detail;
  box.members = {vertex};
  const int b = add_box(std::move(box));
  box_of_[static_cast<size_t>(vertex)] = b;
  ++drawing_.shown_switches;
  return b;
}

int DrawingBuilder::add_part(BoxKind kind, int32_t vertex, QPointF centre, const QString& label,
                             const QString& detail) {
  DrawnBox box;
  box.kind = kind;
  box.rect = kind == BoxKind::node_switch ? centred(centre, 2.0 * kSwitchWidth, kSwitchHeight)
                                          : centred(centre, kSwitchWidth * 0.7, kSwitchHeight);
  box.label = label;
  box.detail = detail;
  box.members = {vertex};
  const int b = add_box(std::move(box));
  box_of_[static_cast<size_t>(vertex)] = b;
  return b;
}

int DrawingBuilder::add_more(const std::vector<int>& nodes, const std::vector<int32_t>& switches,
                             QPointF centre, const QString& label, const QString& detail) {
  DrawnBox box;
  box.kind = BoxKind::more;
  box.rect = centred(centre, kSwitchWidth, kSwitchHeight);
  box.label = label;
  box.detail = detail;
  box.nodes = static_cast<int>(nodes.size());
  const int b = add_box(std::move(box));
  for (int n : nodes)
    map_node(n, b);
  for (int32_t v : switches) {
    box_of_[static_cast<size_t>(v)] = b;
    drawing_.boxes[static_cast<size_t>(b)].members.push_back(v);
  }
  return b;
}

void DrawingBuilder::add_label(QPointF at, const QString& text, bool right_aligned) {
  drawing_.labels.push_back({at, text, right_aligned});
}

bool DrawingBuilder::is_more(int b) const {
  return box(b).kind == BoxKind::more;
}

NetworkDrawing DrawingBuilder::finish(const QString& caption, bool intra_node) {
  const topo::Topology& t = g_.topology();
  std::map<std::pair<int, int>, size_t> edge_of;
  for (size_t id = 0; id < t.links().size(); ++id) {
    const topo::Link& l = t.links()[id];
    if (l.level == topo::LinkLevel::intra_node && !intra_node) continue;
    const int a = box_of(l.from), b = box_of(l.to);
    if (a < 0 || b < 0 || a == b || (is_more(a) && is_more(b))) continue;
    const std::pair<int, int> key{std::min(a, b), std::max(a, b)};
    auto it = edge_of.find(key);
    if (it == edge_of.end()) {
      DrawnEdge e;
      e.from_box = key.first;
      e.to_box = key.second;
      it = edge_of.emplace(key, drawing_.edges.size()).first;
      drawing_.edges.push_back(std::move(e));
    }
    DrawnEdge& e = drawing_.edges[it->second];
    (a == e.from_box ? e.forward : e.backward).push_back(static_cast<int32_t>(id));
  }
  for (DrawnEdge& e : drawing_.edges) {
    e.cables = static_cast<int>(std::max(e.forward.size(), e.backward.size()));
    e.path.moveTo(box(e.from_box).rect.center());
    e.path.lineTo(box(e.to_box).rect.center());
  }
  drawing_.caption = caption;
  return std::move(drawing_);
}

QString grouped(int64_t n) {
  return QLocale(QLocale::English).toString(static_cast<qlonglong>(n));
}

QString short_name(const std::string& name) {
  QString s = QString::fromStdString(name);
  s.replace("rail", "r").replace("pod", "p").replace("group", "g").replace("router", "rt");
  return s;
}

}  // namespace wt::gui
