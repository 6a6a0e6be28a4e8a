#include "gui/views/latency_load_chart.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include "gui/views/chart_style.hpp"

namespace wt::gui {
namespace {

struct Metric {
  const char* key;
  const char* label;
  Percentiles LoadPoint::*member;
};

const Metric kMetrics[] = {{"ttft", "TTFT", &LoadPoint::ttft_ms},
                           {"tpot", "TPOT", &LoadPoint::tpot_ms},
                           {"e2e", "e2e", &LoadPoint::e2e_ms}};

struct Quantile {
  const char* label;
  double Percentiles::*member;
  Qt::PenStyle style;
};

// P95 solid and named in the legend; P50 dotted and P99 dashed, in the metric's colour.
const Quantile kQuantiles[] = {{"P50", &Percentiles::p50, Qt::DotLine},
                               {"P95", &Percentiles::p95, Qt::SolidLine},
                               {"P99", &Percentiles::p99, Qt::DashLine}};

QString ms_text(double v) {
  if (v >= 10000.0) return QStringLiteral("%1 s").arg(v / 1000.0, 0, 'f', 1);
  return QStringLiteral("%1 ms").arg(v, 0, 'f', v < 100.0 ? 1 : 0);
}

}  // namespace

QChart* latency_load_chart(const wt::LatencyAgainstLoad& load) {
  // The saturated rate on a second, plain line, so that the title fits half the tab.
  QString title = QObject::tr("Latency against load");
  const bool saturated = !load.points.empty() && load.points.back().saturated;
  if (saturated) {
    title += QObject::tr("<br><span style='font-weight:normal'>saturated at %1 req/s</span>")
                 .arg(load.points.back().rate_rps, 0, 'g', 4);
  }
  QChart* chart = new_chart(title);
  const QString x_title = QObject::tr("requests/s");
  std::vector<const LoadPoint*> drawn;
  for (const LoadPoint& p : load.points)
    if (!p.saturated) drawn.push_back(&p);
  if (drawn.empty()) return chart;
  double lo = INFINITY, hi = 0.0;
  const double x_lo = 0.0;
  const double x_hi = drawn.back()->rate_rps;
  std::vector<QLineSeries*> lines;
  size_t colour = 0;
  for (const Metric& m : kMetrics) {
    for (const Quantile& q : kQuantiles) {
      auto* s = new QLineSeries;
      s->setName(q.style == Qt::SolidLine ? QString::fromLatin1(m.label)
                                          : QStringLiteral("%1 %2").arg(m.label, q.label));
      for (const LoadPoint* p : drawn) {
        const double v = (p->*(m.member)).*(q.member);
        s->append(p->rate_rps, v);
        if (v > 0.0) lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
      QPen pen(plot_qcolour(colour));
      pen.setStyle(q.style);
      pen.setWidthF(q.style == Qt::SolidLine ? 2.0 : 1.5);
      s->setPen(pen);
      s->setPointsVisible(q.style == Qt::SolidLine);
      lines.push_back(s);
    }
    ++colour;
  }
  // The targets, in their metric's colour, dash-dotted across the rates.
  for (const SloCheck& c : drawn.front()->slo) {
    size_t index = 0;
    while (index < std::size(kMetrics) && c.metric != kMetrics[index].key)
      ++index;
    if (index == std::size(kMetrics) || c.target_ms <= 0.0) continue;
    auto* s = new QLineSeries;
    s->setName(QObject::tr("%1 target %2").arg(kMetrics[index].label, ms_text(c.target_ms)));
    s->append(x_lo, c.target_ms);
    s->append(x_hi, c.target_ms);
    // Wide and pale, so that it reads as a limit and not as a fourth percentile.
    QColor faded = plot_qcolour(index);
    faded.setAlpha(110);
    QPen pen(faded);
    pen.setStyle(Qt::DashDotLine);
    pen.setWidthF(3.0);
    s->setPen(pen);
    lo = std::min(lo, c.target_ms);
    hi = std::max(hi, c.target_ms);
    lines.push_back(s);
  }
  QValueAxis* x = nice_value_axis(x_lo, x_hi, x_title, "%.0f", 5);
  chart->addAxis(x, Qt::AlignBottom);
  auto* y = new QLogValueAxis;
  y->setBase(10.0);
  // Whole decades around the values, so that the labels are 1, 10, 100 … ms.
  y->setRange(std::pow(10.0, std::floor(std::log10(lo))),
              std::pow(10.0, std::ceil(std::log10(hi))));
  y->setLabelFormat("%g");
  y->setMinorTickCount(8);
  y->setMinorGridLineColor(QColor(235, 235, 235));
  y->setTitleText(QObject::tr("ms · P50 ··· P95 — P99 - -"));
  chart->addAxis(y, Qt::AlignLeft);
  for (QLineSeries* s : lines) {
    chart->addSeries(s);
    s->attachAxis(x);
    s->attachAxis(y);
  }
  // The legend names each metric once (its P95); the percentiles' key is the value axis's title,
  // the targets (pale, wide, dash-dotted) are in the table.
  for (QLegendMarker* marker : chart->legend()->markers()) {
    const QString name = marker->label();
    if (name.endsWith(QStringLiteral(" P50")) || name.endsWith(QStringLiteral(" P99")) ||
        name.contains(QStringLiteral(" target")))
      marker->setVisible(false);
  }
  chart->legend()->setAlignment(Qt::AlignBottom);
  return chart;
}

std::vector<FigureRow> latency_load_rows(const wt::LatencyAgainstLoad& load) {
  std::vector<FigureRow> rows;
  rows.push_back({"load_requests", QObject::tr("Requests per rate"),
                  QObject::tr("%1 (1 × = the peak, %2 req/s)")
                      .arg(load.requests_per_point)
                      .arg(load.peak_rps, 0, 'g', 4)});
  for (size_t i = 0; i < load.points.size(); ++i) {
    const LoadPoint& p = load.points[i];
    const QString label =
        QObject::tr("%1 × · %2 req/s").arg(p.multiple, 0, 'g', 3).arg(p.rate_rps, 0, 'g', 4);
    QString value;
    if (p.saturated) {
      value =
          QObject::tr("saturated: %1% of arrivals served").arg(100.0 * p.served_share, 0, 'f', 1);
    } else {
      value = QObject::tr("P95 TTFT %1 · TPOT %2 · e2e %3")
                  .arg(ms_text(p.ttft_ms.p95), ms_text(p.tpot_ms.p95), ms_text(p.e2e_ms.p95));
      if (!p.slo.empty()) value += p.slo_met ? QStringLiteral(" ✓") : QStringLiteral(" ✗");
    }
    rows.push_back({QStringLiteral("load_%1").arg(i), label, value});
  }
  return rows;
}

}  // namespace wt::gui
