#include "gui/views/chart_style.hpp"

#include <memory>

#include <QChart>
#include <QChartView>

#include "sim/report/plot_svg.hpp"

namespace wt::gui {

QColor plot_qcolour(size_t index) {
  return QColor(QString::fromStdString(wt::plot_colour(index)));
}

const std::vector<CategoryStyle>& category_styles() {
  // Indices follow breakdown_chart's parts, so both tabs colour a category alike.
  static const std::vector<CategoryStyle> kStyles = {
      {"compute", "compute", plot_qcolour(0)}, {"bubble", "pipeline bubble", plot_qcolour(1)},
      {"tp", "TP", plot_qcolour(2)},           {"pp", "PP", plot_qcolour(3)},
      {"dp", "DP", plot_qcolour(4)},           {"cp", "CP", plot_qcolour(5)},
      {"ep", "EP", plot_qcolour(6)},           {"optimizer", "optimizer", plot_qcolour(7)},
  };
  return kStyles;
}

QColor category_colour(const std::string& category) {
  for (const CategoryStyle& s : category_styles()) {
    if (s.category == category) return s.colour;
  }
  return plot_qcolour(8);  // "other", as in the breakdown
}

QChart* new_chart(const QString& title) {
  auto* chart = new QChart;
  chart->setTitle(title);
  QFont font = chart->titleFont();
  font.setPointSizeF(font.pointSizeF() * 1.25);
  font.setBold(true);
  chart->setTitleFont(font);
  chart->setAnimationOptions(QChart::NoAnimation);
  return chart;
}

void replace_chart(QChartView* view, QChart* chart) {
  const std::unique_ptr<QChart> previous(view->chart());
  view->setChart(chart);
}

}  // namespace wt::gui
