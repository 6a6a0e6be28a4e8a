#include <algorithm>
#include <array>
#include <cstdio>
#include <numeric>

#include "sim/report/plot_svg.hpp"
#include "sim/report/svg_writer.hpp"

namespace wt {
namespace {

constexpr double kChartWidth = 820;
constexpr double kChartLeft = 150, kChartRight = 40, kChartTop = 56;
constexpr double kBarHeight = 36, kBarGap = 18, kLegendRow = 22;
constexpr double kLegendColumn = 200;
constexpr int kLegendColumns = 3;

double bar_total(const StackedBar& b) {
  double t = 0.0;
  for (const double v : b.values)
    t += std::max(v, 0.0);
  return t;
}

std::string percent(double part, double total) {
  std::array<char, 16> buf{};
  std::snprintf(buf.data(), buf.size(), "%.0f%%", total > 0 ? 100.0 * part / total : 0.0);
  return buf.data();
}

// Parts drawn in some bar: the legend lists only these.
std::vector<size_t> visible_parts(const StackedBarChart& c) {
  std::vector<size_t> parts;
  for (size_t p = 0; p < c.parts.size(); ++p) {
    const bool any = std::any_of(c.bars.begin(), c.bars.end(), [p](const StackedBar& b) {
      return p < b.values.size() && b.values[p] > 0.0;
    });
    if (any) parts.push_back(p);
  }
  return parts;
}

double bars_bottom(const StackedBarChart& c) {
  return kChartTop + static_cast<double>(c.bars.size()) * (kBarHeight + kBarGap);
}

double chart_height(const StackedBarChart& c) {
  const auto rows = (visible_parts(c).size() + kLegendColumns - 1) / kLegendColumns;
  return bars_bottom(c) + 64 + static_cast<double>(rows) * kLegendRow + 12;
}

void draw_bar(SvgWriter& svg, const StackedBarChart& c, const AxisMap& x, size_t index) {
  const StackedBar& b = c.bars[index];
  const double y = kChartTop + static_cast<double>(index) * (kBarHeight + kBarGap) + kBarGap / 2;
  svg.text({kChartLeft - 10, y + kBarHeight / 2 + 4}, b.label, 13, TextAnchor::end, "bar-label");
  const double total = bar_total(b);
  double start = 0.0;
  for (size_t p = 0; p < b.values.size() && p < c.parts.size(); ++p) {
    if (b.values[p] <= 0.0) continue;
    const double x0 = x(start), x1 = x(start + b.values[p]);
    svg.rect(x0, y, x1 - x0, kBarHeight, plot_colour(p), "segment",
             c.parts[p] + ": " + tick_text(b.values[p], c.value_format) + " (" +
                 percent(b.values[p], total) + ")");
    if (x1 - x0 > 36) {
      svg.text({(x0 + x1) / 2, y + kBarHeight / 2 + 4}, percent(b.values[p], total), 11,
               TextAnchor::middle, "segment-label");
    }
    start += b.values[p];
  }
}

void draw_axis(SvgWriter& svg, const StackedBarChart& c, const AxisTicks& t, const AxisMap& x) {
  const double y = bars_bottom(c);
  for (const double v : t.values) {
    svg.line({x(v), kChartTop}, {x(v), y}, kPlotGrid, 1, "grid");
    svg.text({x(v), y + 18}, tick_text(v, c.value_format), 12, TextAnchor::middle, "tick-x");
  }
  svg.line({kChartLeft, y}, {kChartWidth - kChartRight, y}, kPlotInk, 1, "axis");
  svg.text({(kChartLeft + kChartWidth - kChartRight) / 2, y + 40}, c.value_label, 13,
           TextAnchor::middle, "axis-label");
}

void draw_legend(SvgWriter& svg, const StackedBarChart& c) {
  const std::vector<size_t> parts = visible_parts(c);
  const double top = bars_bottom(c) + 64;
  for (size_t i = 0; i < parts.size(); ++i) {
    const double x = kChartLeft + static_cast<double>(i % kLegendColumns) * kLegendColumn;
    const double y = top + static_cast<double>(i / kLegendColumns) * kLegendRow;
    svg.rect(x, y - 11, 14, 14, plot_colour(parts[i]), "legend-swatch");
    svg.text({x + 20, y}, c.parts[parts[i]], 12, TextAnchor::start, "legend");
  }
}

}  // namespace

std::string stacked_bar_svg(const StackedBarChart& c) {
  SvgWriter svg(kChartWidth, chart_height(c));
  double longest = 0.0;
  for (const StackedBar& b : c.bars)
    longest = std::max(longest, bar_total(b));
  const AxisTicks ticks = nice_ticks(0.0, longest > 0.0 ? longest : 1.0);
  const AxisMap x{ticks.min, ticks.max, kChartLeft, kChartWidth - kChartRight, AxisScale::linear};
  svg.text({kChartWidth / 2, 30}, c.title, 16, TextAnchor::middle, "title");
  draw_axis(svg, c, ticks, x);
  for (size_t i = 0; i < c.bars.size(); ++i)
    draw_bar(svg, c, x, i);
  draw_legend(svg, c);
  return svg.str();
}

}  // namespace wt
