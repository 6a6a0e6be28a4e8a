#pragma once
// Plots written as SVG directly (no dependency): a line chart with a left and an optional right
// axis (sweep: tokens/s and scaling efficiency against GPUs) and a horizontal stacked bar chart
// (run: where the iteration's time goes). PNG is the same SVG rasterised by librsvg (plot_png.cpp).
#include <string>
#include <vector>

#include "sim/report/plot_axis.hpp"

namespace wt {

// The colours both charts draw their grid and text in.
inline constexpr const char* kPlotGrid = "#DDDDDD";
inline constexpr const char* kPlotInk = "#222222";

enum class TickFormat { count, percent, seconds };  // 1.2M · 87% (of a fraction) · 1.5 s

struct LineSeries {
  std::string name;
  std::vector<double> y;  // parallel to x (below); NaN leaves a gap (a point that did not run)
  bool right_axis = false;
  std::vector<double> x;     // the series' own x values; empty: LineChart::x
  std::vector<bool> hollow;  // parallel to y: drawn as a hollow marker (LineChart::hollow_label)
};

struct LineChart {
  std::string title;
  std::string x_label;
  std::vector<double> x;  // the x of series without their own; the ticks of a labelled or log2 axis
  AxisScale x_scale = AxisScale::linear;   // log2 needs x > 0
  std::vector<std::string> x_tick_labels;  // when given: one tick per x, with these labels
  // The legend entry of the hollow markers (e.g. "does not fit in memory"), shown when one is
  // drawn.
  std::string hollow_label;
  std::string left_label, right_label;
  TickFormat left_format = TickFormat::count, right_format = TickFormat::percent;
  std::vector<LineSeries> series;
};

struct StackedBar {
  std::string label;
  std::vector<double> values;  // one per StackedBarChart::parts
};

struct StackedBarChart {
  std::string title;
  std::string value_label;  // the axis under the bars, e.g. "seconds per iteration"
  TickFormat value_format = TickFormat::seconds;
  std::vector<std::string> parts;  // stacking order, left to right; legend entries
  std::vector<StackedBar> bars;
};

// The legend sits under the x axis, in as many rows as its entries need (the SVG grows taller);
// x tick labels that would overlap are turned 40° and, if still too dense, thinned.
std::string line_chart_svg(const LineChart& chart);
std::string stacked_bar_svg(const StackedBarChart& chart);

// Colours of the series and parts, in order (a colour-blind-safe palette).
const std::string& plot_colour(size_t index);
std::string tick_text(double value, TickFormat format);

enum class PlotFormat { svg, png };

// The format of a --plot path from its extension, in any case: ".svg" or ".png"; anything else is
// an InputError at `option` naming the two.
PlotFormat plot_format(const std::string& option, const std::string& path);

// The PNG of an SVG document drawn by the plots: `scale` pixels per SVG unit, on white. A document
// librsvg cannot render is a programming error (std::logic_error).
inline constexpr double kPngScale = 2.0;  // 820 × 500 SVG → 1640 × 1000 PNG: sharp on any screen
std::string svg_to_png(const std::string& svg, double scale = kPngScale);

// The bytes of a plot file: the SVG itself, or its PNG.
std::string plot_bytes(const std::string& svg, PlotFormat format);

}  // namespace wt
