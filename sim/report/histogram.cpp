#include "sim/report/histogram.hpp"

#include <algorithm>
#include <cmath>

namespace wt {

double Histogram::bin_width() const {
  return counts.empty() ? 0.0 : (high - low) / static_cast<double>(counts.size());
}

Histogram histogram(const std::vector<double>& values, int bins) {
  Histogram h;
  if (values.empty() || bins <= 0) return h;
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  h.low = *lo;
  h.high = *hi;
  if (h.high <= h.low) {
    h.counts.assign(1, static_cast<int64_t>(values.size()));
    return h;
  }
  h.counts.assign(static_cast<size_t>(bins), 0);
  const double w = h.bin_width();
  for (double v : values) {
    const auto i = static_cast<int64_t>(std::floor((v - h.low) / w));
    ++h.counts[static_cast<size_t>(std::clamp<int64_t>(i, 0, bins - 1))];
  }
  return h;
}

}  // namespace wt
