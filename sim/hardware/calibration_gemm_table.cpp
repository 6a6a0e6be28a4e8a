// Inverse-distance-weighted interpolation of GEMM efficiency over log2 shapes.
#include "sim/hardware/calibration_gemm_table.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

namespace wt {
namespace {

std::array<double, 3> log2_shape(int64_t m, int64_t n, int64_t k) {
  return {std::log2(static_cast<double>(m)), std::log2(static_cast<double>(n)),
          std::log2(static_cast<double>(k))};
}

double squared_distance(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  double sum = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    sum += (a[i] - b[i]) * (a[i] - b[i]);
  }
  return sum;
}

}  // namespace

void GemmEfficiencyTable::add(int64_t m, int64_t n, int64_t k, double efficiency) {
  entries_.push_back({log2_shape(m, n, k), efficiency});
}

double GemmEfficiencyTable::at(int64_t m, int64_t n, int64_t k) const {
  assert(!entries_.empty() && "at() needs at least one measured shape");
  const std::array<double, 3> query = log2_shape(m, n, k);
  std::vector<double> d2(entries_.size());
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    d2[i] = squared_distance(query, entries_[i].log2_shape);
  }

  double exact_sum = 0.0;
  int exact_count = 0;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (d2[i] > 0.0) continue;
    exact_sum += entries_[i].efficiency;
    ++exact_count;
  }
  if (exact_count > 0) return exact_sum / exact_count;

  std::vector<std::size_t> order(entries_.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  const std::size_t used = std::min(kNeighbours, order.size());
  std::partial_sort(
      order.begin(), order.begin() + static_cast<std::ptrdiff_t>(used), order.end(),
      [&](std::size_t a, std::size_t b) { return d2[a] < d2[b] || (d2[a] == d2[b] && a < b); });

  double weighted = 0.0;
  double weights = 0.0;
  for (std::size_t j = 0; j < used; ++j) {
    const double w = 1.0 / d2[order[j]];  // 1 / distance², power 2
    weighted += w * entries_[order[j]].efficiency;
    weights += w;
  }
  return weighted / weights;
}

}  // namespace wt
