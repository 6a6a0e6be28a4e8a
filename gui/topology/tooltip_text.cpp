#include "gui/topology/tooltip_text.hpp"

#include <QStringList>
#include <array>
#include <cmath>

namespace wt::gui {
namespace {

QString name_of(const DrawnBox& b) {
  return b.kind == BoxKind::node || b.kind == BoxKind::more ? b.label
                                                            : b.detail.section(" — ", 0, 0);
}

QString measure_word(const LoadIndex& loads) {
  return loads.measure() == LoadMeasure::line_rate ? "at line rate" : "busy";
}

QString direction_line(const QString& from, const QString& to, const DirectionLoad& d, int cables,
                       const LoadIndex& loads) {
  QString line = from + " → " + to + ": ";
  if (!loads.has_loads()) return line + "no utilisation (run with the SimGrid engine)";
  if (d.bytes <= 0.0) return line + "no traffic";
  line += bytes_text(d.bytes) + ", " + measure_word(loads) + " " + percent_text(d.busiest) +
          " of the iteration";
  return cables > 1 ? line + " (busiest cable)" : line;
}

}  // namespace

QString level_name(const std::string& topology, topo::LinkLevel level) {
  using L = topo::LinkLevel;
  if (level == L::intra_node) return "inside the node";
  if (level == L::nic)
    return topology == "torus" || topology == "dragonfly" ? "NIC ↔ router" : "NIC ↔ leaf";
  if (topology == "torus") {
    static const std::array<const char*, 3> dims = {"x ring (dimension 0)", "y ring (dimension 1)",
                                                    "z ring (dimension 2)"};
    return dims[static_cast<size_t>(level) - static_cast<size_t>(L::level1)];
  }
  if (topology == "dragonfly")
    return level == L::level1 ? "local (inside a group)" : "global (between groups)";
  return level == L::level1 ? "leaf ↔ level 2" : "level 2 ↔ core";
}

QString bandwidth_text(double Bps, topo::LinkLevel level) {
  if (level == topo::LinkLevel::intra_node) return QString::number(Bps / 1e9, 'g', 4) + " GB/s";
  return QString::number(Bps * 8.0 / 1e9, 'g', 4) + " Gb/s";
}

QString bytes_text(double bytes) {
  static const std::array<const char*, 6> units = {"B", "kB", "MB", "GB", "TB", "PB"};
  size_t u = 0;
  while (u + 1 < units.size() && std::abs(bytes) >= 1000.0) {
    bytes /= 1000.0;
    ++u;
  }
  return QString::number(bytes, 'f', u == 0 ? 0 : 1) + " " + units[u];
}

QString percent_text(double utilisation) {
  return QString::number(100.0 * utilisation, 'f', utilisation < 0.1 ? 2 : 1) + "%";
}

QString edge_tooltip(const NetworkDrawing& d, const DrawnEdge& e, const topo::Topology& t,
                     const LoadIndex& loads) {
  const QString a = name_of(d.boxes[static_cast<size_t>(e.from_box)]);
  const QString b = name_of(d.boxes[static_cast<size_t>(e.to_box)]);
  const int32_t any = e.forward.empty() ? e.backward.front() : e.forward.front();
  const topo::Link& link = t.links()[static_cast<size_t>(any)];
  const EdgeLoad load = edge_load(e, t, loads);
  QStringList lines;
  lines << a + " ↔ " + b;
  lines << level_name(t.name(), link.level) + ", " +
               (e.cables > 1 ? QString("%1 cables of ").arg(e.cables) : QString("one cable, ")) +
               bandwidth_text(link.bandwidth_Bps, link.level) + " each way";
  lines << direction_line(a, b, load.forward, e.cables, loads);
  lines << direction_line(b, a, load.backward, e.cables, loads);
  return lines.join('\n');
}

QString node_tooltip(const DrawnBox& node, const QString& fabric, const LoadIndex& loads) {
  QString text = node.detail;
  if (node.fabric_links.empty()) return text;
  text += "\n" + fabric + ": ";
  if (!loads.has_loads()) return text + "no utilisation (run with the SimGrid engine)";
  const NodeFabricLoad f = node_fabric_load(node, loads);
  if (f.bytes <= 0.0) return text + "no traffic";
  return text + bytes_text(f.bytes) + " over its GPU links, busiest " + measure_word(loads) + " " +
         percent_text(f.busiest) + " of the iteration";
}

}  // namespace wt::gui
