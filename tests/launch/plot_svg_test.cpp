// The SVG plots: escaping, element counts (points, lines, bar segments), proportions, refusal of
// PNG. python3's xml parser checks that the files are well-formed in tests/cli.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <regex>

#include "core/error.hpp"
#include "sim/report/breakdown_plot.hpp"
#include "sim/report/plot_svg.hpp"
#include "sim/report/svg_writer.hpp"

namespace wt {
namespace {

size_t count(const std::string& text, const std::string& needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
    ++n;
  return n;
}

std::vector<double> widths_of(const std::string& svg, const std::string& cls) {
  std::vector<double> widths;
  const std::regex rect("<rect class=\"" + cls +
                        "\" x=\"[-0-9.]+\" y=\"[-0-9.]+\" width=\"([0-9.]+)\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), rect); it != std::sregex_iterator();
       ++it) {
    widths.push_back(std::stod((*it)[1]));
  }
  return widths;
}

TEST(PlotSvg, EscapesText) {
  EXPECT_EQ(xml_escape("a<b & \"c\" > 'd'"), "a&lt;b &amp; &quot;c&quot; &gt; &apos;d&apos;");
  EXPECT_EQ(svg_number(12.3456), "12.35");
  EXPECT_EQ(svg_number(12.5), "12.5");
  EXPECT_EQ(svg_number(-0.001), "0");
  LineChart c;
  c.title = "A<B & C";
  c.x = {1, 2};
  c.series = {{"s", {1, 2}, false}};
  const std::string svg = line_chart_svg(c);
  EXPECT_NE(svg.find(">A&lt;B &amp; C</text>"), std::string::npos);
  EXPECT_EQ(svg.find("A<B"), std::string::npos);
}

TEST(PlotSvg, LineChartHasOnePointPerValueAndAGapForNaN) {
  const double gap = std::numeric_limits<double>::quiet_NaN();
  LineChart c;
  c.x = {8, 16, 32, 64};
  c.x_scale = AxisScale::log2;
  c.series = {{"tokens/s", {100, 190, 370, 700}, false},
              {"efficiency", {1.0, gap, 0.92, 0.87}, true}};
  const std::string svg = line_chart_svg(c);
  EXPECT_EQ(count(svg, "<circle class=\"point\""), 7u);     // 4 + 3 (the NaN is not drawn)
  EXPECT_EQ(count(svg, "<polyline class=\"series\""), 2u);  // efficiency: [1.0] alone, [0.92, 0.87]
  EXPECT_EQ(count(svg, "class=\"tick-x\""), 4u);            // log2 axis: a tick per GPU count
  EXPECT_EQ(count(svg, "class=\"tick-right\""), 6u);        // 0 .. 100% by 20%
  EXPECT_EQ(count(svg, "class=\"legend\""), 2u);
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_EQ(count(svg, "<svg "), 1u);
  EXPECT_EQ(count(svg, "</svg>"), 1u);
}

TEST(PlotSvg, PointsLandOnTheirValues) {
  LineChart c;
  c.x = {0, 1};
  c.series = {{"s", {0, 50}, false}};  // left axis 0 .. 50 by 10
  const std::string svg = line_chart_svg(c);
  const std::regex circle("<circle class=\"point\" cx=\"[0-9.]+\" cy=\"([0-9.]+)\"");
  std::vector<double> ys;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), circle); it != std::sregex_iterator();
       ++it) {
    ys.push_back(std::stod((*it)[1]));
  }
  ASSERT_EQ(ys.size(), 2u);
  EXPECT_DOUBLE_EQ(ys[0], 400.0);  // the bottom of the plot area (500 − 100)
  EXPECT_DOUBLE_EQ(ys[1], 56.0);   // the top (50 is the last tick)
}

TEST(PlotSvg, StackedBarSegmentsAreProportional) {
  StackedBarChart c;
  c.parts = {"compute", "bubble", "unused", "comm"};
  c.bars = {{"iteration", {3.0, 1.0, 0.0, 0.5}}};
  const std::string svg = stacked_bar_svg(c);
  const std::vector<double> w = widths_of(svg, "segment");
  ASSERT_EQ(w.size(), 3u);  // the zero part is not drawn
  EXPECT_NEAR(w[0] / w[1], 3.0, 0.01);
  EXPECT_NEAR(w[0] / w[2], 6.0, 0.02);
  EXPECT_EQ(count(svg, "class=\"legend-swatch\""), 3u);
  EXPECT_NE(svg.find("<title>compute: 3 s (67%)</title>"), std::string::npos);
}

TEST(PlotSvg, BreakdownChartSplitsExposedCommByDimension) {
  Scenario s;
  s.name = "t";
  RunResult r;
  r.num_gpus = 8;
  r.engine = "analytical";
  r.iteration_time_s = 10.0;
  r.breakdown_s = {6.0, 2.0, 1.0, 0.5, 0.5};  // compute, exposed comm, bubble, optimizer, other
  r.exposed_comm_by_dim_s = {1.5, 0.0, 0.5, 0.0, 0.0};
  const StackedBarChart c = breakdown_chart(s, r);
  ASSERT_EQ(c.bars.size(), 1u);
  EXPECT_EQ(c.bars[0].values, (std::vector<double>{6.0, 1.0, 1.5, 0.0, 0.5, 0.0, 0.0, 0.5, 0.5}));
  const std::vector<double> w = widths_of(breakdown_plot_svg(s, r), "segment");
  ASSERT_EQ(w.size(), 6u);  // compute, bubble, TP, DP, optimizer, other
  double total = 0.0;
  for (const double x : w)
    total += x;
  // 10 s on an axis of 0 .. 10 s over 630 px (820 − 150 − 40).
  EXPECT_NEAR(total, 630.0, 0.05);
}

TEST(PlotSvg, OnlySvgPathsAreAccepted) {
  EXPECT_NO_THROW(require_svg_path("--plot", "out/a.svg"));
  EXPECT_NO_THROW(require_svg_path("--plot", "A.SVG"));
  try {
    require_svg_path("--plot", "a.png");
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "--plot");
    EXPECT_NE(e.allowed().find(".svg"), std::string::npos);
  }
  EXPECT_THROW(require_svg_path("--plot", "a.pdf"), InputError);
  EXPECT_THROW(require_svg_path("--plot", "noextension"), InputError);
}

TEST(PlotSvg, TickTexts) {
  EXPECT_EQ(tick_text(0.87, TickFormat::percent), "87%");
  EXPECT_EQ(tick_text(200000, TickFormat::count), "200k");
  EXPECT_EQ(tick_text(0.5, TickFormat::seconds), "500 ms");
  EXPECT_EQ(tick_text(2.5, TickFormat::seconds), "2.5 s");
  EXPECT_EQ(tick_text(0, TickFormat::seconds), "0 s");
}

}  // namespace
}  // namespace wt
