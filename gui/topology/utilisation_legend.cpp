#include "gui/topology/utilisation_legend.hpp"

#include <QLinearGradient>
#include <QPainter>

#include "gui/topology/utilisation_colours.hpp"

namespace wt::gui {
namespace {

constexpr int kBarWidth = 220;
constexpr int kBarHeight = 10;
constexpr int kLeft = 8;

}  // namespace

UtilisationLegend::UtilisationLegend(QWidget* parent) : QWidget(parent) {
  set_measure(LoadMeasure::busy);
}

void UtilisationLegend::set_measure(LoadMeasure measure) {
  measure_ = measure;
  setToolTip(measure == LoadMeasure::line_rate
                 ? "Time at line rate: the link's bytes at its bandwidth, as a share of the "
                   "simulated iteration (an edge of several cables shows its hottest cable)"
                 : "Link utilisation: the share of the simulated iteration during which the link "
                   "carried data (an edge of several cables shows its busiest cable)");
  update();
}

QSize UtilisationLegend::sizeHint() const {
  return {kLeft + kBarWidth + 150, 2 * fontMetrics().height() + kBarHeight + 8};
}

void UtilisationLegend::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const int line = fontMetrics().height();
  p.drawText(kLeft, line,
             measure_ == LoadMeasure::line_rate ? "link at line rate, share of the iteration"
                                                : "link busy, share of the iteration");
  const QRect bar(kLeft, line + 4, kBarWidth, kBarHeight);
  QLinearGradient g(bar.topLeft(), bar.topRight());
  for (int i = 0; i <= 10; ++i)
    g.setColorAt(i / 10.0, utilisation_colour(i / 10.0));
  p.fillRect(bar, g);
  p.setPen(QColor(0x60, 0x60, 0x60));
  p.drawRect(bar);
  for (int pct = 0; pct <= 100; pct += 25) {
    const int x = bar.left() + bar.width() * pct / 100;
    p.drawLine(x, bar.bottom(), x, bar.bottom() + 3);
    const QString text = QString::number(pct) + "%";
    const int w = fontMetrics().horizontalAdvance(text);
    p.drawText(std::clamp(x - w / 2, 0, width() - w), bar.bottom() + 3 + line, text);
  }
  QPen idle(idle_link_colour(), 3.0, Qt::DashLine);
  p.setPen(idle);
  const int x0 = bar.right() + 24;
  p.drawLine(x0, bar.center().y(), x0 + 28, bar.center().y());
  p.setPen(palette().color(QPalette::WindowText));
  p.drawText(x0 + 34, bar.center().y() + line / 3, "no traffic");
}

}  // namespace wt::gui
