#include "gui/views/daily_replicas_chart.hpp"

#include <algorithm>

#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLineSeries>
#include <QValueAxis>

#include "gui/views/chart_style.hpp"

namespace wt::gui {
namespace {

QString dollars(double v) {
  return QStringLiteral("$%L1").arg(v, 0, 'f', 2);
}

QString rate_text(double rps) {
  return QObject::tr("%1 req/s").arg(rps, 0, 'f', 2);
}

int replica_hours(const wt::DailyReplicas& day) {
  int n = 0;
  for (const wt::HourPlan& h : day.hours)
    n += h.replicas;
  return n;
}

}  // namespace

QChart* daily_replicas_chart(const wt::DailyReplicas& day) {
  // The month on a second, plain line, so that the title fits half the tab.
  QString title = QObject::tr("Replicas per hour");
  if (day.usd_per_gpu_hour > 0.0) {
    title += QObject::tr("<br><span style='font-weight:normal'>%1 a month</span>")
                 .arg(dollars(day.monthly_usd));
  }
  QChart* chart = new_chart(title);
  const QString hours_title = QObject::tr("hour of the day");
  auto* bars = new QBarSeries;
  auto* set = new QBarSet(QObject::tr("replicas"));
  auto* rate = new QLineSeries;
  rate->setName(QObject::tr("requests/s"));
  int top_replicas = 1;
  double top_rate = 0.0;
  for (const wt::HourPlan& h : day.hours) {
    set->append(h.replicas);
    rate->append(h.hour, h.rate_rps);
    top_replicas = std::max(top_replicas, h.replicas);
    top_rate = std::max(top_rate, h.rate_rps);
  }
  set->setColor(plot_qcolour(0));
  set->setBorderColor(plot_qcolour(0));
  bars->append(set);
  bars->setBarWidth(0.7);
  chart->addSeries(bars);
  // Bars stand at their index (the hour) on a value axis, so that the hours are labelled every
  // three (24 category labels do not fit) and the rate line shares the axis.
  auto* hours = new QValueAxis;
  hours->setRange(-0.5, static_cast<double>(day.hours.size()) - 0.5);
  hours->setTickType(QValueAxis::TicksDynamic);
  hours->setTickAnchor(0.0);
  hours->setTickInterval(3.0);
  hours->setLabelFormat("%.0f");
  hours->setTitleText(hours_title);
  chart->addAxis(hours, Qt::AlignBottom);
  bars->attachAxis(hours);
  // Counts: at least 0 .. 5, so that the ticks are whole numbers.
  QValueAxis* y_replicas =
      nice_value_axis(0.0, std::max(5.0, top_replicas * 1.1), QObject::tr("replicas"), "%.0f");
  y_replicas->setLinePenColor(plot_qcolour(0));
  chart->addAxis(y_replicas, Qt::AlignLeft);
  bars->attachAxis(y_replicas);

  QPen pen(plot_qcolour(1));
  pen.setWidthF(2.0);
  rate->setPen(pen);
  rate->setPointsVisible(true);
  chart->addSeries(rate);
  rate->attachAxis(hours);
  QValueAxis* y_rate =
      nice_value_axis(0.0, std::max(1.0, top_rate * 1.1), QObject::tr("requests/s"), "%.0f");
  y_rate->setLinePenColor(plot_qcolour(1));
  chart->addAxis(y_rate, Qt::AlignRight);
  rate->attachAxis(y_rate);
  chart->legend()->setAlignment(Qt::AlignBottom);
  return chart;
}

std::vector<FigureRow> daily_replicas_rows(const wt::DailyReplicas& day) {
  const wt::AutoscaleLimits& limits = day.limits;
  std::vector<FigureRow> rows;
  const QString gpus =
      day.tensor == 1 ? QObject::tr("1 GPU") : QObject::tr("%1 GPUs").arg(day.tensor);
  if (day.usd_per_gpu_hour > 0.0) {
    rows.push_back(
        {"monthly_usd", QObject::tr("Monthly cost, autoscaled"), dollars(day.monthly_usd)});
    // The month is 30 days × these × the price per GPU-hour (the headline's).
    rows.push_back({"replica_hours", QObject::tr("Replica-hours a day"),
                    QObject::tr("%1 × %2").arg(replica_hours(day)).arg(gpus)});
    rows.push_back({"monthly_always_peak_usd",
                    QObject::tr("Monthly cost at the peak's %1 all day").arg(day.peak_replicas),
                    dollars(day.monthly_always_peak_usd)});
  }
  rows.push_back({"peak", QObject::tr("Peak"),
                  QObject::tr("%1 at hour %2: %3 replica(s) of %4")
                      .arg(rate_text(day.peak_rate_rps))
                      .arg(day.peak_hour)
                      .arg(day.peak_replicas)
                      .arg(gpus)});
  const wt::AutoscaleLimits defaults;
  const bool by_default =
      limits.min_replicas == defaults.min_replicas && limits.max_replicas == defaults.max_replicas;
  rows.push_back({"limits", QObject::tr("Replicas an hour"),
                  QObject::tr("%1 to %2%3")
                      .arg(limits.min_replicas)
                      .arg(limits.max_replicas)
                      .arg(by_default ? QObject::tr(" (serve-plan's defaults)") : QString())});
  for (const wt::HourPlan& h : day.hours) {
    const QString why =
        text_of(wt::hour_why(h)) + (h.cold_start ? QObject::tr(" (cold start)") : QString());
    rows.push_back({QStringLiteral("hour_%1").arg(h.hour, 2, 10, QLatin1Char('0')),
                    QObject::tr("Hour %1 · %2").arg(h.hour).arg(rate_text(h.rate_rps)),
                    QObject::tr("%1 · %2").arg(h.replicas).arg(why)});
  }
  return rows;
}

}  // namespace wt::gui
