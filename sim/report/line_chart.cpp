#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/report/plot_svg.hpp"
#include "sim/report/svg_writer.hpp"

namespace wt {
namespace {

constexpr double kWidth = 820, kHeight = 500;
constexpr double kLeft = 90, kRight = 90, kTop = 56, kBottom = 100;

struct Frame {
  AxisMap x, left, right;
  AxisTicks left_ticks, right_ticks;
};

double max_finite(const LineChart& c, bool right) {
  double m = 0.0;
  for (const LineSeries& s : c.series) {
    if (s.right_axis != right) continue;
    for (const double v : s.y)
      if (std::isfinite(v)) m = std::max(m, v);
  }
  return m;
}

AxisMap x_map(const LineChart& c) {
  AxisMap m{0.0, 1.0, kLeft, kWidth - kRight, c.x_scale};
  if (c.x.empty()) return m;
  const auto [lo, hi] = std::minmax_element(c.x.begin(), c.x.end());
  if (c.x_scale == AxisScale::log2) {
    m.min = *lo / std::pow(2.0, 0.25);
    m.max = *hi * std::pow(2.0, 0.25);
  } else {
    const double pad = std::max((*hi - *lo) * 0.04, 0.5);
    m.min = *lo - pad;
    m.max = *hi + pad;
  }
  return m;
}

Frame frame_for(const LineChart& c) {
  Frame f;
  f.x = x_map(c);
  const double y_lo = kHeight - kBottom, y_hi = kTop;
  f.left_ticks = nice_ticks(0.0, std::max(max_finite(c, false), 1e-12));
  const double right_floor = c.right_format == TickFormat::percent ? 1.0 : 1e-12;
  f.right_ticks = nice_ticks(0.0, std::max(max_finite(c, true), right_floor));
  f.left = {f.left_ticks.min, f.left_ticks.max, y_lo, y_hi, AxisScale::linear};
  f.right = {f.right_ticks.min, f.right_ticks.max, y_lo, y_hi, AxisScale::linear};
  return f;
}

bool has_right_axis(const LineChart& c) {
  return std::any_of(c.series.begin(), c.series.end(),
                     [](const LineSeries& s) { return s.right_axis; });
}

void draw_y_axes(SvgWriter& svg, const LineChart& c, const Frame& f) {
  for (const double v : f.left_ticks.values) {
    const double y = f.left(v);
    svg.line({kLeft, y}, {kWidth - kRight, y}, kPlotGrid, 1, "grid");
    svg.text({kLeft - 8, y + 4}, tick_text(v, c.left_format), 12, TextAnchor::end, "tick-left");
  }
  const double mid = (kTop + kHeight - kBottom) / 2.0;
  svg.text({24, mid}, c.left_label, 13, TextAnchor::middle, "axis-label", -90);
  svg.line({kLeft, kTop}, {kLeft, kHeight - kBottom}, kPlotInk, 1, "axis");
  if (!has_right_axis(c)) return;
  for (const double v : f.right_ticks.values) {
    svg.text({kWidth - kRight + 8, f.right(v) + 4}, tick_text(v, c.right_format), 12,
             TextAnchor::start, "tick-right");
  }
  svg.text({kWidth - 24, mid}, c.right_label, 13, TextAnchor::middle, "axis-label", 90);
  svg.line({kWidth - kRight, kTop}, {kWidth - kRight, kHeight - kBottom}, kPlotInk, 1, "axis");
}

std::vector<std::pair<double, std::string>> x_ticks(const LineChart& c, const Frame& f) {
  std::vector<std::pair<double, std::string>> ticks;
  if (!c.x_tick_labels.empty() || c.x_scale == AxisScale::log2) {
    for (size_t i = 0; i < c.x.size(); ++i) {
      const bool seen = std::find(c.x.begin(), c.x.begin() + static_cast<long>(i), c.x[i]) !=
                        c.x.begin() + static_cast<long>(i);
      if (seen) continue;
      const std::string label =
          i < c.x_tick_labels.size() ? c.x_tick_labels[i] : tick_text(c.x[i], TickFormat::count);
      ticks.emplace_back(c.x[i], label);
    }
    return ticks;
  }
  for (const double v : nice_ticks(f.x.min, f.x.max).values) {
    if (v >= f.x.min && v <= f.x.max) ticks.emplace_back(v, tick_text(v, TickFormat::count));
  }
  return ticks;
}

void draw_x_axis(SvgWriter& svg, const LineChart& c, const Frame& f) {
  const double y = kHeight - kBottom;
  svg.line({kLeft, y}, {kWidth - kRight, y}, kPlotInk, 1, "axis");
  for (const auto& [v, label] : x_ticks(c, f)) {
    svg.line({f.x(v), y}, {f.x(v), y + 5}, kPlotInk, 1, "tick");
    svg.text({f.x(v), y + 20}, label, 12, TextAnchor::middle, "tick-x");
  }
  svg.text({(kLeft + kWidth - kRight) / 2.0, y + 44}, c.x_label, 13, TextAnchor::middle,
           "axis-label");
}

void draw_series(SvgWriter& svg, const LineChart& c, const Frame& f, size_t index) {
  const LineSeries& s = c.series[index];
  const AxisMap& y = s.right_axis ? f.right : f.left;
  const TickFormat format = s.right_axis ? c.right_format : c.left_format;
  const std::string& colour = plot_colour(index);
  std::vector<Point2> run;
  auto flush = [&] {
    if (run.size() > 1) svg.polyline(run, colour, 2.5, "series");
    run.clear();
  };
  for (size_t i = 0; i < c.x.size() && i < s.y.size(); ++i) {
    if (!std::isfinite(s.y[i])) {
      flush();
      continue;
    }
    run.push_back({f.x(c.x[i]), y(s.y[i])});
  }
  flush();
  for (size_t i = 0; i < c.x.size() && i < s.y.size(); ++i) {
    if (!std::isfinite(s.y[i])) continue;
    const std::string x_text =
        i < c.x_tick_labels.size() ? c.x_tick_labels[i] : tick_text(c.x[i], TickFormat::count);
    svg.circle({f.x(c.x[i]), y(s.y[i])}, 4, colour, "point",
               s.name + ": " + tick_text(s.y[i], format) + " at " + x_text);
  }
}

void draw_legend(SvgWriter& svg, const LineChart& c) {
  const double y = kHeight - 24;
  double x = kLeft;
  for (size_t i = 0; i < c.series.size(); ++i) {
    svg.line({x, y - 4}, {x + 24, y - 4}, plot_colour(i), 2.5, "legend-line");
    svg.text({x + 30, y}, c.series[i].name, 12, TextAnchor::start, "legend");
    x += 240;
  }
}

}  // namespace

std::string line_chart_svg(const LineChart& c) {
  SvgWriter svg(kWidth, kHeight);
  const Frame f = frame_for(c);
  svg.text({kWidth / 2.0, 30}, c.title, 16, TextAnchor::middle, "title");
  draw_y_axes(svg, c, f);
  draw_x_axis(svg, c, f);
  for (size_t i = 0; i < c.series.size(); ++i)
    draw_series(svg, c, f, i);
  draw_legend(svg, c);
  return svg.str();
}

}  // namespace wt
