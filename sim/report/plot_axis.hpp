#pragma once
// Axis ticks for the plots: "nice" steps (1, 2, 2.5 or 5 times a power of ten) that cover the data,
// and the mapping of a value onto a pixel range (linear or log2).
#include <vector>

namespace wt {

struct AxisTicks {
  double min = 0.0, max = 1.0;  // the axis range: the first and last tick
  std::vector<double> values;   // min, min + step, ..., max
};

// Ticks covering [lo, hi] with about `target_count` intervals. An empty range (lo == hi) widens to
// one step around the value; lo > hi is swapped.
AxisTicks nice_ticks(double lo, double hi, int target_count = 5);

// The nice step nearest above `raw_step`: 1, 2, 2.5, 5 or 10 × 10^k.
double nice_step(double raw_step);

enum class AxisScale { linear, log2 };

struct AxisMap {
  double min = 0.0, max = 1.0;            // data range
  double pixel_lo = 0.0, pixel_hi = 1.0;  // where min and max land (pixel_hi < pixel_lo for y)
  AxisScale scale = AxisScale::linear;
  double operator()(double v) const;
};

}  // namespace wt
