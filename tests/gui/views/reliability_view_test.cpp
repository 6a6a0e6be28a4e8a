// ReliabilityView shows what `run --json` says of failures: the interruptions by cause, the
// Monte Carlo's ETTR histogram and quantiles, and the checkpoint's cost, read back from the JSON.
#include <QAbstractBarSeries>
#include <QAreaSeries>
#include <QBarSet>
#include <QLineSeries>
#include <QTest>

#include "gui/views/reliability_view.hpp"
#include "planner/commands/run_answer.hpp"
#include "sim/report/result_json.hpp"
#include "sim/report/summary_text.hpp"
#include "sim/scenario/parse.hpp"

using namespace wt;
using namespace wt::gui;

namespace {

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

QString percent(double fraction) {
  return QString::number(100.0 * fraction, 'f', 1) + '%';
}

RunResult run_of(const std::string& name) {
  const Scenario s = load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/" + name);
  return run_with_figures(s, EngineKind::analytical, {}, std::nullopt).result;
}

}  // namespace

class ReliabilityViewTest : public QObject {
  Q_OBJECT

 private slots:
  void figures_equal_the_run_json() {
    const RunResult r = run_of("llama3-405b-16k-h100.json");
    const nlohmann::ordered_json j = to_ordered_json(r);
    ReliabilityView view;
    view.show_run(r, true);
    QCOMPARE(view.note(), QString());

    // One bar per cause, in the JSON's order from the top (Qt draws the first value lowest).
    const QAbstractBarSeries* bars = view.interruption_series();
    QVERIFY(bars != nullptr);
    QCOMPARE(bars->barSets().size(), 1);
    const QBarSet* set = bars->barSets().front();
    const nlohmann::ordered_json& causes = j["failures"]["interruptions_by_cause"];
    QCOMPARE(set->count(), static_cast<int>(causes.size()));
    QCOMPARE(causes.size(), size_t{6});  // gpu, hbm, nic, network, host, software
    int i = set->count() - 1;
    for (const auto& [cause, count] : causes.items()) {
      QCOMPARE(set->at(i--), count.get<double>());
    }

    // The histogram's steps: two points per bin at its count, from low to high in percent.
    const nlohmann::ordered_json& mc = j["monte_carlo"];
    const QAreaSeries* area = view.ettr_series();
    QVERIFY(area != nullptr);
    const QList<QPointF> steps = area->upperSeries()->points();
    const nlohmann::ordered_json& counts = mc["ettr_histogram"]["counts"];
    QCOMPARE(steps.size(), static_cast<qsizetype>(2 * counts.size()));
    int64_t runs = 0;
    for (size_t b = 0; b < counts.size(); ++b) {
      QCOMPARE(steps[static_cast<qsizetype>(2 * b)].y(), counts[b].get<double>());
      runs += counts[b].get<int64_t>();
    }
    QCOMPARE(runs, mc["runs"].get<int64_t>());
    QCOMPARE(steps.front().x(), 100.0 * mc["ettr_histogram"]["low"].get<double>());
    QVERIFY(std::abs(steps.back().x() - 100.0 * mc["ettr_histogram"]["high"].get<double>()) < 1e-9);

    // The table, worded as the CLI's summary words the JSON's numbers.
    const double t0 = j["time_to_train_s"];
    QCOMPARE(view.figure_text("p50_time"), q(format_duration(j["time_to_train_p50_s"])));
    QCOMPARE(view.figure_text("p90_time"), q(format_duration(j["time_to_train_p90_s"])));
    QCOMPARE(view.figure_text("p90_cost"), q("$" + format_count(j["cost_p90_usd"])));
    QCOMPARE(view.figure_text("ettr_mc"), percent(mc["ettr"]));
    QCOMPARE(view.figure_text("ettr_p10"), percent(t0 / j["time_to_train_p90_s"].get<double>()));
    QCOMPARE(view.figure_text("ettr"), percent(j["ettr"]));
    QCOMPARE(view.figure_text("monte_carlo"), QStringLiteral("10000 runs, seed 1"));
    const nlohmann::ordered_json& f = j["failures"];
    QCOMPARE(view.figure_text("checkpoint_size"), q(format_bytes(f["checkpoint_bytes"])));
    QCOMPARE(view.figure_text("checkpoint_write"), q(format_duration(f["checkpoint_write_s"])));
    QCOMPARE(view.figure_text("checkpoint_read"), q(format_duration(f["checkpoint_read_s"])));
    QCOMPARE(view.figure_text("checkpoint_interval"),
             q(format_duration(f["checkpoint_interval_s"])));
    QCOMPARE(view.figure_text("checkpoint_overhead"),
             percent(f["checkpoint_blocking_s"].get<double>() /
                     f["checkpoint_interval_s"].get<double>()));
    QCOMPARE(view.figure_text("checkpoint_size"), QStringLiteral("5.17 TiB"));  // 5.68e12 bytes
  }

  void a_run_without_total_tokens_says_why() {
    const RunResult r = run_of("bert-large-dp.json");
    QCOMPARE(r.time_to_train_s, 0.0);
    ReliabilityView view;
    view.show_run(r, false);
    QVERIFY2(view.note().contains("no training.total_tokens"), qPrintable(view.note()));
    QCOMPARE(view.interruption_series(), nullptr);
    QCOMPARE(view.ettr_series(), nullptr);
    QCOMPARE(view.figure_text("checkpoint_size"), QString());
  }
};

QTEST_MAIN(ReliabilityViewTest)
#include "reliability_view_test.moc"
