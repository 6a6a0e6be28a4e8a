// BreakdownView shows the parts of `run --plot` with the run's own numbers.
#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarSet>
#include <QTest>

#include "gui/views/breakdown_view.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"

using namespace wt;
using namespace wt::gui;

namespace {

// The value of the set whose legend starts with `part`; 0 when the part is not drawn.
double part_value(const QAbstractBarSeries& series, const QString& part) {
  for (const QBarSet* set : series.barSets()) {
    if (set->label().startsWith(part + QStringLiteral("  "))) return set->at(0);
  }
  return 0.0;
}

}  // namespace

class BreakdownViewTest : public QObject {
  Q_OBJECT

 private slots:
  void series_hold_the_run_breakdown() {
    const Scenario s =
        load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/gpt3-175b-1024-a100.json");
    const RunResult r = run_scenario(s).result;
    BreakdownView view;
    view.show_run(s, r);
    const QAbstractBarSeries* series = view.series();
    QVERIFY(series != nullptr);
    const Breakdown& b = r.breakdown_s;
    const ExposedComm& e = r.exposed_comm_by_dim_s;
    QCOMPARE(part_value(*series, "compute"), b.compute);
    QCOMPARE(part_value(*series, "pipeline bubble"), b.pipeline_bubble);
    QCOMPARE(part_value(*series, "exposed TP"), e.tp);
    QCOMPARE(part_value(*series, "exposed PP"), e.pp);
    QCOMPARE(part_value(*series, "exposed DP"), e.dp);
    QCOMPARE(part_value(*series, "exposed CP"), e.cp);
    QCOMPARE(part_value(*series, "exposed EP"), e.ep);
    QCOMPARE(part_value(*series, "optimizer"), b.optimizer);
    QCOMPARE(part_value(*series, "other"), b.other);
    QVERIFY(b.compute > 0.0 && b.pipeline_bubble > 0.0);  // PP 8: both drawn
    double total_s = 0.0;
    for (const QBarSet* set : series->barSets())
      total_s += set->at(0);
    const double expected_s =
        b.compute + b.exposed_comm + b.pipeline_bubble + b.optimizer + b.other;
    QVERIFY(std::abs(total_s - expected_s) <= 1e-9 * expected_s);
    QVERIFY(std::abs(total_s - r.iteration_time_s) <= 1e-6 * r.iteration_time_s);
  }

  void zero_parts_are_left_out_and_clear_empties() {
    const Scenario s = load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/one-gpu.json");
    const RunResult r = run_scenario(s).result;
    BreakdownView view;
    view.show_run(s, r);
    for (const QBarSet* set : view.series()->barSets())
      QVERIFY2(set->at(0) > 0.0, qPrintable(set->label()));
    QCOMPARE(part_value(*view.series(), "pipeline bubble"), 0.0);
    view.clear();
    QCOMPARE(view.series(), nullptr);
  }
};

QTEST_MAIN(BreakdownViewTest)
#include "breakdown_view_test.moc"
