// Fat-tree and rail-optimized fat-tree as levels. Rows are classified from the graph: a switch
// cabled to NICs is a leaf, one reached by leaf up-links a level-2 switch (spine or aggregation),
// the rest cores. A large tree shows its first nodes, the leaves they are cabled to, the level-2
// switches above those and the cores above them, each row capped; a "+N" box per row stands for
// the rest, and links to it are folded into one edge.
#include <algorithm>
#include <set>

#include "gui/topology/drawing_builder.hpp"
#include "gui/topology/layouts.hpp"

namespace wt::gui {
namespace {

constexpr double kMinRowGap = 120.0;
constexpr double kColumnGap = 12.0;

struct Row {
  QString name;              // "leaf switches"
  QString singular;          // "leaf switch"
  std::vector<int32_t> all;  // every switch of the row, vertex order
  std::vector<int32_t> shown;
};

int row_of(const GraphIndex& g, int32_t v) {
  if (g.touches(v, topo::LinkLevel::nic)) return 0;
  if (g.touches(v, topo::LinkLevel::level1)) return 1;
  return 2;
}

// Switches of `row` reached from `below` over links of `level`, vertex order, capped.
std::vector<int32_t> reached(const GraphIndex& g, const std::vector<int32_t>& below,
                             topo::LinkLevel level, const std::vector<int32_t>& row) {
  std::set<int32_t> found;
  for (int32_t v : below) {
    for (int32_t n : g.neighbours(v, level))
      found.insert(n);
  }
  std::vector<int32_t> out;
  for (int32_t v : row) {
    if (found.count(v) && static_cast<int>(out.size()) < kMaxShownPerRow) out.push_back(v);
  }
  return out;
}

QString level2_name(const wt::Scenario& s) {
  return s.cluster.network.fat_tree.levels == 2 ? "spine switch" : "aggregation switch";
}

class FatTreeLayout {
 public:
  FatTreeLayout(const wt::Scenario& s, const GraphIndex& g) : s_(s), g_(g), b_(g) {
    rows_[0] = {"leaf switches", "leaf switch", {}, {}};
    rows_[1] = {level2_name(s) + "es", level2_name(s), {}, {}};
    rows_[2] = {"core switches", "core switch", {}, {}};
    for (int32_t v : g.switches())
      rows_[static_cast<size_t>(row_of(g, v))].all.push_back(v);
  }

  NetworkDrawing run() {
    const int nodes = g_.topology().num_nodes();
    for (int n = 0; n < std::min(nodes, kMaxShownNodes); ++n)
      shown_nodes_.push_back(n);
    std::vector<int32_t> leaves;
    for (int n : shown_nodes_) {
      for (int32_t sw : g_.node_switches(n))
        leaves.push_back(sw);
    }
    rows_[0].shown = reached_from_nodes(leaves);
    rows_[1].shown = reached(g_, rows_[0].shown, topo::LinkLevel::level1, rows_[1].all);
    rows_[2].shown = reached(g_, rows_[1].shown, topo::LinkLevel::level2, rows_[2].all);
    place();
    return b_.finish(caption());
  }

 private:
  std::vector<int32_t> reached_from_nodes(std::vector<int32_t> leaves) const {
    std::sort(leaves.begin(), leaves.end());
    leaves.erase(std::unique(leaves.begin(), leaves.end()), leaves.end());
    if (static_cast<int>(leaves.size()) > kMaxShownPerRow) leaves.resize(kMaxShownPerRow);
    return leaves;
  }

  std::vector<int32_t> hidden(const Row& row) const {
    std::vector<int32_t> out;
    for (int32_t v : row.all) {
      if (std::find(row.shown.begin(), row.shown.end(), v) == row.shown.end()) out.push_back(v);
    }
    return out;
  }

  int used_rows() const {
    int used = 0;
    for (int r = 0; r < 3; ++r) {
      if (!rows_[static_cast<size_t>(r)].all.empty()) used = r + 1;
    }
    return used;
  }

  // Boxes of one row centred on x = 0; `more` adds the "+N" box at its right end.
  static std::vector<QPointF> row_centres(int count, double y, double width) {
    std::vector<QPointF> out;
    const double step = width + kColumnGap;
    const double left = -(count - 1) * step / 2.0;
    for (int i = 0; i < count; ++i)
      out.emplace_back(left + i * step, y);
    return out;
  }

  int boxes_in(const Row& row) const {
    return static_cast<int>(row.shown.size()) + (hidden(row).empty() ? 0 : 1);
  }

  // Rows further apart as they get wider, so that the drawing fits a window's proportions.
  double row_gap() const {
    double widest = (kNodeWidth + kColumnGap) * (static_cast<double>(shown_nodes_.size()) + 1);
    for (const Row& row : rows_)
      widest = std::max(widest, (kSwitchWidth + kColumnGap) * boxes_in(row));
    return std::max(kMinRowGap, 0.16 * widest);
  }

  void place() {
    const int top = used_rows();
    const double gap = row_gap();
    for (int r = 0; r < top; ++r) {
      const Row& row = rows_[static_cast<size_t>(r)];
      const double y = (top - 1 - r) * gap;
      const std::vector<int32_t> rest = hidden(row);
      const int count = boxes_in(row);
      const std::vector<QPointF> at = row_centres(count, y, kSwitchWidth);
      for (size_t i = 0; i < row.shown.size(); ++i) {
        const std::string& name = g_.topology().vertices()[static_cast<size_t>(row.shown[i])].name;
        b_.add_switch(row.shown[i], at[i], short_name(name),
                      QString::fromStdString(name) + " — " + row.singular);
      }
      if (!rest.empty()) {
        b_.add_more(
            {}, rest, at.back(), "+" + grouped(static_cast<int64_t>(rest.size())),
            grouped(static_cast<int64_t>(rest.size())) + " more " + row.name + ", not drawn");
      }
      b_.add_label(QPointF(at.front().x() - kSwitchWidth / 2.0 - 12.0, y + 5.0), row.name, true);
    }
    place_nodes(top * gap);
  }

  void place_nodes(double y) {
    const int nodes = g_.topology().num_nodes();
    const int rest = nodes - static_cast<int>(shown_nodes_.size());
    const int count = static_cast<int>(shown_nodes_.size()) + (rest > 0 ? 1 : 0);
    const std::vector<QPointF> at = row_centres(count, y, kNodeWidth);
    for (size_t i = 0; i < shown_nodes_.size(); ++i)
      b_.add_node(shown_nodes_[i], at[i]);
    if (rest > 0) {
      std::vector<int> others;
      for (int n = static_cast<int>(shown_nodes_.size()); n < nodes; ++n)
        others.push_back(n);
      b_.add_more(others, {}, at.back(), "+" + grouped(rest) + " nodes",
                  grouped(rest) + " more nodes, not drawn");
    }
    b_.add_label(QPointF(at.front().x() - kNodeWidth / 2.0 - 12.0, y + 5.0), "nodes", true);
  }

  QString row_text(const Row& row) const {
    const auto shown = static_cast<int64_t>(row.shown.size());
    const auto all = static_cast<int64_t>(row.all.size());
    if (shown == all) return grouped(all) + " " + row.name;
    return grouped(shown) + " of " + grouped(all) + " " + row.name;
  }

  QString caption() const {
    const auto& ft = s_.cluster.network.fat_tree;
    const bool rail = g_.topology().name() == "rail-optimized-fat-tree";
    QString text = QString(rail ? "Rail-optimized fat-tree" : "Fat-tree") +
                   QString(", %1 levels, radix %2. ").arg(ft.levels).arg(ft.switch_radix);
    const int nodes = g_.topology().num_nodes();
    const auto shown = static_cast<int>(shown_nodes_.size());
    text += shown == nodes ? QString("All %1 nodes").arg(grouped(nodes))
                           : QString("Nodes 0–%1 of %2").arg(shown - 1).arg(grouped(nodes));
    QStringList rows;
    for (int r = 0; r < used_rows(); ++r)
      rows << row_text(rows_[static_cast<size_t>(r)]);
    text += ", " + rows.join(", ");
    if (shown < nodes) text += " (the switches those nodes reach); “+N” boxes stand for the rest";
    return text + ". Parallel cables are one edge (×N).";
  }

  const wt::Scenario& s_;
  const GraphIndex& g_;
  DrawingBuilder b_;
  Row rows_[3];
  std::vector<int> shown_nodes_;
};

}  // namespace

NetworkDrawing layout_fat_tree(const wt::Scenario& s, const GraphIndex& g) {
  return FatTreeLayout(s, g).run();
}

}  // namespace wt::gui
