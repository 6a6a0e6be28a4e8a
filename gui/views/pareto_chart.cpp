#include "gui/views/pareto_chart.hpp"

#include <algorithm>
#include <limits>

#include <QCategoryAxis>
#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>

#include "core/units.hpp"
#include "gui/views/chart_style.hpp"
#include "gui/views/plan_run.hpp"
#include "sim/report/plot_axis.hpp"
#include "sim/report/summary_text.hpp"

namespace wt::gui {
namespace {

QPointF point_of(const Outcome& o) {
  return {o.expected_time_s / units::kSecondsPerDay, o.cost_usd};
}

struct Range {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void add(double v) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  bool near(double v) const { return lo <= hi && v >= lo / 1.5 && v <= hi * 1.5; }
};

// Nice ticks around the points (not from zero: candidates often differ by a few percent).
QCategoryAxis* axis(const Range& r, const QString& title, bool dollars) {
  const double lo = r.lo <= r.hi ? r.lo : 0.0;
  const double hi = r.lo <= r.hi ? r.hi : 1.0;
  const double pad = hi > lo ? (hi - lo) * 0.08 : std::max(hi * 0.05, 1e-9);
  const AxisTicks ticks = nice_ticks(std::max(0.0, lo - pad), hi + pad, 6);
  auto* a = new QCategoryAxis;
  a->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
  for (double v : ticks.values) {
    const QString label = QString::fromStdString(format_count(v));
    a->append(dollars ? QStringLiteral("$") + label : label, v);
  }
  a->setRange(ticks.min, ticks.max);
  a->setTitleText(title);
  return a;
}

QString chart_title(const PlanRun& plan) {
  const PlanConstraints& c = plan.spec.constraints;
  QString title =
      QObject::tr("%1 · time to train against cost").arg(QString::fromStdString(plan.spec.name));
  if (c.deadline_days > 0) {
    title += QObject::tr(" · deadline %1 days")
                 .arg(QString::fromStdString(format_count(c.deadline_days)));
  }
  if (c.budget_usd > 0) {
    title += QObject::tr(" · budget $%1").arg(QString::fromStdString(format_count(c.budget_usd)));
  }
  return title;
}

QScatterSeries* scatter(const QString& name, const QColor& colour, double size_px) {
  auto* s = new QScatterSeries;
  s->setName(name);
  s->setColor(colour);
  s->setBorderColor(colour.darker(130));
  s->setMarkerSize(size_px);
  return s;
}

QLineSeries* limit_line(const QString& name, const QColor& colour, QPointF from, QPointF to) {
  auto* s = new QLineSeries;
  s->setName(name);
  s->setPen(QPen(colour, 1.5, Qt::DashLine));
  s->append(from);
  s->append(to);
  return s;
}

// The error bands of the front and the recommendation (docs/validation.md, "Error bands"): days
// and cost both go as the iteration time, so a band is the segment from the point × (1 − h) to the
// point × (1 + h). None without a bands file.
std::vector<QLineSeries*> band_segments(const PlanRun& plan, Range& x, Range& y) {
  std::vector<Outcome> shown = plan.report.state.pareto;
  if (const std::optional<Outcome> c = plan.report.chosen()) shown.push_back(*c);
  std::vector<QLineSeries*> out;
  for (const Outcome& o : shown) {
    const std::optional<ErrorBand> b = candidate_band(plan.space, plan.report, o);
    if (!b) continue;
    auto* s = new QLineSeries;
    s->setName(QObject::tr("error band"));
    QColor colour = plot_qcolour(0);
    colour.setAlpha(70);  // translucent: the points and the front show through
    s->setPen(QPen(colour, 7, Qt::SolidLine, Qt::RoundCap));
    for (const double f : {1.0 - b->half_width, 1.0 + b->half_width}) {
      const QPointF p = point_of(o) * f;
      s->append(p);
      x.add(p.x());
      y.add(p.y());
    }
    out.push_back(s);
  }
  return out;
}

}  // namespace

QChart* pareto_chart(const PlanRun& plan) {
  QChart* chart = new_chart(chart_title(plan));
  const SearchState& st = plan.report.state;
  Range x, y;
  QScatterSeries* others = scatter(QObject::tr("candidates"), plot_qcolour(6).lighter(140), 8);
  for (const Outcome& o : plan.known_outcomes()) {
    const QPointF p = point_of(o);
    x.add(p.x());
    y.add(p.y());
    const bool on_front = std::any_of(st.pareto.begin(), st.pareto.end(),
                                      [&](const Outcome& f) { return f.index == o.index; });
    if (!on_front) others->append(p);
  }
  auto* front_line = new QLineSeries;
  front_line->setName(QObject::tr("Pareto front"));
  front_line->setPen(QPen(plot_qcolour(0), 2));
  QScatterSeries* front = scatter(QObject::tr("Pareto front"), plot_qcolour(0), 10);
  for (const Outcome& o : st.pareto) {
    front_line->append(point_of(o));
    front->append(point_of(o));
  }
  // A hollow square under the front: the front's point inside it stays visible.
  QScatterSeries* chosen = scatter(QObject::tr("recommended"), plot_qcolour(1), 20);
  chosen->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
  chosen->setBrush(Qt::NoBrush);
  chosen->setPen(QPen(plot_qcolour(1), 3));
  if (const std::optional<Outcome> c = plan.report.chosen()) {
    chosen->append(point_of(*c));
    x.add(point_of(*c).x());
    y.add(point_of(*c).y());
  }
  const std::vector<QLineSeries*> bands = band_segments(plan, x, y);
  std::vector<QAbstractSeries*> all(bands.begin(), bands.end());  // under the points
  all.insert(all.end(), {others, chosen, front_line, front});
  // The deadline and budget are drawn when they are near the candidates (else the title has them).
  const PlanConstraints& limits = plan.spec.constraints;
  const bool show_deadline = limits.deadline_days > 0 && x.near(limits.deadline_days);
  const bool show_budget = limits.budget_usd > 0 && y.near(limits.budget_usd);
  if (show_deadline) x.add(limits.deadline_days);
  if (show_budget) y.add(limits.budget_usd);
  QCategoryAxis* ax = axis(x, QObject::tr("days to train (expected, with failures)"), false);
  QCategoryAxis* ay = axis(y, QObject::tr("cost (expected)"), true);
  if (show_deadline) {
    all.push_back(limit_line(QObject::tr("deadline"), plot_qcolour(3),
                             {limits.deadline_days, ay->min()}, {limits.deadline_days, ay->max()}));
  }
  if (show_budget) {
    all.push_back(limit_line(QObject::tr("budget"), plot_qcolour(8), {ax->min(), limits.budget_usd},
                             {ax->max(), limits.budget_usd}));
  }
  chart->addAxis(ax, Qt::AlignBottom);
  chart->addAxis(ay, Qt::AlignLeft);
  for (QAbstractSeries* s : all) {
    chart->addSeries(s);
    s->attachAxis(ax);
    s->attachAxis(ay);
  }
  for (QLegendMarker* m : chart->legend()->markers(front_line))
    m->setVisible(false);                      // the front's points carry its legend entry
  for (size_t i = 1; i < bands.size(); ++i) {  // one legend entry for all bands
    for (QLegendMarker* m : chart->legend()->markers(bands[i]))
      m->setVisible(false);
  }
  for (QLegendMarker* m : chart->legend()->markers(chosen)) {  // hollow, as on the chart
    m->setBrush(Qt::NoBrush);
    m->setPen(QPen(plot_qcolour(1), 2.5));
  }
  chart->legend()->setAlignment(Qt::AlignBottom);
  return chart;
}

}  // namespace wt::gui
