// ServingView shows what `serve --json` says (throughput, latency percentiles against the SLO,
// KV cache, cost), read back from serving_result_json, and the batch and queue series; with a
// daily profile, the replicas per hour that daily_replicas (serve-plan's hours) gives; the
// latency against load that latency_against_load gives.
#include <QAbstractBarSeries>
#include <QBarSet>
#include <QLineSeries>
#include <QTest>

#include "gui/views/serving_view.hpp"
#include "planner/commands/serve_answer.hpp"
#include "planner/serving/daily_replicas.hpp"
#include "planner/serving/latency_load.hpp"
#include "sim/report/serving_series.hpp"
#include "sim/report/summary_text.hpp"
#include "sim/scenario/parse.hpp"

using namespace wt;
using namespace wt::gui;

namespace {

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

QString ms(double v) {
  return QString::number(v, 'f', v < 100.0 ? 1 : 0) + " ms";
}

}  // namespace

class ServingViewTest : public QObject {
  Q_OBJECT

 private slots:
  void figures_equal_the_serve_json() {
    const Scenario s = load_scenario_file(std::string(WT_SOURCE_DIR) +
                                          "/scenarios/serving/llama3-8b-h100-continuous.json");
    const ServeOutput out = serve_with_price(s, ServeOptions{.record_steps = true});
    const ServingSeries series = serving_series(out.simulation, 200);
    const nlohmann::json j = serving_result_json(out.result);
    ServingView view;
    view.show_serving(out.result, series);

    QVERIFY2(view.headline().contains("SLO met"), qPrintable(view.headline()));
    const nlohmann::json& lat = j["latency_ms"];
    for (const char* metric : {"ttft", "tpot", "e2e", "queue"}) {
      for (const char* p : {"p50", "p95", "p99"}) {
        const QString key = QString::fromLatin1(metric) + '_' + p;
        QCOMPARE(view.figure_text(key), ms(lat[metric][p]));
      }
    }
    const nlohmann::json& tp = j["throughput"];
    QCOMPARE(view.figure_text("output_tokens_per_s"), q(format_count(tp["output_tokens_per_s"])));
    QCOMPARE(view.figure_text("requests_per_s"),
             QString::number(tp["requests_per_s"].get<double>(), 'f', 2));
    QCOMPARE(view.figure_text("requests"), QStringLiteral("1000 of 1000"));
    QCOMPARE(view.figure_text("rejected"), QString::number(j["requests"]["rejected"].get<int>()));
    const nlohmann::json& kv = j["kv_cache"];
    QCOMPARE(view.figure_text("kv_peak"),
             QString::number(100.0 * kv["in_use_peak_fraction"].get<double>(), 'f', 1) + '%');
    QCOMPARE(view.figure_text("kv_mean"),
             QString::number(100.0 * kv["in_use_mean_fraction"].get<double>(), 'f', 1) + '%');
    QCOMPARE(view.figure_text("usd_per_million_output_tokens"),
             QStringLiteral("$") +
                 QString::number(j["cost"]["usd_per_million_output_tokens"].get<double>(), 'f', 3));
    QVERIFY(view.figure_text("ttft_slo").startsWith(ms(500.0) + ": met"));

    // The latency chart: one set per percentile, one bar per SLO check, in % of its target.
    const QAbstractBarSeries* bars = view.latency_series();
    QVERIFY(bars != nullptr);
    QCOMPARE(bars->barSets().size(), 3);
    const nlohmann::json& checks = j["slo"]["checks"];
    QCOMPARE(checks.size(), size_t{2});  // ttft, tpot
    const QBarSet* p95 = bars->barSets()[1];
    QCOMPARE(p95->label(), QStringLiteral("P95"));
    for (size_t c = 0; c < checks.size(); ++c) {
      const std::string metric = checks[c]["metric"];
      QCOMPARE(p95->at(static_cast<int>(c)),
               100.0 * lat[metric]["p95"].get<double>() / checks[c]["target_ms"].get<double>());
      // The SLO's percentile is P95: its bar is the check's value.
      QCOMPARE(p95->at(static_cast<int>(c)),
               100.0 * checks[c]["value_ms"].get<double>() / checks[c]["target_ms"].get<double>());
    }

    // The series over time, as serving_series gives them, ending at the last completion.
    const QLineSeries* decoding = view.decoding_series();
    const QLineSeries* waiting = view.waiting_series();
    QVERIFY(decoding != nullptr && waiting != nullptr);
    QCOMPARE(decoding->count(), 200);
    QCOMPARE(waiting->count(), 200);
    QCOMPARE(decoding->at(199).x(), j["duration_s"].get<double>());
    double peak = 0.0;
    for (int i = 0; i < 200; ++i) {
      QCOMPARE(decoding->at(i).y(), series.decoding[static_cast<size_t>(i)]);
      QCOMPARE(waiting->at(i).y(), series.waiting[static_cast<size_t>(i)]);
      peak = std::max(peak, decoding->at(i).y());
    }
    QVERIFY(peak > 1.0);  // 8 requests/s of ~2 s each: several sequences decode at once

    // A constant rate: no replicas per hour, and the view says why instead of an empty chart.
    QVERIFY(view.replicas_series() == nullptr);
    QVERIFY2(view.daily_note().contains("no daily profile"), qPrintable(view.daily_note()));
  }

  void replicas_per_hour_equal_daily_replicas() {
    const Scenario s = load_scenario_file(std::string(WT_SOURCE_DIR) +
                                          "/scenarios/serving/llama3-8b-h100-daily.json");
    const ServeOutput out = serve_with_price(s, ServeOptions{.record_steps = true});
    const DailyReplicas day = daily_replicas(s, out.result.usd_per_gpu_hour);
    QCOMPARE(q(day.problem), QString());
    QCOMPARE(day.hours.size(), size_t{24});
    ServingView view;
    view.show_serving(out.result, serving_series(out.simulation, 200), &day);

    QCOMPARE(view.daily_note(), QString());
    const QAbstractBarSeries* bars = view.replicas_series();
    const QLineSeries* rate = view.hourly_rate_series();
    QVERIFY(bars != nullptr && rate != nullptr);
    QCOMPARE(bars->barSets().size(), 1);
    const QBarSet* replicas = bars->barSets()[0];
    QCOMPARE(replicas->count(), 24);
    QCOMPARE(rate->count(), 24);
    for (int h = 0; h < 24; ++h) {
      const HourPlan& hour = day.hours[static_cast<size_t>(h)];
      QCOMPARE(replicas->at(h), static_cast<double>(hour.replicas));
      QCOMPARE(rate->at(h).y(), hour.rate_rps);
      const QString row = view.figure_text(QStringLiteral("hour_%1").arg(h, 2, 10, QChar('0')));
      QCOMPARE(row, QString::number(hour.replicas) + " · " + q(hour_why(hour)));
    }
    // The file's profile (rate_rps 20 × percent): 2 req/s at hour 0, none at 1-4, 20 at 10-11.
    QCOMPARE(day.hours[0].rate_rps, 2.0);
    QCOMPARE(day.hours[3].rate_rps, 0.0);
    QCOMPARE(day.hours[3].replicas, 1);  // serve-plan's default min_replicas
    QCOMPARE(day.peak_rate_rps, 20.0);
    QCOMPARE(day.peak_hour, 10);
    QVERIFY(day.peak_replicas >= 1);
    // The month: 30 days × Σ replicas × 1 GPU × the price serve prices the run at.
    int sum = 0;
    for (const HourPlan& hour : day.hours)
      sum += hour.replicas;
    QVERIFY(out.result.usd_per_gpu_hour > 0.0);
    QCOMPARE(day.monthly_usd, 30.0 * sum * out.result.usd_per_gpu_hour);
    QCOMPARE(view.figure_text("monthly_usd"),
             QStringLiteral("$%L1").arg(day.monthly_usd, 0, 'f', 2));
    QCOMPARE(view.figure_text("replica_hours"), QString::number(sum) + " × 1 GPU");
  }

  // Every point of the latency-against-load chart is latency_against_load's value: TTFT, TPOT and
  // e2e, each P50, P95 and P99 at each unsaturated rate, then the SLO targets as flat lines.
  void latency_against_load_draws_the_planner_points() {
    const Scenario s = load_scenario_file(std::string(WT_SOURCE_DIR) +
                                          "/scenarios/serving/llama3-8b-h100-daily.json");
    const ServeOutput out = serve_with_price(s, ServeOptions{.record_steps = true});
    const LatencyAgainstLoad load = latency_against_load(s, default_load_multiples());
    QCOMPARE(q(load.problem), QString());
    ServingView view;
    view.show_serving(out.result, serving_series(out.simulation, 200), nullptr, &load);

    // 20 req/s at the peak; 0.25 … 1.25 × drawn, 1.5 × (30 req/s) saturated and only named.
    QCOMPARE(load.points.size(), size_t{6});
    QVERIFY(load.points.back().saturated);
    QVERIFY2(view.load_title().contains("saturated at 30 req/s"), qPrintable(view.load_title()));
    const std::vector<const QLineSeries*> lines = view.load_series();
    QCOMPARE(lines.size(), size_t{9 + 2});  // 3 metrics × 3 percentiles, the TTFT and TPOT targets
    const std::vector<Percentiles LoadPoint::*> metrics = {&LoadPoint::ttft_ms, &LoadPoint::tpot_ms,
                                                           &LoadPoint::e2e_ms};
    const std::vector<double Percentiles::*> quantiles = {&Percentiles::p50, &Percentiles::p95,
                                                          &Percentiles::p99};
    size_t line = 0;
    for (auto metric : metrics) {
      for (auto quantile : quantiles) {
        const QLineSeries* l = lines[line++];
        QCOMPARE(l->count(), 5);
        for (int i = 0; i < 5; ++i) {
          const LoadPoint& p = load.points[static_cast<size_t>(i)];
          QCOMPARE(l->at(i).x(), p.rate_rps);
          QCOMPARE(l->at(i).y(), (p.*metric).*quantile);
        }
      }
    }
    QCOMPARE(lines[9]->at(0).y(), 130.0);  // serving.slo.ttft_ms
    QCOMPARE(lines[9]->at(1).y(), 130.0);
    QCOMPARE(lines[10]->at(0).y(), 60.0);  // serving.slo.tpot_ms
    QCOMPARE(view.figure_text("load_5"), QStringLiteral("saturated: %1% of arrivals served")
                                             .arg(100.0 * load.points[5].served_share, 0, 'f', 1));
    const double ttft = load.points[3].ttft_ms.p95;  // below 100 ms with one decimal
    QVERIFY(view.figure_text("load_3").startsWith(
        QStringLiteral("P95 TTFT %1 ms").arg(ttft, 0, 'f', ttft < 100.0 ? 1 : 0)));
  }
};

QTEST_MAIN(ServingViewTest)
#include "serving_view_test.moc"
