#include "gui/views/breakdown_view.hpp"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHorizontalStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include "gui/views/chart_style.hpp"
#include "sim/report/breakdown_plot.hpp"
#include "sim/report/plot_axis.hpp"
#include "sim/report/summary_text.hpp"

namespace wt::gui {
namespace {

double total_of(const StackedBar& bar) {
  double sum = 0.0;
  for (double v : bar.values)
    sum += v;
  return sum;
}

QString part_label(const std::string& part, double value_s, double total_s) {
  const double percent = total_s > 0.0 ? 100.0 * value_s / total_s : 0.0;
  return QStringLiteral("%1  %2 (%3%)")
      .arg(QString::fromStdString(part), QString::fromStdString(format_duration(value_s)))
      .arg(percent, 0, 'f', 1);
}

QHorizontalStackedBarSeries* bar_series(const StackedBarChart& c) {
  auto* series = new QHorizontalStackedBarSeries;
  const StackedBar& bar = c.bars.front();
  const double total_s = total_of(bar);
  for (size_t i = 0; i < c.parts.size() && i < bar.values.size(); ++i) {
    if (bar.values[i] <= 0.0) continue;
    auto* set = new QBarSet(part_label(c.parts[i], bar.values[i], total_s));
    set->append(bar.values[i]);
    set->setColor(plot_qcolour(i));
    set->setBorderColor(plot_qcolour(i));
    series->append(set);
  }
  series->setBarWidth(0.35);
  return series;
}

QChart* breakdown_qchart(const StackedBarChart& c) {
  QChart* chart = new_chart(QString::fromStdString(c.title));
  QHorizontalStackedBarSeries* series = bar_series(c);
  chart->addSeries(series);
  auto* bars = new QBarCategoryAxis;
  for (const StackedBar& b : c.bars)
    bars->append(QString::fromStdString(b.label));
  chart->addAxis(bars, Qt::AlignLeft);
  series->attachAxis(bars);
  const AxisTicks ticks = nice_ticks(0.0, total_of(c.bars.front()), 8);
  auto* values = new QValueAxis;
  values->setRange(ticks.min, ticks.max);
  values->setTickCount(static_cast<int>(ticks.values.size()));
  values->setLabelFormat(QStringLiteral("%.3g"));
  values->setTitleText(QString::fromStdString(c.value_label));
  chart->addAxis(values, Qt::AlignBottom);
  series->attachAxis(values);
  chart->legend()->setAlignment(Qt::AlignRight);
  return chart;
}

}  // namespace

BreakdownView::BreakdownView(QWidget* parent) : QWidget(parent) {
  view_ = new QChartView(this);
  view_->setRenderHint(QPainter::Antialiasing);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(view_);
  clear();
}

void BreakdownView::show_run(const Scenario& s, const RunResult& r) {
  replace_chart(view_, breakdown_qchart(breakdown_chart(s, r)));
}

void BreakdownView::clear() {
  replace_chart(view_, new_chart(tr("Run a scenario to see where its iteration time goes.")));
}

QWidget* BreakdownView::export_widget() {
  return view_;
}

const QAbstractBarSeries* BreakdownView::series() const {
  const QList<QAbstractSeries*> all = view_->chart()->series();
  return all.isEmpty() ? nullptr : qobject_cast<const QAbstractBarSeries*>(all.front());
}

}  // namespace wt::gui
