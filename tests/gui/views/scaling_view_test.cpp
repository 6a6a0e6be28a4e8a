// ScalingView draws the sweep's own figures and leaves out, with a note, the points that did not
// run.
#include <QApplication>
#include <QLineSeries>
#include <QTest>

#include "gui/views/scaling_view.hpp"
#include "planner/sweep/sweep.hpp"

using namespace wt;
using namespace wt::gui;

class ScalingViewTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    SweepRequest request;
    request.scenario_path = std::string(WT_SOURCE_DIR) + "/scenarios/llama3-8b-1node-h100.json";
    request.axes = {parse_vary("cluster.num_nodes=1,2,-1,4")};
    sweep_ = run_sweep(request);
    QCOMPARE(sweep_.points.size(), size_t{4});
    QVERIFY(!sweep_.points[2].ran);  // -1 nodes is not a cluster
  }

  void points_equal_the_sweep() {
    ScalingView view;
    view.show_sweep(sweep_);
    for (ScalingView::Metric m : {ScalingView::Metric::tokens_per_s, ScalingView::Metric::speedup,
                                  ScalingView::Metric::efficiency}) {
      view.set_metric(m);
      const QLineSeries* line = view.series();
      QVERIFY(line != nullptr);
      const QList<QPointF> drawn = line->points();
      QCOMPARE(drawn.size(), 3);
      int k = 0;
      for (const SweepPoint& p : sweep_.points) {
        if (!p.ran) continue;
        const double y = m == ScalingView::Metric::tokens_per_s ? p.result.tokens_per_s
                         : m == ScalingView::Metric::speedup    ? p.speedup
                                                                : p.scaling_efficiency;
        QCOMPARE(drawn[k].x(), static_cast<double>(p.result.num_gpus));
        QVERIFY(std::abs(drawn[k].y() - y) <= 1e-12 * std::abs(y));
        ++k;
      }
    }
    QCOMPARE(view.series()->points().front().y(), 1.0);  // the reference point's efficiency
  }

  void skipped_points_are_noted() {
    ScalingView view;
    view.show_sweep(sweep_);
    QVERIFY2(view.note().contains(QStringLiteral("1 of 4 points")), qPrintable(view.note()));
    QVERIFY2(view.note().contains(QStringLiteral("[3] num_nodes=-1")), qPrintable(view.note()));
    view.clear();
    QCOMPARE(view.series(), nullptr);
    QVERIFY(view.note().isEmpty());
  }

 private:
  SweepResult sweep_;
};

QTEST_MAIN(ScalingViewTest)
#include "scaling_view_test.moc"
