// The Topology tab's colours: every edge takes the colour of its busiest link's utilisation from
// a real SimGrid run (checked against the loads through the drawing's own link lists), idle links
// are dashed grey, no loads means neutral grey and a note, loads of another network are refused,
// and the rendered widget is not blank.
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QImage>
#include <QPen>
#include <QtTest>
#include <algorithm>
#include <memory>
#include <set>

#include "gui/topology/network_drawing.hpp"
#include "gui/topology/scene_builder.hpp"
#include "gui/topology/topology_view.hpp"
#include "gui/topology/utilisation_colours.hpp"
#include "sim/comm/parameter_server.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/parse.hpp"
#include "topology/topology.hpp"

namespace wt::gui {
namespace {

Scenario shipped(const char* name) {
  return load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/" + name + ".json");
}

std::unique_ptr<topo::Topology> topology_of(const Scenario& s) {
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  return topo::build_topology(
      s.cluster, topo::intra_node_bandwidth_Bps(s.cluster.intra_node, gpu->nvlink_GBps.value,
                                                gpu->pcie_GBps.value));
}

std::vector<const QGraphicsPathItem*> link_items(const QGraphicsScene& scene) {
  std::vector<const QGraphicsPathItem*> out;
  for (const QGraphicsItem* item : scene.items()) {
    if (item->data(kItemRole).toString() == "link")
      out.push_back(static_cast<const QGraphicsPathItem*>(item));
  }
  return out;
}

// The busiest utilisation and total bytes over an edge's links, straight from the loads.
struct Expected {
  double busiest = 0.0;
  double bytes = 0.0;
};

Expected expected_for(const DrawnEdge& e, const std::vector<LinkLoad>& loads) {
  Expected x;
  for (const auto* side : {&e.forward, &e.backward}) {
    for (int32_t id : *side) {
      auto it = std::lower_bound(loads.begin(), loads.end(), id,
                                 [](const LinkLoad& l, int32_t link) { return l.link < link; });
      if (it == loads.end() || it->link != id) continue;
      x.busiest = std::max(x.busiest, it->utilisation);
      x.bytes += it->bytes;
    }
  }
  return x;
}

}  // namespace

class TopologyUtilisationTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    scenario_ = shipped("oversubscribed-fat-tree-llama2-13b");
    run_ = run_scenario(scenario_, EngineKind::simgrid);
    QVERIFY(!run_.link_loads.empty());
  }

  void edges_take_the_colour_of_their_busiest_link() {
    TopologyView view;
    view.show_network(scenario_, &run_.link_loads);
    QCOMPARE(view.measure(), LoadMeasure::line_rate);  // a SimGrid run's loads have it
    view.set_measure(LoadMeasure::busy);
    QVERIFY(view.showing_utilisation());
    const auto t = topology_of(scenario_);
    const NetworkDrawing d = draw_network(scenario_, *t);
    const auto items = link_items(*view.scene());
    QCOMPARE(items.size(), d.edges.size());
    int busy = 0;
    for (const QGraphicsPathItem* item : items) {
      const DrawnEdge& e = d.edges[static_cast<size_t>(item->data(kItemIndex).toInt())];
      const Expected x = expected_for(e, run_.link_loads);
      QCOMPARE(item->data(kItemUtilisation).toDouble(), x.busiest);
      if (x.bytes > 0.0) {
        ++busy;
        QCOMPARE(item->pen().color(), utilisation_colour(x.busiest));
        QCOMPARE(item->pen().style(), Qt::SolidLine);
      } else {
        QCOMPARE(item->pen().color(), idle_link_colour());
        QCOMPARE(item->pen().style(), Qt::DashLine);
      }
    }
    QVERIFY(busy > 0);
    // Data parallelism spans all 16 nodes: every node's NICs carry gradients.
    QVERIFY(busy >= 22);
  }

  void the_parameter_servers_nic_is_the_hottest_at_line_rate() {
    // Busy share paints every link on a worker's route as busy as its flows; time at line rate
    // singles out what paces them: the dedicated server's NIC, in the scale's top class.
    const Scenario s = shipped("parameter-server-bert-large");
    const RunOutput run = run_scenario(s, EngineKind::simgrid);
    TopologyView view;
    view.show_network(s, &run.link_loads);
    QCOMPARE(view.measure(), LoadMeasure::line_rate);
    const GpuSpec* gpu = find_gpu(s.cluster.gpu);
    const auto t = topo::build_topology(
        simulated_cluster(s),
        topo::intra_node_bandwidth_Bps(s.cluster.intra_node, gpu->nvlink_GBps.value,
                                       gpu->pcie_GBps.value));
    const NetworkDrawing d = draw_network(s, *t);
    const auto on_server_nic = [&](const DrawnEdge& e) {
      for (const auto* side : {&e.forward, &e.backward}) {
        for (int32_t id : *side) {
          const topo::Link& k = t->links()[static_cast<size_t>(id)];
          const int node = std::max(t->vertices()[static_cast<size_t>(k.from)].node,
                                    t->vertices()[static_cast<size_t>(k.to)].node);
          if (k.level == topo::LinkLevel::nic && node >= s.cluster.num_nodes) return true;
        }
      }
      return false;
    };
    double server = 0.0, others = 0.0;
    for (const QGraphicsPathItem* item : link_items(*view.scene())) {
      const DrawnEdge& e = d.edges[static_cast<size_t>(item->data(kItemIndex).toInt())];
      const double u = item->data(kItemUtilisation).toDouble();
      double& hottest = on_server_nic(e) ? server : others;
      hottest = std::max(hottest, u);
    }
    QCOMPARE(colour_bucket(server), 4);
    QVERIFY2(server > others, qPrintable(QString("server %1, others %2").arg(server).arg(others)));
    QVERIFY(colour_bucket(others) < 4);
    QVERIFY(view.note().contains("line rate"));
  }

  void a_hand_made_load_colours_its_edge() {
    // One leaf up-link half busy: only the edge holding it turns colour, to the scale's 50%.
    const auto t = topology_of(scenario_);
    int32_t uplink = -1;
    for (size_t id = 0; id < t->links().size() && uplink < 0; ++id) {
      if (t->links()[id].level == topo::LinkLevel::level1) uplink = static_cast<int32_t>(id);
    }
    const std::vector<LinkLoad> loads = {{uplink, 1e9, 0.5}};
    TopologyView view;
    view.show_network(scenario_, &loads);
    int coloured = 0;
    for (const QGraphicsPathItem* item : link_items(*view.scene())) {
      if (item->pen().color() == idle_link_colour()) continue;
      ++coloured;
      QCOMPARE(item->pen().color(), utilisation_colour(0.5));
      QVERIFY(item->toolTip().contains("1.0 GB, busy 50.0% of the iteration"));
    }
    QCOMPARE(coloured, 1);
  }

  void the_scale_runs_from_light_yellow_to_dark_red() {
    QCOMPARE(utilisation_colour(0.0), QColor(0xfe, 0xd9, 0x76));
    QCOMPARE(utilisation_colour(1.0), QColor(0x80, 0x00, 0x26));
    QCOMPARE(utilisation_colour(2.0), utilisation_colour(1.0));  // clamped
    for (int i = 1; i <= 10; ++i) {                              // darker as it gets busier
      QVERIFY(utilisation_colour(i / 10.0).lightness() <
              utilisation_colour((i - 1) / 10.0).lightness());
    }
  }

  void without_loads_every_edge_is_neutral() {
    TopologyView view;
    view.show_network(scenario_, nullptr);
    QVERIFY(!view.showing_utilisation());
    QVERIFY(view.note().contains("run with the SimGrid engine to see link utilisation"));
    for (const QGraphicsPathItem* item : link_items(*view.scene())) {
      QCOMPARE(item->pen().color(), neutral_link_colour());
      QCOMPARE(item->data(kItemUtilisation).toDouble(), -1.0);
      QVERIFY(item->toolTip().contains("no utilisation"));
    }
  }

  void loads_of_another_network_are_refused() {
    const std::vector<LinkLoad> foreign = {{1'000'000, 1.0, 0.5}};
    TopologyView view;
    view.show_network(scenario_, &foreign);
    QVERIFY(!view.showing_utilisation());
    QVERIFY2(view.note().contains("belong to another scenario"), qPrintable(view.note()));
    QVERIFY(!link_items(*view.scene()).empty());
  }

  void the_rendered_view_is_not_blank() {
    TopologyView view;
    view.resize(1000, 700);
    view.show_network(scenario_, &run_.link_loads);
    const QImage image = view.export_widget()->grab().toImage();
    QVERIFY(!image.isNull());
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3) {
      for (int x = 0; x < image.width(); x += 3)
        colours.insert(image.pixel(x, y));
    }
    QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
  }

 private:
  Scenario scenario_;
  RunOutput run_;
};

}  // namespace wt::gui

QTEST_MAIN(wt::gui::TopologyUtilisationTest)
#include "topology_utilisation_test.moc"
