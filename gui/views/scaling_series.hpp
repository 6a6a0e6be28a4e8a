#pragma once
// The Scaling tab's numbers: the lines of `sweep --plot` (sweep_chart) plus the speedup, with the
// points that did not run or do not fit in memory left out and listed.
#include <string>
#include <vector>

#include "planner/sweep/sweep.hpp"
#include "sim/report/plot_svg.hpp"

namespace wt::gui {

struct ScalingPoint {
  double x = 0.0;
  double tokens_per_s = 0.0, speedup = 0.0, efficiency = 0.0;
  double ideal_speedup = 0.0;  // GPUs over the reference's, when x is the GPU count
};

struct ScalingSeries {
  wt::LineChart chart;  // sweep_chart(sweep): title, x axis, tick labels
  bool x_is_gpus = false;
  std::vector<ScalingPoint> points;
  std::vector<std::string> skipped;  // "[3] tensor=16: does not fit in memory"
};

ScalingSeries scaling_series(const wt::SweepResult& sweep);

}  // namespace wt::gui
