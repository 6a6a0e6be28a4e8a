#include "gui/views/reliability_view.hpp"

#include <algorithm>
#include <cmath>

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include "gui/views/chart_style.hpp"
#include "gui/views/figure_table.hpp"
#include "gui/views/reliability_figures.hpp"
#include "sim/report/summary_text.hpp"

namespace wt::gui {
namespace {

QChart* interruptions_chart(const RunResult& r) {
  const FailureFigures& f = r.failures;
  QChart* chart =
      new_chart(QObject::tr("Expected interruptions by cause: ~%1 over %2")
                    .arg(text_of(format_count(f.expected_interruptions)),
                         text_of(format_duration(r.expected_time_to_train_with_failures_s))));
  auto* series = new QHorizontalBarSeries;
  auto* set = new QBarSet(QObject::tr("expected interruptions"));
  auto* causes = new QBarCategoryAxis;
  double top = 0.0;
  // Bottom to top in the order of the JSON, so the first cause is the top bar.
  for (auto it = f.interruptions_by_cause.rbegin(); it != f.interruptions_by_cause.rend(); ++it) {
    set->append(it->second);
    causes->append(QStringLiteral("%1  %2").arg(QString::fromLatin1(to_string(it->first)),
                                                text_of(format_count(it->second))));
    top = std::max(top, it->second);
  }
  set->setColor(plot_qcolour(0));
  set->setBorderColor(plot_qcolour(0));
  series->append(set);
  series->setBarWidth(0.6);
  chart->addSeries(series);
  chart->addAxis(causes, Qt::AlignLeft);
  series->attachAxis(causes);
  QValueAxis* counts = nice_value_axis(0.0, top, QObject::tr("interruptions over the run"), "%.0f");
  chart->addAxis(counts, Qt::AlignBottom);
  series->attachAxis(counts);
  chart->legend()->hide();
  return chart;
}

QLineSeries* ettr_marker(const QString& name, double x, double height, size_t colour) {
  auto* line = new QLineSeries;
  line->setName(name);
  line->append(x, 0.0);
  line->append(x, height);
  QPen pen(plot_qcolour(colour));
  pen.setWidthF(2.0);
  pen.setStyle(Qt::DashLine);
  line->setPen(pen);
  return line;
}

QChart* ettr_chart(const RunResult& r) {
  const MonteCarloFigures& m = *r.monte_carlo;
  const Histogram& h = m.ettr_histogram;
  QChart* chart = new_chart(QObject::tr("ETTR of %1 Monte Carlo runs").arg(m.runs));
  // A step outline over the bins, in percent; one bin of equal values is drawn 0.1 points wide.
  const double w = h.counts.size() > 1 ? h.bin_width() : 0.001;
  auto* upper = new QLineSeries;
  auto* lower = new QLineSeries;
  double top = 0.0;
  for (size_t i = 0; i < h.counts.size(); ++i) {
    const double x0 = 100.0 * (h.low + static_cast<double>(i) * w);
    const double x1 = 100.0 * (h.low + static_cast<double>(i + 1) * w);
    const auto c = static_cast<double>(h.counts[i]);
    upper->append(x0, c);
    upper->append(x1, c);
    lower->append(x0, 0.0);
    lower->append(x1, 0.0);
    top = std::max(top, c);
  }
  auto* area = new QAreaSeries(upper, lower);
  // The area series does not own its boundary series (LeakSanitizer found them left behind).
  upper->setParent(area);
  lower->setParent(area);
  area->setName(QObject::tr("runs per bin"));
  QColor fill = plot_qcolour(0);
  fill.setAlphaF(0.55);
  area->setBrush(fill);
  area->setPen(QPen(plot_qcolour(0), 1.0));
  chart->addSeries(area);
  const double t0 = r.time_to_train_s;
  const double height = top * 1.05;
  const double p50 = 100.0 * t0 / m.p50_time_s, p90 = 100.0 * t0 / m.p90_time_s;
  QList<QLineSeries*> markers = {
      ettr_marker(QObject::tr("mean %1%").arg(100.0 * m.ettr, 0, 'f', 2), 100.0 * m.ettr, height,
                  3),
      ettr_marker(QObject::tr("P50 run %1%").arg(p50, 0, 'f', 2), p50, height, 1),
      ettr_marker(QObject::tr("P90 run %1%").arg(p90, 0, 'f', 2), p90, height, 2)};
  for (QLineSeries* line : markers)
    chart->addSeries(line);
  const double lo = 100.0 * h.low, hi = 100.0 * (h.low + w * static_cast<double>(h.counts.size()));
  QValueAxis* x = nice_value_axis(
      lo, hi, QObject::tr("ETTR (%) of a run: failure-free time / its time"), "%.1f");
  QValueAxis* y = nice_value_axis(0.0, height, QObject::tr("runs"), "%.0f");
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  for (QAbstractSeries* s : chart->series()) {
    s->attachAxis(x);
    s->attachAxis(y);
  }
  chart->legend()->setAlignment(Qt::AlignBottom);
  return chart;
}

}  // namespace

ReliabilityView::ReliabilityView(QWidget* parent) : QWidget(parent) {
  note_ = new QLabel(this);
  note_->setWordWrap(true);
  interruptions_ = new_chart_view(this);
  ettr_ = new_chart_view(this);
  table_ = new_figure_table(this);
  auto* charts = new QVBoxLayout;
  charts->addWidget(interruptions_, 1);
  charts->addWidget(ettr_, 1);
  auto* body = new QHBoxLayout;
  body->addLayout(charts, 1);
  body->addWidget(table_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(note_);
  layout->addLayout(body, 1);
  clear();
}

void ReliabilityView::clear() {
  note_->setText(tr("Run a scenario to see what failures do to it."));
  note_->show();
  replace_chart(interruptions_, new_chart(QString()));
  replace_chart(ettr_, new_chart(QString()));
  table_->setRowCount(0);
}

void ReliabilityView::show_run(const RunResult& r, bool priced) {
  clear();
  const QString why = no_reliability_reason(r);
  if (!why.isEmpty()) {
    note_->setText(why);
    return;
  }
  note_->clear();
  note_->hide();
  replace_chart(interruptions_, interruptions_chart(r));
  if (r.monte_carlo && r.monte_carlo->runs > 0 && !r.monte_carlo->ettr_histogram.counts.empty()) {
    replace_chart(ettr_, ettr_chart(r));
  } else {
    replace_chart(ettr_, new_chart(tr("No Monte Carlo: no ETTR distribution")));
  }
  add_figure_section(table_, tr("Failures (closed form)"), failure_rows(r));
  add_figure_section(table_, tr("Monte Carlo"), monte_carlo_rows(r, priced));
  add_figure_section(table_, tr("Checkpoint"), checkpoint_rows(r));
}

QString ReliabilityView::note() const {
  return note_->isHidden() ? QString() : note_->text();
}

const QAbstractBarSeries* ReliabilityView::interruption_series() const {
  const QList<QAbstractSeries*> all = interruptions_->chart()->series();
  return all.isEmpty() ? nullptr : qobject_cast<const QAbstractBarSeries*>(all.front());
}

const QAreaSeries* ReliabilityView::ettr_series() const {
  const QList<QAbstractSeries*> all = ettr_->chart()->series();
  return all.isEmpty() ? nullptr : qobject_cast<const QAreaSeries*>(all.front());
}

QString ReliabilityView::figure_text(const QString& key) const {
  return figure_row_text(table_, key);
}

}  // namespace wt::gui
