#include "gui/views/scaling_view.hpp"

#include <algorithm>

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QVBoxLayout>

#include "gui/views/chart_style.hpp"
#include "gui/views/scaling_series.hpp"
#include "sim/report/plot_axis.hpp"

namespace wt::gui {
namespace {

struct MetricInfo {
  QString name;
  TickFormat format;
  double (*value)(const ScalingPoint&);
  double (*ideal)(const ScalingPoint&);  // nullptr: no ideal line
};

MetricInfo metric_info(ScalingView::Metric m) {
  switch (m) {
    case ScalingView::Metric::speedup:
      return {QObject::tr("speedup"), TickFormat::count,
              [](const ScalingPoint& p) { return p.speedup; },
              [](const ScalingPoint& p) { return p.ideal_speedup; }};
    case ScalingView::Metric::efficiency:
      return {QObject::tr("scaling efficiency"), TickFormat::percent,
              [](const ScalingPoint& p) { return p.efficiency; },
              [](const ScalingPoint&) { return 1.0; }};
    case ScalingView::Metric::tokens_per_s:
      break;
  }
  return {QObject::tr("tokens/s"), TickFormat::count,
          [](const ScalingPoint& p) { return p.tokens_per_s; }, nullptr};
}

// Ticks at nice values labelled as the SVG plots label them ("1.2M", "85%").
QCategoryAxis* value_axis(double lo, double hi, TickFormat format, const QString& title) {
  const AxisTicks ticks = nice_ticks(lo, hi, 5);
  auto* axis = new QCategoryAxis;
  axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
  for (double v : ticks.values)
    axis->append(QString::fromStdString(tick_text(v, format)), v);
  axis->setRange(ticks.min, ticks.max);
  axis->setTitleText(title);
  return axis;
}

QAbstractAxis* x_axis(const ScalingSeries& s) {
  if (s.x_is_gpus) {
    auto* axis = new QLogValueAxis;
    axis->setBase(2.0);
    axis->setLabelFormat(QStringLiteral("%g"));
    const double lo = s.points.empty() ? 1.0 : s.points.front().x;
    const double hi = s.points.empty() ? 2.0 : s.points.back().x;
    axis->setRange(lo / 1.25, hi * 1.25);
    axis->setTitleText(QString::fromStdString(s.chart.x_label));
    return axis;
  }
  auto* axis = new QCategoryAxis;
  axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
  for (size_t i = 0; i < s.chart.x.size() && i < s.chart.x_tick_labels.size(); ++i) {
    axis->append(QString::fromStdString(s.chart.x_tick_labels[i]), s.chart.x[i]);
  }
  axis->setRange(-0.5, std::max(0.5, static_cast<double>(s.chart.x.size()) - 0.5));
  axis->setTitleText(QString::fromStdString(s.chart.x_label));
  return axis;
}

QLineSeries* line(const QString& name, const std::vector<ScalingPoint>& points,
                  double (*value)(const ScalingPoint&), const QColor& colour) {
  auto* series = new QLineSeries;
  series->setName(name);
  for (const ScalingPoint& p : points)
    series->append(p.x, value(p));
  series->setColor(colour);
  return series;
}

// The line's points as markers (QLineSeries draws its own point markers far too large in Qt 6.4).
QScatterSeries* dots(const QLineSeries& line) {
  auto* s = new QScatterSeries;
  s->append(line.points());
  s->setColor(line.pen().color());
  s->setBorderColor(line.pen().color());
  s->setMarkerSize(8);
  return s;
}

std::pair<double, double> value_range(const std::vector<QLineSeries*>& lines) {
  double lo = 0.0, hi = 0.0;
  for (const QLineSeries* l : lines) {
    for (const QPointF& p : l->points())
      hi = std::max(hi, p.y());
  }
  return {lo, hi > 0.0 ? hi * 1.05 : 1.0};
}

QChart* scaling_chart(const ScalingSeries& s, const MetricInfo& m) {
  QChart* chart = new_chart(QString::fromStdString(s.chart.title));
  std::vector<QLineSeries*> lines = {line(m.name, s.points, m.value, plot_qcolour(0))};
  lines.front()->setPen(QPen(plot_qcolour(0), 2.5));
  if (m.ideal != nullptr && s.x_is_gpus) {
    QLineSeries* ideal = line(QObject::tr("ideal"), s.points, m.ideal, plot_qcolour(6));
    ideal->setPen(QPen(plot_qcolour(6), 1.5, Qt::DashLine));
    lines.push_back(ideal);
  }
  QAbstractAxis* x = x_axis(s);
  const auto [lo, hi] = value_range(lines);
  QCategoryAxis* y = value_axis(lo, hi, m.format, m.name);
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  std::vector<QXYSeries*> all(lines.begin(), lines.end());
  all.push_back(dots(*lines.front()));
  for (QXYSeries* l : all) {
    chart->addSeries(l);
    l->attachAxis(x);
    l->attachAxis(y);
  }
  for (QLegendMarker* marker : chart->legend()->markers(all.back()))
    marker->setVisible(false);  // the line above carries the legend entry
  chart->legend()->setAlignment(Qt::AlignBottom);
  return chart;
}

QString skipped_note(const ScalingSeries& s, size_t total) {
  if (s.skipped.empty()) return {};
  QString note =
      QObject::tr("%1 of %2 points not drawn (they did not run or do not fit in memory):")
          .arg(s.skipped.size())
          .arg(total);
  for (const std::string& line : s.skipped)
    note += QStringLiteral("\n") + QString::fromStdString(line);
  return note;
}

}  // namespace

ScalingView::ScalingView(QWidget* parent) : QWidget(parent) {
  metric_ = new QComboBox(this);
  metric_->addItems({tr("tokens/s"), tr("speedup"), tr("scaling efficiency")});
  view_ = new QChartView(this);
  view_->setRenderHint(QPainter::Antialiasing);
  note_ = new QLabel(this);
  note_->setWordWrap(true);
  note_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* bar = new QHBoxLayout;
  bar->addWidget(new QLabel(tr("Show:"), this));
  bar->addWidget(metric_);
  bar->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(bar);
  layout->addWidget(view_, 1);
  layout->addWidget(note_);
  connect(metric_, &QComboBox::currentIndexChanged, this, [this] { redraw(); });
  clear();
}

void ScalingView::show_sweep(const SweepResult& sweep) {
  sweep_ = sweep;
  has_sweep_ = true;
  redraw();
}

void ScalingView::clear() {
  sweep_ = SweepResult{};
  has_sweep_ = false;
  redraw();
}

QWidget* ScalingView::export_widget() {
  return view_;
}

void ScalingView::set_metric(Metric m) {
  metric_->setCurrentIndex(static_cast<int>(m));  // redraws through currentIndexChanged
}

const QLineSeries* ScalingView::series() const {
  const QList<QAbstractSeries*> all = view_->chart()->series();
  return all.isEmpty() ? nullptr : qobject_cast<const QLineSeries*>(all.front());
}

QString ScalingView::note() const {
  return note_->text();
}

void ScalingView::redraw() {
  if (!has_sweep_) {
    replace_chart(view_, new_chart(tr("Run a sweep to see how throughput scales.")));
    note_->clear();
    return;
  }
  const ScalingSeries s = scaling_series(sweep_);
  replace_chart(view_, scaling_chart(s, metric_info(static_cast<Metric>(metric_->currentIndex()))));
  note_->setText(skipped_note(s, sweep_.points.size()));
}

}  // namespace wt::gui
