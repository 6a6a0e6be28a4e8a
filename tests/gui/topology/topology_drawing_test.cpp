// The Topology tab's drawing of shipped scenarios: how many node, switch, "+N" and edge items it
// draws, against counts worked out by hand from each scenario's network parameters
// (docs/topology.md), the captions that say what a large cluster shows, and errors shown, not
// thrown.
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QtTest>
#include <map>
#include <vector>

#include "gui/topology/scene_builder.hpp"
#include "gui/topology/topology_view.hpp"
#include "sim/scenario/parse.hpp"

namespace wt::gui {
namespace {

Scenario shipped(const char* name) {
  return load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/" + name + ".json");
}

std::map<QString, int> count_roles(const QGraphicsScene& scene) {
  std::map<QString, int> n;
  for (const QGraphicsItem* item : scene.items())
    ++n[item->data(kItemRole).toString()];
  return n;
}

}  // namespace

class TopologyDrawingTest : public QObject {
  Q_OBJECT

 private slots:
  void draws_the_expected_items_data() {
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("switches");
    QTest::addColumn<int>("more");
    QTest::addColumn<int>("links");
    // 16 nodes × 8 NICs = 128 on leaves of d = 21 ports down (radix 32 at 2:1): 7 leaves; each
    // cables u' = 11 up-links to spine j mod 3 (3 spines take 7 × ⌈11/3⌉ = 28 ≤ 32 cables).
    // NIC e sits on leaf e / 21, so nodes 2, 5, 7, 10, 13, 15 straddle two leaves: 16 + 6 node
    // edges, 7 × 3 leaf–spine edges.
    QTest::newRow("oversubscribed fat-tree")
        << "oversubscribed-fat-tree-llama2-13b" << 16 << 10 << 0 << 22 + 21;
    // 4 × 4: a router per node; 16 NIC edges, 4 rows × 4 x cables, 4 columns × 4 y cables.
    QTest::newRow("2D torus") << "torus-llama2-7b" << 16 << 16 << 0 << 16 + 16 + 16;
    // 4 × 4 × 4: 64 NIC edges and 64 cables in each of the 3 dimensions.
    QTest::newRow("3D torus") << "torus-3d-gpt3-13b" << 64 << 64 << 0 << 64 + 3 * 64;
    // 4 groups × 4 routers × 2 nodes: 32 NIC edges, 6 local cables per group, m = ⌊4·2/3⌋ = 2
    // global cables per group pair, each between a different router pair: 6 × 2.
    QTest::newRow("dragonfly") << "dragonfly-llama3-8b" << 32 << 16 << 0 << 32 + 4 * 6 + 12;
    // 2,048 nodes of 8 rails, radix 64, 3 levels: nodes 0–15 sit on leaf 0 of every rail (32
    // nodes per leaf): 8 leaves; each leaf cables 32 up-links to the 32 aggregation switches of
    // its pod, 256 in all, of which 16 are drawn; aggregation switch a of a pod cables to the 8
    // cores of plane a: 16 planes, 128 cores, 16 drawn. "+N" boxes: nodes, leaves,
    // aggregation and core switches.
    QTest::newRow("16k-GPU rail fat-tree")
        << "llama3-405b-16k-h100" << 16 << 8 + 16 + 16 << 4 << -1;
  }

  void draws_the_expected_items() {
    QFETCH(QString, scenario);
    QFETCH(int, nodes);
    QFETCH(int, switches);
    QFETCH(int, more);
    QFETCH(int, links);
    TopologyView view;
    view.show_network(shipped(scenario.toUtf8().constData()), nullptr);
    const auto n = count_roles(*view.scene());
    QCOMPARE(n.count("node") ? n.at("node") : 0, nodes);
    QCOMPARE(n.count("switch") ? n.at("switch") : 0, switches);
    QCOMPARE(n.count("more") ? n.at("more") : 0, more);
    if (links >= 0) QCOMPARE(n.at("link"), links);
  }

  void a_large_dragonfly_shows_eight_groups_and_folds_busy_routers() {
    // 10 groups × 10 routers × 8 nodes: groups 0–7 drawn (80 routers), each router's 8 nodes
    // one box, groups 8–9 one "+2 groups" box.
    Scenario s = shipped("dragonfly-llama3-8b");
    s.cluster.network.dragonfly = {10, 10, 8, 1};
    s.cluster.num_nodes = 10 * 10 * 8;
    TopologyView view;
    view.show_network(s, nullptr);
    QVERIFY2(view.note().isEmpty() || !view.note().startsWith("Cannot"), qPrintable(view.note()));
    const auto n = count_roles(*view.scene());
    QCOMPARE(n.at("switch"), 80);
    QCOMPARE(n.at("node"), 80);
    QCOMPARE(n.at("more"), 1);
    QVERIFY2(view.caption().contains("Groups 0–7 shown"), qPrintable(view.caption()));
  }

  void a_large_torus_shows_sixteen_columns() {
    // 20 × 4: columns x < 8 drawn (32 routers and their nodes), the other 48 one "+48" box.
    Scenario s = shipped("torus-llama2-7b");
    s.cluster.network.torus.dims = {20, 4};
    s.cluster.num_nodes = 80;
    TopologyView view;
    view.show_network(s, nullptr);
    const auto n = count_roles(*view.scene());
    QCOMPARE(n.at("switch"), 32);
    QCOMPARE(n.at("node"), 32);
    QCOMPARE(n.at("more"), 1);
    QVERIFY2(view.caption().contains("Routers x < 8, y < 4 (32 of 80)"),
             qPrintable(view.caption()));
  }

  // 8 leaves × 8 spines drawn, each pair joined by 4 cables: every spine (the end where its
  // bundles fan out) says "×4 each" once, instead of eight overlapping "×4".
  void equal_bundles_are_counted_once_per_switch() {
    TopologyView view;
    view.show_network(shipped("rail-fat-tree-llama3-70b"), nullptr);
    std::vector<QRectF> counts;
    for (const QGraphicsItem* item : view.scene()->items()) {
      const auto* text = dynamic_cast<const QGraphicsSimpleTextItem*>(item);
      if (text == nullptr || !text->text().startsWith(QStringLiteral("×"))) continue;
      QCOMPARE(text->text(), QStringLiteral("×4 each"));
      counts.push_back(text->sceneBoundingRect());
    }
    QCOMPARE(counts.size(), size_t{8});
    for (size_t i = 0; i < counts.size(); ++i) {
      for (size_t j = i + 1; j < counts.size(); ++j)
        QVERIFY(!counts[i].intersects(counts[j]));
    }
  }

  void a_large_cluster_says_what_is_shown() {
    TopologyView view;
    view.show_network(shipped("llama3-405b-16k-h100"), nullptr);
    QVERIFY2(view.caption().contains("Nodes 0–15 of 2,048"), qPrintable(view.caption()));
    QVERIFY(view.caption().contains("8 of 512 leaf switches"));
    QVERIFY(view.caption().contains("16 of 512 aggregation switches"));
    QVERIFY(view.caption().contains("16 of 256 core switches"));
    QVERIFY(view.caption().contains("“+N” boxes stand for the rest"));
  }

  void a_small_cluster_is_drawn_whole() {
    TopologyView view;
    view.show_network(shipped("oversubscribed-fat-tree-llama2-13b"), nullptr);
    QVERIFY2(view.caption().contains("All 16 nodes, 7 leaf switches, 3 spine switches"),
             qPrintable(view.caption()));
  }

  void one_node_draws_its_gpus_and_nvswitch() {
    TopologyView view;
    view.show_network(shipped("llama3-8b-1node-h100"), nullptr);
    const auto n = count_roles(*view.scene());
    QCOMPARE(n.at("gpu"), 8);
    QCOMPARE(n.at("node-switch"), 1);
    QCOMPARE(n.at("nic"), 8);
    QCOMPARE(n.at("link"), 8 + 8);  // GPU–NVSwitch cables, GPU–NIC attachments
    QVERIFY(view.caption().contains("no network"));
  }

  void a_network_that_cannot_be_built_is_an_error_on_screen() {
    Scenario s = shipped("torus-llama2-7b");
    s.cluster.network.torus.dims = {3, 3};  // 9 ≠ 16 nodes
    TopologyView view;
    view.show_network(s, nullptr);
    QVERIFY2(view.note().startsWith("Cannot draw this network"), qPrintable(view.note()));
    QVERIFY(view.scene()->items().isEmpty());
  }

  void clear_empties_the_view() {
    TopologyView view;
    view.show_network(shipped("torus-llama2-7b"), nullptr);
    view.clear();
    QVERIFY(view.scene()->items().isEmpty());
    QCOMPARE(view.caption(), QString("No scenario."));
  }
};

}  // namespace wt::gui

QTEST_MAIN(wt::gui::TopologyDrawingTest)
#include "topology_drawing_test.moc"
