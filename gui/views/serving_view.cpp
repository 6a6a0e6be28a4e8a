#include "gui/views/serving_view.hpp"

#include <algorithm>

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include "gui/views/chart_style.hpp"
#include "gui/views/daily_replicas_chart.hpp"
#include "gui/views/figure_table.hpp"
#include "gui/views/latency_load_chart.hpp"
#include "sim/report/summary_text.hpp"

namespace wt::gui {
namespace {

QString ms_text(double v) {
  return QStringLiteral("%1 ms").arg(v, 0, 'f', v < 100.0 ? 1 : 0);
}

const Percentiles& percentiles_of_metric(const ServingResult& r, const std::string& metric) {
  if (metric == "ttft") return r.ttft_ms;
  if (metric == "tpot") return r.tpot_ms;
  return r.e2e_ms;
}

QString serving_metric_label(const std::string& metric) {
  if (metric == "ttft") return QObject::tr("TTFT");
  if (metric == "tpot") return QObject::tr("TPOT");
  if (metric == "e2e") return QObject::tr("end to end");
  return QObject::tr("queue");
}

// Each SLO metric's P50, P95 and P99 as a share of its target: 100% is the target.
QChart* latency_chart(const ServingResult& r) {
  if (r.slo.empty()) return new_chart(QObject::tr("No SLO: serving.slo sets no target"));
  QChart* chart = new_chart(QObject::tr("Latency against the SLO"));
  auto* series = new QBarSeries;
  auto* metrics = new QBarCategoryAxis;
  const std::vector<std::pair<QString, double Percentiles::*>> ps = {
      {QStringLiteral("P50"), &Percentiles::p50},
      {QStringLiteral("P95"), &Percentiles::p95},
      {QStringLiteral("P99"), &Percentiles::p99}};
  double top = 100.0;
  size_t colour = 0;
  for (const auto& [name, member] : ps) {
    auto* set = new QBarSet(name);
    for (const SloCheck& c : r.slo) {
      const double share = 100.0 * (percentiles_of_metric(r, c.metric).*member) / c.target_ms;
      set->append(share);
      top = std::max(top, share);
    }
    set->setColor(plot_qcolour(colour));
    set->setBorderColor(plot_qcolour(colour++));
    series->append(set);
  }
  for (const SloCheck& c : r.slo) {
    // Short, so that three metrics fit under half the tab; the targets are in the table.
    const QString name = c.metric == "e2e" ? QStringLiteral("e2e") : serving_metric_label(c.metric);
    metrics->append(QStringLiteral("%1 %2").arg(name, QString::fromUtf8(c.met ? "✓" : "✗")));
  }
  chart->addSeries(series);
  chart->addAxis(metrics, Qt::AlignBottom);
  series->attachAxis(metrics);
  QValueAxis* y = nice_value_axis(0.0, top * 1.05, QObject::tr("% of the target"), "%.0f");
  chart->addAxis(y, Qt::AlignLeft);
  series->attachAxis(y);
  auto* target = new QLineSeries;
  target->setName(QObject::tr("target"));
  target->append(-0.5, 100.0);
  target->append(static_cast<double>(r.slo.size()) - 0.5, 100.0);
  QPen pen(Qt::black);
  pen.setStyle(Qt::DashLine);
  pen.setWidthF(1.5);
  target->setPen(pen);
  chart->addSeries(target);
  // The bar axis runs over category indices; a hidden value axis places the line on them.
  auto* x = new QValueAxis;
  x->setRange(-0.5, static_cast<double>(r.slo.size()) - 0.5);
  x->setVisible(false);
  chart->addAxis(x, Qt::AlignTop);
  target->attachAxis(x);
  target->attachAxis(y);
  chart->legend()->setAlignment(Qt::AlignBottom);
  return chart;
}

QLineSeries* time_line(const QString& name, const std::vector<double>& t,
                       const std::vector<double>& v, size_t colour) {
  auto* s = new QLineSeries;
  s->setName(name);
  for (size_t i = 0; i < t.size() && i < v.size(); ++i)
    s->append(t[i], v[i]);
  QPen pen(plot_qcolour(colour));
  pen.setWidthF(1.5);
  s->setPen(pen);
  return s;
}

QChart* over_time_chart(const ServingSeries& s) {
  if (s.end_s.empty()) return new_chart(QObject::tr("No steps were simulated"));
  QChart* chart = new_chart(QObject::tr("Batch and queue"));
  QLineSeries* decoding = time_line(QObject::tr("decoding"), s.end_s, s.decoding, 0);
  QLineSeries* waiting = time_line(QObject::tr("waiting"), s.end_s, s.waiting, 1);
  chart->addSeries(decoding);
  chart->addSeries(waiting);
  QValueAxis* x = nice_value_axis(0.0, s.end_s.back(), QObject::tr("time (s)"), "%.0f", 4);
  chart->addAxis(x, Qt::AlignBottom);
  const double top_d = *std::max_element(s.decoding.begin(), s.decoding.end());
  const double top_w = *std::max_element(s.waiting.begin(), s.waiting.end());
  // Counts: at least 0 .. 5, so that the ticks are whole numbers.
  QValueAxis* y_d = nice_value_axis(0.0, std::max(5.0, top_d), QObject::tr("sequences"), "%.0f");
  QValueAxis* y_w = nice_value_axis(0.0, std::max(5.0, top_w), QObject::tr("requests"), "%.0f");
  y_d->setLinePenColor(plot_qcolour(0));
  y_w->setLinePenColor(plot_qcolour(1));
  chart->addAxis(y_d, Qt::AlignLeft);
  chart->addAxis(y_w, Qt::AlignRight);
  decoding->attachAxis(x);
  decoding->attachAxis(y_d);
  waiting->attachAxis(x);
  waiting->attachAxis(y_w);
  chart->legend()->setAlignment(Qt::AlignBottom);
  return chart;
}

std::vector<FigureRow> latency_rows(const ServingResult& r) {
  std::vector<FigureRow> rows;
  for (const char* metric : {"ttft", "tpot", "e2e", "queue"}) {
    const Percentiles& p =
        metric == std::string("queue") ? r.queue_ms : percentiles_of_metric(r, metric);
    const QString m = QString::fromLatin1(metric);
    rows.push_back({m + QStringLiteral("_p50"),
                    serving_metric_label(metric) + QStringLiteral(" P50"), ms_text(p.p50)});
    rows.push_back({m + QStringLiteral("_p95"),
                    serving_metric_label(metric) + QStringLiteral(" P95"), ms_text(p.p95)});
    rows.push_back({m + QStringLiteral("_p99"),
                    serving_metric_label(metric) + QStringLiteral(" P99"), ms_text(p.p99)});
  }
  for (const SloCheck& c : r.slo) {
    rows.push_back(
        {QString::fromStdString(c.metric) + QStringLiteral("_slo"),
         QObject::tr("%1 target").arg(serving_metric_label(c.metric)),
         QObject::tr("%1: %2 (%3 within)")
             .arg(ms_text(c.target_ms), c.met ? QObject::tr("met") : QObject::tr("missed"),
                  fraction_percent(c.attainment))});
  }
  return rows;
}

std::vector<FigureRow> throughput_rows(const ServingResult& r) {
  return {{"output_tokens_per_s", QObject::tr("Output tokens/s"),
           text_of(format_count(r.output_tokens_per_s))},
          {"output_tokens_per_s_per_gpu", QObject::tr("Output tokens/s per GPU"),
           text_of(format_count(r.output_tokens_per_s_per_gpu))},
          {"prompt_tokens_per_s", QObject::tr("Prompt tokens/s"),
           text_of(format_count(r.prompt_tokens_per_s))},
          {"requests_per_s", QObject::tr("Requests/s"), QString::number(r.requests_per_s, 'f', 2)},
          {"requests", QObject::tr("Requests completed"),
           QObject::tr("%1 of %2").arg(r.completed).arg(r.requests)},
          {"rejected", QObject::tr("Rejected (too long for the KV cache)"),
           QString::number(r.rejected)},
          {"preemptions", QObject::tr("Preemptions"), QString::number(r.preemptions)},
          {"duration", QObject::tr("Duration"), text_of(format_duration(r.duration_s))},
          {"gpu_busy", QObject::tr("GPU busy"), fraction_percent(r.gpu_busy_fraction)}};
}

std::vector<FigureRow> memory_rows(const ServingResult& r) {
  const ServingMemory& m = r.memory;
  std::vector<FigureRow> rows = {
      {"weights", QObject::tr("Weights per GPU"), text_of(format_bytes(m.weights))},
      {"kv_cache", QObject::tr("KV cache per GPU"),
       QObject::tr("%1, %2 blocks").arg(text_of(format_bytes(m.kv_cache))).arg(m.kv_blocks)},
      {"kv_mean", QObject::tr("KV cache in use, mean"),
       fraction_percent(r.kv_in_use_mean_fraction)},
      {"kv_peak", QObject::tr("KV cache in use, peak"),
       fraction_percent(r.kv_in_use_peak_fraction)},
      {"max_concurrency_mean", QObject::tr("Sequences that fit, mean length"),
       QString::number(r.max_concurrency_mean_length)},
      {"max_concurrency_max", QObject::tr("Sequences that fit, full length"),
       QString::number(r.max_concurrency_max_length)}};
  if (r.usd_per_gpu_hour > 0.0) {
    rows.push_back({"usd_per_million_output_tokens", QObject::tr("Cost per 1M output tokens"),
                    QStringLiteral("$%1").arg(r.usd_per_million_output_tokens, 0, 'f', 3)});
    rows.push_back({"usd_per_gpu_hour", QObject::tr("Price per GPU-hour"),
                    QStringLiteral("$%1").arg(r.usd_per_gpu_hour, 0, 'f', 2)});
  }
  return rows;
}

}  // namespace

ServingView::ServingView(QWidget* parent) : QWidget(parent) {
  headline_ = new QLabel(this);
  headline_->setWordWrap(true);
  latency_ = new_chart_view(this);
  over_time_ = new_chart_view(this);
  daily_ = new_chart_view(this);
  load_ = new_chart_view(this);
  daily_note_ = new QLabel(this);
  daily_note_->setWordWrap(true);
  daily_note_->setAlignment(Qt::AlignCenter);
  table_ = new_figure_table(this);
  // The run's two charts side by side; under them the latency against load and the day (24 hours
  // of bars, or the note instead): three rows leave each plot too short on a 900-pixel screen.
  charts_ = new QGridLayout;
  QGridLayout* charts = charts_;
  charts->addWidget(latency_, 0, 0);
  charts->addWidget(over_time_, 0, 1);
  charts->addWidget(load_, 1, 0);
  charts->addWidget(daily_, 1, 1);
  charts->addWidget(daily_note_, 1, 1);
  charts->setRowStretch(0, 1);
  charts->setRowStretch(1, 1);
  auto* body = new QHBoxLayout;
  body->addLayout(charts, 1);
  body->addWidget(table_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(headline_);
  layout->addLayout(body, 1);
  clear();
}

void ServingView::clear() {
  headline_->setText(
      tr("Open a scenario with a serving block (scenarios/serving/) and press Run → Serve."));
  replace_chart(latency_, new_chart(QString()));
  replace_chart(over_time_, new_chart(QString()));
  replace_chart(daily_, new_chart(QString()));
  replace_chart(load_, new_chart(QString()));
  daily_->show();
  daily_note_->hide();
  daily_note_->clear();
  table_->setRowCount(0);
}

void ServingView::show_serving(const ServingResult& r, const ServingSeries& series,
                               const DailyReplicas* day, const LatencyAgainstLoad* load) {
  clear();
  QString text = tr("<b>%1</b> · %2 · %3 replica(s) × TP %4 = %5 GPU(s)")
                     .arg(text_of(r.scenario).toHtmlEscaped(), text_of(r.gpu).toHtmlEscaped())
                     .arg(r.replicas)
                     .arg(r.tensor)
                     .arg(r.gpus);
  if (!r.fits) {
    headline_->setText(text + tr("<br><span style='color:#b00'>The weights leave no room for a "
                                 "KV block: nothing was simulated.</span>"));
    return;
  }
  text += r.slo.empty() ? QString()
                        : (r.slo_met ? tr(" · SLO met ✓ (%1 of requests within every target)")
                                     : tr(" · <span style='color:#b00'>SLO missed ✗</span> (%1 "
                                          "of requests within every target)"))
                              .arg(fraction_percent(r.slo_attainment));
  if (r.usd_per_gpu_hour > 0.0) {
    text += tr("<br>Priced at %1").arg(text_of(r.price_source).toHtmlEscaped());
  }
  for (const std::string& w : r.warnings)
    text += QStringLiteral("<br>⚠ ") + text_of(w).toHtmlEscaped();
  headline_->setText(text);
  replace_chart(latency_, latency_chart(r));
  replace_chart(over_time_, over_time_chart(series));
  add_figure_section(table_, tr("Throughput"), throughput_rows(r));
  add_figure_section(table_, tr("Latency"), latency_rows(r));
  add_figure_section(table_, tr("Memory and cost"), memory_rows(r));
  show_load(load);
  show_day(day);
}

void ServingView::show_day(const DailyReplicas* day) {
  QString note;
  if (day == nullptr) {
    note =
        tr("No replicas per hour: the traffic has no daily profile "
           "(serving.traffic.hourly_percent), so its rate is the same all day.");
  } else if (!day->problem.empty()) {
    note = tr("No replicas per hour: %1.").arg(text_of(day->problem).toHtmlEscaped());
  }
  if (!note.isEmpty()) {
    daily_->hide();
    daily_note_->setText(note);
    daily_note_->show();
    return;
  }
  replace_chart(daily_, daily_replicas_chart(*day));
  add_figure_section(table_, tr("Replicas per hour"), daily_replicas_rows(*day));
  for (const std::string& w : day->warnings)
    headline_->setText(headline_->text() + QStringLiteral("<br>⚠ ") + text_of(w).toHtmlEscaped());
}

void ServingView::show_load(const LatencyAgainstLoad* load) {
  if (load == nullptr) {
    replace_chart(load_, new_chart(tr("No latency against load")));
    return;
  }
  if (!load->problem.empty()) {
    replace_chart(load_, new_chart(tr("No latency against load: %1").arg(text_of(load->problem))));
    return;
  }
  replace_chart(load_, latency_load_chart(*load));
  add_figure_section(table_, tr("Latency against load"), latency_load_rows(*load));
}

std::vector<const QLineSeries*> ServingView::load_series() const {
  std::vector<const QLineSeries*> out;
  for (QAbstractSeries* s : load_->chart()->series())
    if (auto* line = qobject_cast<const QLineSeries*>(s)) out.push_back(line);
  return out;
}

QString ServingView::load_title() const {
  return load_->chart()->title();
}

QString ServingView::headline() const {
  return headline_->text();
}

QString ServingView::figure_text(const QString& key) const {
  return figure_row_text(table_, key);
}

const QAbstractBarSeries* ServingView::latency_series() const {
  const QList<QAbstractSeries*> all = latency_->chart()->series();
  return all.isEmpty() ? nullptr : qobject_cast<const QAbstractBarSeries*>(all.front());
}

const QLineSeries* ServingView::decoding_series() const {
  const QList<QAbstractSeries*> all = over_time_->chart()->series();
  return all.size() < 2 ? nullptr : qobject_cast<const QLineSeries*>(all[0]);
}

const QAbstractBarSeries* ServingView::replicas_series() const {
  const QList<QAbstractSeries*> all = daily_->chart()->series();
  return all.size() < 2 ? nullptr : qobject_cast<const QAbstractBarSeries*>(all[0]);
}

const QLineSeries* ServingView::hourly_rate_series() const {
  const QList<QAbstractSeries*> all = daily_->chart()->series();
  return all.size() < 2 ? nullptr : qobject_cast<const QLineSeries*>(all[1]);
}

QString ServingView::daily_note() const {
  return daily_note_->isHidden() ? QString() : daily_note_->text();
}

const QLineSeries* ServingView::waiting_series() const {
  const QList<QAbstractSeries*> all = over_time_->chart()->series();
  return all.size() < 2 ? nullptr : qobject_cast<const QLineSeries*>(all[1]);
}

}  // namespace wt::gui
