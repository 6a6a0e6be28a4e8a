#include "gui/topology/utilisation_colours.hpp"

#include <algorithm>
#include <array>

namespace wt::gui {
namespace {

struct Stop {
  double at;
  QColor colour;
};

// ColorBrewer YlOrRd, from its fourth class on (lighter ones vanish on white).
const std::array<Stop, 6>& stops() {
  static const std::array<Stop, 6> scale = {{{0.0, QColor(0xfe, 0xd9, 0x76)},
                                             {0.2, QColor(0xfe, 0xb2, 0x4c)},
                                             {0.4, QColor(0xfd, 0x8d, 0x3c)},
                                             {0.6, QColor(0xfc, 0x4e, 0x2a)},
                                             {0.8, QColor(0xe3, 0x1a, 0x1c)},
                                             {1.0, QColor(0x80, 0x00, 0x26)}}};
  return scale;
}

int mix(int a, int b, double f) {
  return static_cast<int>(a + (b - a) * f + 0.5);
}

}  // namespace

QColor utilisation_colour(double utilisation) {
  const double u = std::clamp(utilisation, 0.0, 1.0);
  const auto& s = stops();
  for (size_t i = 1; i < s.size(); ++i) {
    if (u > s[i].at) continue;
    const double f = (u - s[i - 1].at) / (s[i].at - s[i - 1].at);
    const QColor& a = s[i - 1].colour;
    const QColor& b = s[i].colour;
    return {mix(a.red(), b.red(), f), mix(a.green(), b.green(), f), mix(a.blue(), b.blue(), f)};
  }
  return s.back().colour;
}

int colour_bucket(double utilisation) {
  return std::clamp(static_cast<int>(std::clamp(utilisation, 0.0, 1.0) * 5.0), 0, 4);
}

QColor idle_link_colour() {
  return {0xc8, 0xc8, 0xc8};
}

QColor neutral_link_colour() {
  return {0x7a, 0x80, 0x86};
}

}  // namespace wt::gui
