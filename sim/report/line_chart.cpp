#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/report/plot_svg.hpp"
#include "sim/report/svg_writer.hpp"

namespace wt {
namespace {

constexpr double kWidth = 820;
constexpr double kLeft = 90, kTop = 56, kPlotBottom = 400;
constexpr double kRightAxisMargin = 90, kRightMargin = 40;  // with and without a right axis
constexpr double kTickFont = 12, kLegendFont = 12;
constexpr double kTickAngle = 40;             // degrees, for x tick labels that would overlap
constexpr double kLegendColumn = 240;         // the narrowest legend column
constexpr double kLegendRow = 20;             // the distance of two legend rows
constexpr const char* kHollowInk = kPlotInk;  // the legend's hollow marker

// The width of a text as drawn: about 0.6 em per character in DejaVu Sans (an estimate; the
// layout keeps a margin), one per UTF-8 code point.
double text_width(const std::string& s, double size) {
  const auto chars = std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; });
  return 0.6 * size * static_cast<double>(chars);
}

struct Frame {
  AxisMap x, left, right;
  AxisTicks left_ticks, right_ticks;
};

const std::vector<double>& xs_of(const LineChart& c, const LineSeries& s) {
  return s.x.empty() ? c.x : s.x;
}

double max_finite(const LineChart& c, bool right) {
  double m = 0.0;
  for (const LineSeries& s : c.series) {
    if (s.right_axis != right) continue;
    for (const double v : s.y)
      if (std::isfinite(v)) m = std::max(m, v);
  }
  return m;
}

bool has_right_axis(const LineChart& c) {
  return std::any_of(c.series.begin(), c.series.end(),
                     [](const LineSeries& s) { return s.right_axis; });
}

// The right edge of the plot area.
double plot_right(const LineChart& c) {
  return kWidth - (has_right_axis(c) ? kRightAxisMargin : kRightMargin);
}

AxisMap x_map(const LineChart& c) {
  AxisMap m{0.0, 1.0, kLeft, plot_right(c), c.x_scale};
  std::vector<double> all = c.x;
  for (const LineSeries& s : c.series)
    all.insert(all.end(), s.x.begin(), s.x.end());
  if (all.empty()) return m;
  const auto [lo, hi] = std::minmax_element(all.begin(), all.end());
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
  f.left_ticks = nice_ticks(0.0, std::max(max_finite(c, false), 1e-12));
  const double right_floor = c.right_format == TickFormat::percent ? 1.0 : 1e-12;
  f.right_ticks = nice_ticks(0.0, std::max(max_finite(c, true), right_floor));
  f.left = {f.left_ticks.min, f.left_ticks.max, kPlotBottom, kTop, AxisScale::linear};
  f.right = {f.right_ticks.min, f.right_ticks.max, kPlotBottom, kTop, AxisScale::linear};
  return f;
}

bool has_hollow(const LineChart& c) {
  return std::any_of(c.series.begin(), c.series.end(), [](const LineSeries& s) {
    for (size_t i = 0; i < s.hollow.size() && i < s.y.size(); ++i)
      if (s.hollow[i] && std::isfinite(s.y[i])) return true;
    return false;
  });
}

using Ticks = std::vector<std::pair<double, std::string>>;

Ticks x_ticks(const LineChart& c, const Frame& f) {
  Ticks ticks;
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

// Where the parts under the plot go: the x tick labels (level or turned, every n-th), the x axis'
// label, the legend's entries; and the height of the whole picture.
struct Layout {
  Ticks ticks;
  bool turned = false;
  double tick_zone =
      20;  // from the axis to the baseline of level labels, or the turned labels' depth
  std::vector<Point2> legend;  // one per entry: series, then the hollow marker's
  double height = 500;
};

// The closest distance of two neighbouring ticks, in pixels.
double tick_spacing(const Ticks& ticks, const Frame& f) {
  std::vector<double> px;
  for (const auto& t : ticks)
    px.push_back(f.x(t.first));
  std::sort(px.begin(), px.end());
  double gap = kWidth;
  for (size_t i = 1; i < px.size(); ++i)
    gap = std::min(gap, px[i] - px[i - 1]);
  return gap;
}

void lay_out_ticks(Layout& l, const Frame& f) {
  double widest = 0.0;
  for (const auto& t : l.ticks)
    widest = std::max(widest, text_width(t.second, kTickFont));
  const double spacing = tick_spacing(l.ticks, f);
  if (widest + 8.0 <= spacing) return;
  l.turned = true;
  const double rad = kTickAngle * M_PI / 180.0;
  // Turned labels stand kTickFont / sin apart along the axis; keep every n-th beyond that.
  const double needed = (kTickFont + 2.0) / std::sin(rad);
  const auto every = static_cast<size_t>(std::max(1.0, std::ceil(needed / spacing)));
  if (every > 1) {
    Ticks kept;
    for (size_t i = 0; i < l.ticks.size(); i += every)
      kept.push_back(l.ticks[i]);
    l.ticks = kept;
  }
  l.tick_zone = 14.0 + widest * std::sin(rad) + kTickFont * std::cos(rad);
}

std::vector<std::string> legend_entries(const LineChart& c) {
  std::vector<std::string> names;
  for (const LineSeries& s : c.series)
    names.push_back(s.name);
  if (has_hollow(c)) names.push_back(c.hollow_label.empty() ? "hollow" : c.hollow_label);
  return names;
}

Layout lay_out(const LineChart& c, const Frame& f) {
  Layout l;
  l.ticks = x_ticks(c, f);
  lay_out_ticks(l, f);
  const std::vector<std::string> names = legend_entries(c);
  double column = kLegendColumn;
  for (const std::string& n : names)
    column = std::max(column, 30.0 + text_width(n, kLegendFont) + 16.0);
  const double room = kWidth - 20.0 - kLeft;
  const auto per_row = static_cast<size_t>(std::max(1.0, std::floor(room / column)));
  const double first_row = kPlotBottom + l.tick_zone + 56.0;
  for (size_t i = 0; i < names.size(); ++i) {
    l.legend.push_back({kLeft + static_cast<double>(i % per_row) * column,
                        first_row + static_cast<double>(i / per_row) * kLegendRow});
  }
  const double last_row = l.legend.empty() ? first_row : l.legend.back().y;
  l.height = last_row + 24.0;
  return l;
}

void draw_y_axes(SvgWriter& svg, const LineChart& c, const Frame& f) {
  for (const double v : f.left_ticks.values) {
    const double y = f.left(v);
    svg.line({kLeft, y}, {plot_right(c), y}, kPlotGrid, 1, "grid");
    svg.text({kLeft - 8, y + 4}, tick_text(v, c.left_format), kTickFont, TextAnchor::end,
             "tick-left");
  }
  const double mid = (kTop + kPlotBottom) / 2.0;
  svg.text({24, mid}, c.left_label, 13, TextAnchor::middle, "axis-label", -90);
  svg.line({kLeft, kTop}, {kLeft, kPlotBottom}, kPlotInk, 1, "axis");
  if (!has_right_axis(c)) return;
  for (const double v : f.right_ticks.values) {
    svg.text({plot_right(c) + 8, f.right(v) + 4}, tick_text(v, c.right_format), kTickFont,
             TextAnchor::start, "tick-right");
  }
  svg.text({kWidth - 24, mid}, c.right_label, 13, TextAnchor::middle, "axis-label", 90);
  svg.line({plot_right(c), kTop}, {plot_right(c), kPlotBottom}, kPlotInk, 1, "axis");
}

void draw_x_axis(SvgWriter& svg, const LineChart& c, const Frame& f, const Layout& l) {
  const double y = kPlotBottom;
  svg.line({kLeft, y}, {plot_right(c), y}, kPlotInk, 1, "axis");
  for (const auto& [v, label] : l.ticks) {
    svg.line({f.x(v), y}, {f.x(v), y + 5}, kPlotInk, 1, "tick");
    if (l.turned) {
      svg.text({f.x(v) + 4, y + 14}, label, kTickFont, TextAnchor::end, "tick-x", -kTickAngle);
    } else {
      svg.text({f.x(v), y + 20}, label, kTickFont, TextAnchor::middle, "tick-x");
    }
  }
  svg.text({(kLeft + plot_right(c)) / 2.0, y + l.tick_zone + 24}, c.x_label, 13, TextAnchor::middle,
           "axis-label");
}

// The text of an x value in a tooltip: its tick label when the axis has them.
std::string x_text(const LineChart& c, double x) {
  for (size_t i = 0; i < c.x.size() && i < c.x_tick_labels.size(); ++i)
    if (c.x[i] == x) return c.x_tick_labels[i];
  return tick_text(x, TickFormat::count);
}

void draw_series(SvgWriter& svg, const LineChart& c, const Frame& f, size_t index) {
  const LineSeries& s = c.series[index];
  const std::vector<double>& xs = xs_of(c, s);
  const AxisMap& y = s.right_axis ? f.right : f.left;
  const TickFormat format = s.right_axis ? c.right_format : c.left_format;
  const std::string& colour = plot_colour(index);
  std::vector<Point2> run;
  auto flush = [&] {
    if (run.size() > 1) svg.polyline(run, colour, 2.5, "series");
    run.clear();
  };
  for (size_t i = 0; i < xs.size() && i < s.y.size(); ++i) {
    if (!std::isfinite(s.y[i])) {
      flush();
      continue;
    }
    run.push_back({f.x(xs[i]), y(s.y[i])});
  }
  flush();
  for (size_t i = 0; i < xs.size() && i < s.y.size(); ++i) {
    if (!std::isfinite(s.y[i])) continue;
    const Point2 at{f.x(xs[i]), y(s.y[i])};
    const std::string tip = s.name + ": " + tick_text(s.y[i], format) + " at " + x_text(c, xs[i]);
    if (i < s.hollow.size() && s.hollow[i]) {
      svg.ring(at, 4.5, colour, 2, "point-hollow", tip + " (" + c.hollow_label + ")");
    } else {
      svg.circle(at, 4, colour, "point", tip);
    }
  }
}

void draw_legend(SvgWriter& svg, const LineChart& c, const Layout& l) {
  const std::vector<std::string> names = legend_entries(c);
  for (size_t i = 0; i < names.size(); ++i) {
    const Point2 at = l.legend[i];
    if (i < c.series.size()) {
      svg.line({at.x, at.y - 4}, {at.x + 24, at.y - 4}, plot_colour(i), 2.5, "legend-line");
    } else {
      svg.ring({at.x + 12, at.y - 4}, 4.5, kHollowInk, 2, "legend-hollow");
    }
    svg.text({at.x + 30, at.y}, names[i], kLegendFont, TextAnchor::start, "legend");
  }
}

}  // namespace

std::string line_chart_svg(const LineChart& c) {
  const Frame f = frame_for(c);
  const Layout l = lay_out(c, f);
  SvgWriter svg(kWidth, l.height);
  svg.text({kWidth / 2.0, 30}, c.title, 16, TextAnchor::middle, "title");
  draw_y_axes(svg, c, f);
  draw_x_axis(svg, c, f, l);
  for (size_t i = 0; i < c.series.size(); ++i)
    draw_series(svg, c, f, i);
  draw_legend(svg, c, l);
  return svg.str();
}

}  // namespace wt
