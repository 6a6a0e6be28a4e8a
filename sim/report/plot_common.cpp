#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "core/error.hpp"
#include "sim/report/plot_svg.hpp"
#include "sim/report/summary_text.hpp"

namespace wt {
namespace {

std::string g_text(double v, const char* unit) {
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%g%s", v, unit);
  return buf.data();
}

std::string seconds_tick(double v) {
  const double a = std::fabs(v);
  if (a == 0.0 || a >= 1.0) return g_text(v, " s");
  if (a >= 1e-3) return g_text(v * 1e3, " ms");
  return g_text(v * 1e6, " µs");
}

std::string lower_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& c : ext)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

}  // namespace

const std::string& plot_colour(size_t index) {
  // Okabe-Ito without yellow (too light on white) and black (kept for axes), then three of Tol's.
  static const std::array<std::string, 10> kColours = {"#0072B2", "#E69F00", "#009E73", "#D55E00",
                                                       "#CC79A7", "#56B4E9", "#7F7F7F", "#999933",
                                                       "#882255", "#44AA99"};
  return kColours[index % kColours.size()];
}

std::string tick_text(double value, TickFormat format) {
  if (std::fabs(value) < 1e-12) value = 0.0;
  switch (format) {
    case TickFormat::count:
      return format_count(value);
    case TickFormat::percent:
      return g_text(std::round(value * 1000.0) / 10.0, "%");
    case TickFormat::seconds:
      return seconds_tick(value);
  }
  return format_count(value);
}

PlotFormat plot_format(const std::string& option, const std::string& path) {
  const std::string ext = lower_extension(path);
  if (ext == ".svg") return PlotFormat::svg;
  if (ext == ".png") return PlotFormat::png;
  throw InputError(option, "unknown plot format (the extension picks it)", path,
                   "FILE.svg or FILE.png");
}

std::string plot_bytes(const std::string& svg, PlotFormat format) {
  return format == PlotFormat::png ? svg_to_png(svg) : svg;
}

}  // namespace wt
