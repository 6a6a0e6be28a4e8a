// A cluster of one node has no network: the node itself is drawn, its GPUs in a row under the
// NVSwitch (or PCIe switch) they are cabled to, or on a circle when an NVLink mesh joins every
// pair, and its NICs below (cabled to nothing).
#include <QtMath>
#include <cmath>

#include "gui/topology/drawing_builder.hpp"
#include "gui/topology/layouts.hpp"

namespace wt::gui {
namespace {

constexpr double kPartGap = 70.0;

QPointF in_row(int i, int count, double y) {
  return {(i - (count - 1) / 2.0) * kPartGap, y};
}

}  // namespace

NetworkDrawing layout_single_node(const wt::Scenario& s, const GraphIndex& g) {
  DrawingBuilder b(g);
  const topo::Topology& t = g.topology();
  std::vector<int32_t> gpus, nics, hubs;
  for (int32_t v : g.node_vertices(0)) {
    const topo::VertexKind k = t.vertices()[static_cast<size_t>(v)].kind;
    (k == topo::VertexKind::gpu ? gpus : k == topo::VertexKind::nic ? nics : hubs).push_back(v);
  }
  const int n = static_cast<int>(gpus.size());
  const bool mesh = hubs.empty() && n > 2;
  const double radius = std::max(80.0, n * kPartGap / (2.0 * M_PI));
  for (int i = 0; i < n; ++i) {
    const double a = 2.0 * M_PI * i / n;
    const QPointF at =
        mesh ? QPointF(radius * std::sin(a), -radius * std::cos(a)) : in_row(i, n, 0);
    b.add_part(BoxKind::gpu, gpus[static_cast<size_t>(i)], at, QString("GPU %1").arg(i),
               QString("node0.gpu%1 — %2").arg(i).arg(QString::fromStdString(s.cluster.gpu)));
  }
  const QString fabric = fabric_name(s.cluster.intra_node.fabric);
  for (int32_t hub : hubs)
    b.add_part(BoxKind::node_switch, hub, QPointF(0.0, -110.0), fabric, fabric + " of node 0");
  const double nic_y = mesh ? radius + 90.0 : 110.0;
  for (size_t j = 0; j < nics.size(); ++j) {
    b.add_part(BoxKind::nic, nics[j],
               in_row(static_cast<int>(j), static_cast<int>(nics.size()), nic_y),
               QString("NIC %1").arg(j), QString("node0.nic%1 — no network to reach").arg(j));
  }
  return b.finish(QString("One node of %1 GPUs over %2: no network. Every link inside the node "
                          "is drawn.")
                      .arg(n)
                      .arg(fabric),
                  true);
}

QString fabric_name(IntraNodeFabric f) {
  switch (f) {
    case IntraNodeFabric::nvswitch:
      return "NVSwitch";
    case IntraNodeFabric::nvlink_mesh:
      return "NVLink mesh";
    case IntraNodeFabric::pcie:
      return "PCIe switch";
    case IntraNodeFabric::xgmi:
      return "Infinity Fabric mesh";
    case IntraNodeFabric::ici:
      return "ICI";
    case IntraNodeFabric::neuronlink:
      return "NeuronLink torus";
  }
  return "node fabric";
}

}  // namespace wt::gui
