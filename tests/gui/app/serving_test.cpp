// The window serves a scenario with a serving block (Run on a serving-only file, as `windtunnel
// serve` does) and shows it on the Serving tab; a training run fills the Reliability tab with the
// Monte Carlo `run` adds.
#include <QAbstractBarSeries>
#include <QAction>
#include <QBarSet>
#include <QLineSeries>
#include <QMenuBar>
#include <QTest>

#include "gui/app/result_tabs.hpp"
#include "gui/app/run_controller.hpp"
#include "gui/app/serve_controller.hpp"
#include "gui/views/reliability_view.hpp"
#include "gui/views/serving_view.hpp"
#include "planner/commands/run_answer.hpp"
#include "planner/commands/serve_answer.hpp"
#include "planner/serving/daily_replicas.hpp"
#include "planner/serving/latency_load.hpp"
#include "sim/report/summary_text.hpp"
#include "sim/scenario/parse.hpp"
#include "test_support.hpp"

namespace wt::gui::test {
namespace {

QAction* menu_action(MainWindow& w, const QString& text) {
  for (QAction* menu : w.menuBar()->actions()) {
    if (!menu->menu()) continue;
    for (QAction* a : menu->menu()->actions()) {
      if (a->text() == text) return a;
    }
  }
  return nullptr;
}

}  // namespace

class ServingTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { isolate_settings(settings_); }

  void run_serves_a_serving_only_scenario() {
    auto t = make_window("serving/llama3-8b-h100-continuous");
    MainWindow& w = *t->window;
    QAction* run = menu_action(w, "&Run");
    QAction* serve = menu_action(w, "&Serve");
    QVERIFY(run != nullptr && serve != nullptr);
    QVERIFY(serve->isEnabled());
    run->trigger();
    QString message;
    QCOMPARE(wait_for_job(w, kJobTimeoutMs, &message), JobRunner::Outcome::done);
    QCOMPARE(w.tabs()->currentIndex(), static_cast<int>(ResultTabs::serving));
    QCOMPARE(w.tabs()->tab_name(ResultTabs::serving), QStringLiteral("serving"));
    const auto record = w.serves()->last_serve();
    QVERIFY(record != nullptr);
    QVERIFY(w.runs()->last_run() == nullptr);  // served, not run

    const wt::Scenario s =
        wt::load_scenario_file(scenario_path("serving/llama3-8b-h100-continuous"));
    const wt::ServingResult r = wt::serve_with_price(s).result;
    QCOMPARE(record->result.output_tokens_per_s, r.output_tokens_per_s);
    QCOMPARE(record->result.ttft_ms.p95, r.ttft_ms.p95);
    QCOMPARE(record->result.usd_per_gpu_hour, r.usd_per_gpu_hour);
    const ServingView* view = w.tabs()->serving_view();
    QCOMPARE(view->figure_text("output_tokens_per_s"),
             QString::fromStdString(wt::format_count(r.output_tokens_per_s)));
    QCOMPARE(record->series.end_s.size(), size_t{ServeController::kSeriesBuckets});
    QVERIFY(!record->day.has_value());  // a constant rate: no replicas per hour
    QVERIFY(view->daily_note().contains("no daily profile"));
  }

  // A daily profile: the job plans the hours with daily_replicas, at the run's price, and the
  // Serving tab draws them.
  void serve_plans_the_hours_of_a_daily_profile() {
    auto t = make_window("serving/llama3-8b-h100-daily");
    MainWindow& w = *t->window;
    QVERIFY(w.serves()->serve());
    QCOMPARE(wait_for_job(w, kJobTimeoutMs), JobRunner::Outcome::done);
    const auto record = w.serves()->last_serve();
    QVERIFY(record != nullptr && record->day.has_value());
    const wt::Scenario s = wt::load_scenario_file(scenario_path("serving/llama3-8b-h100-daily"));
    const wt::DailyReplicas day =
        wt::daily_replicas(s, wt::serve_with_price(s).result.usd_per_gpu_hour);
    const QBarSet* bars = w.tabs()->serving_view()->replicas_series()->barSets()[0];
    for (int h = 0; h < 24; ++h) {
      QCOMPARE(record->day->hours[static_cast<size_t>(h)].replicas,
               day.hours[static_cast<size_t>(h)].replicas);
      QCOMPARE(bars->at(h), static_cast<double>(day.hours[static_cast<size_t>(h)].replicas));
    }
    QCOMPARE(record->day->monthly_usd, day.monthly_usd);
    // The same job sweeps the load: the record's points are latency_against_load's.
    QVERIFY(record->load.has_value());
    const wt::LatencyAgainstLoad load = wt::latency_against_load(s, wt::default_load_multiples());
    QCOMPARE(record->load->points.size(), load.points.size());
    for (size_t i = 0; i < load.points.size(); ++i) {
      QCOMPARE(record->load->points[i].rate_rps, load.points[i].rate_rps);
      QCOMPARE(record->load->points[i].ttft_ms.p95, load.points[i].ttft_ms.p95);
      QCOMPARE(record->load->points[i].e2e_ms.p99, load.points[i].e2e_ms.p99);
    }
    const auto lines = w.tabs()->serving_view()->load_series();
    QVERIFY(!lines.empty());
    QCOMPARE(lines[1]->at(0).y(), load.points[0].ttft_ms.p95);
  }

  void serve_is_refused_without_a_serving_block() {
    auto t = make_window("llama2-70b-64-h100");
    MainWindow& w = *t->window;
    QVERIFY(!menu_action(w, "&Serve")->isEnabled());
    QVERIFY(!w.serves()->serve());
    QVERIFY(!w.jobs()->busy());
  }

  void a_run_fills_the_reliability_tab() {
    auto t = make_window("llama3-405b-16k-h100");
    MainWindow& w = *t->window;
    QVERIFY(w.runs()->run());
    QCOMPARE(wait_for_job(w), JobRunner::Outcome::done);
    const wt::Scenario s = wt::load_scenario_file(scenario_path("llama3-405b-16k-h100"));
    const wt::RunResult r =
        wt::run_with_figures(s, wt::EngineKind::analytical, {}, std::nullopt).result;
    const auto run = w.runs()->last_run();
    QVERIFY(run->output.result.monte_carlo.has_value());
    QCOMPARE(run->output.result.monte_carlo->p90_time_s, r.monte_carlo->p90_time_s);
    const ReliabilityView* view = w.tabs()->reliability_view();
    QCOMPARE(view->note(), QString());
    QCOMPARE(view->figure_text("p90_time"),
             QString::fromStdString(wt::format_duration(r.monte_carlo->p90_time_s)));
  }

 private:
  QTemporaryDir settings_;
};

}  // namespace wt::gui::test

QTEST_MAIN(wt::gui::test::ServingTest)
#include "serving_test.moc"
