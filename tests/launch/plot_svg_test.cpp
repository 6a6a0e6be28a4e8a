// The plots: escaping, element counts (points, lines, bar segments), proportions, hollow markers,
// the legend and tick layout, the PNG. python3's xml parser checks that the files are well-formed
// in tests/cli.
#include <cairo.h>
#include <gtest/gtest.h>

#include <cstring>

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
  c.series = {{"s", {1, 2}, false, {}, {}}};
  const std::string svg = line_chart_svg(c);
  EXPECT_NE(svg.find(">A&lt;B &amp; C</text>"), std::string::npos);
  EXPECT_EQ(svg.find("A<B"), std::string::npos);
}

TEST(PlotSvg, LineChartHasOnePointPerValueAndAGapForNaN) {
  const double gap = std::numeric_limits<double>::quiet_NaN();
  LineChart c;
  c.x = {8, 16, 32, 64};
  c.x_scale = AxisScale::log2;
  c.series = {{"tokens/s", {100, 190, 370, 700}, false, {}, {}},
              {"efficiency", {1.0, gap, 0.92, 0.87}, true, {}, {}}};
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
  c.series = {{"s", {0, 50}, false, {}, {}}};  // left axis 0 .. 50 by 10
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

TEST(PlotSvg, SvgAndPngPathsAreAccepted) {
  EXPECT_EQ(plot_format("--plot", "out/a.svg"), PlotFormat::svg);
  EXPECT_EQ(plot_format("--plot", "A.SVG"), PlotFormat::svg);
  EXPECT_EQ(plot_format("--plot", "a.png"), PlotFormat::png);
  EXPECT_EQ(plot_format("--plot", "B.PNG"), PlotFormat::png);
  try {
    plot_format("--plot", "a.pdf");
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "--plot");
    EXPECT_NE(e.allowed().find(".svg"), std::string::npos);
    EXPECT_NE(e.allowed().find(".png"), std::string::npos);
  }
  EXPECT_THROW(plot_format("--plot", "noextension"), InputError);
}

// Points that do not fit: a hollow marker each and one legend entry; a legend of many series
// wraps into rows under the plot, and the picture grows to hold them.
TEST(PlotSvg, HollowPointsAndAWrappedLegend) {
  LineChart c;
  c.x = {0, 1, 2};
  c.hollow_label = "does not fit in memory";
  for (int i = 0; i < 6; ++i) {
    c.series.push_back({"tensor=" + std::to_string(1 << i) + " · micro_batch_size=1",
                        {1.0 + i, 2.0 + i, 3.0 + i},
                        false,
                        {},
                        {false, false, i % 2 == 0}});
  }
  const std::string svg = line_chart_svg(c);
  EXPECT_EQ(count(svg, "<circle class=\"point\""), 15u);
  EXPECT_EQ(count(svg, "<circle class=\"point-hollow\""), 3u);
  EXPECT_EQ(count(svg, "class=\"legend-hollow\""), 1u);
  EXPECT_EQ(count(svg, "class=\"legend\""), 7u);
  EXPECT_NE(svg.find(">does not fit in memory</text>"), std::string::npos);
  // Two entries a row (each wider than a third of the width): 4 rows, 20 px apart, under the plot.
  EXPECT_NE(svg.find("height=\"560\""), std::string::npos);
  EXPECT_EQ(count(svg, "rotate("), 1u);  // only the left axis label: the ticks stay level
}

TEST(PlotSvg, LongTickLabelsAreTurnedAndThinned) {
  LineChart c;
  for (int i = 0; i < 40; ++i) {
    c.x.push_back(i);
    c.x_tick_labels.push_back("global_batch_size=" + std::to_string(64 * (i + 1)));
  }
  c.series = {{"s", std::vector<double>(40, 1.0), false, {}, {}}};
  const std::string svg = line_chart_svg(c);
  const size_t ticks = count(svg, "class=\"tick-x\"");
  EXPECT_LT(ticks, 40u);  // thinned: 40 labels 16 px apart would touch even when turned
  EXPECT_GE(ticks, 20u);
  EXPECT_EQ(count(svg, "rotate(-40"), ticks);
}

// A PNG of a plot: the signature, twice the SVG's size, and ink on the white.
TEST(PlotPng, RasterisesTheSvg) {
  LineChart c;
  c.title = "t";
  c.x = {8, 16, 32};
  c.x_scale = AxisScale::log2;
  c.series = {{"tokens/s", {100, 190, 370}, false, {}, {}}};
  const std::string png = svg_to_png(line_chart_svg(c));
  ASSERT_GT(png.size(), 24u);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  const auto be32 = [&](size_t at) {
    uint32_t v = 0;
    for (size_t i = 0; i < 4; ++i)
      v = (v << 8) | static_cast<unsigned char>(png[at + i]);
    return v;
  };
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  EXPECT_EQ(be32(16), 1640u);  // 820 × 2
  EXPECT_EQ(be32(20), 1000u);  // 500 × 2
  struct Reader {
    const std::string* data;
    size_t at = 0;
  } reader{&png};
  cairo_surface_t* image = cairo_image_surface_create_from_png_stream(
      [](void* closure, unsigned char* out, unsigned int length) {
        auto* r = static_cast<Reader*>(closure);
        if (r->at + length > r->data->size()) return CAIRO_STATUS_READ_ERROR;
        std::memcpy(out, r->data->data() + r->at, length);
        r->at += length;
        return CAIRO_STATUS_SUCCESS;
      },
      &reader);
  ASSERT_EQ(cairo_surface_status(image), CAIRO_STATUS_SUCCESS);
  const int stride = cairo_image_surface_get_stride(image);
  const unsigned char* pixels = cairo_image_surface_get_data(image);
  size_t inked = 0;
  for (int y = 0; y < cairo_image_surface_get_height(image); ++y) {
    for (int x = 0; x < cairo_image_surface_get_width(image); ++x) {
      uint32_t p = 0;
      std::memcpy(&p, pixels + y * stride + x * 4, 4);
      if ((p & 0xFFFFFFu) != 0xFFFFFFu) ++inked;
    }
  }
  cairo_surface_destroy(image);
  EXPECT_GT(inked, 1000u);  // axes, grid, the line and its points
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
