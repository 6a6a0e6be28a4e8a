#include "sim/report/plot_axis.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace wt {

double nice_step(double raw_step) {
  if (!(raw_step > 0.0) || !std::isfinite(raw_step)) return 1.0;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw_step)));
  constexpr std::array<double, 5> kSteps = {1.0, 2.0, 2.5, 5.0, 10.0};
  for (const double s : kSteps) {
    if (s * magnitude >= raw_step * (1.0 - 1e-9)) return s * magnitude;
  }
  return 10.0 * magnitude;
}

AxisTicks nice_ticks(double lo, double hi, int target_count) {
  if (lo > hi) std::swap(lo, hi);
  const int intervals = std::max(1, target_count);
  double range = hi - lo;
  if (range <= 0.0) range = lo != 0.0 ? std::abs(lo) : 1.0;
  const double step = nice_step(range / intervals);
  AxisTicks t;
  t.min = std::floor(lo / step + 1e-9) * step;
  t.max = std::ceil(hi / step - 1e-9) * step;
  if (t.max <= t.min) t.max = t.min + step;
  const auto count = static_cast<int>(std::lround((t.max - t.min) / step));
  for (int i = 0; i <= count; ++i)
    t.values.push_back(t.min + i * step);
  return t;
}

double AxisMap::operator()(double v) const {
  double a = min, b = max, x = v;
  if (scale == AxisScale::log2) {
    a = std::log2(min);
    b = std::log2(max);
    x = std::log2(v);
  }
  if (b == a) return (pixel_lo + pixel_hi) / 2.0;
  return pixel_lo + (x - a) / (b - a) * (pixel_hi - pixel_lo);
}

}  // namespace wt
