#pragma once
// The look shared by the views: colours from the SVG plots' palette (sim/report/plot_svg.hpp), so
// that a category has one colour in the Timeline, the Breakdown and the files `run --plot` writes,
// and the charts' common setup.
#include <string>
#include <vector>

#include <QColor>
#include <QString>

class QChart;
class QChartView;

namespace wt::gui {

QColor plot_qcolour(size_t index);

struct CategoryStyle {
  std::string
      category;    // the trace category: compute | bubble | tp | pp | dp | cp | ep | optimizer
  QString legend;  // "compute", "pipeline bubble", "TP", ...
  QColor colour;
};

// In the Breakdown's order (compute, bubble, TP, PP, DP, CP, EP, optimizer).
const std::vector<CategoryStyle>& category_styles();
QColor category_colour(const std::string& category);

// A chart with the views' title font and no animation (the caller owns it).
QChart* new_chart(const QString& title);
// Shows `chart` in `view`, which takes it, and frees the chart shown before (QChartView::setChart
// hands that back to the caller).
void replace_chart(QChartView* view, QChart* chart);

}  // namespace wt::gui
