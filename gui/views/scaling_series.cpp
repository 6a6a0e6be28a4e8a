#include "gui/views/scaling_series.hpp"

#include <cmath>

#include "planner/sweep/sweep_report.hpp"

namespace wt::gui {
namespace {

// The sweep points behind the chart's x values, in order (sweep_chart keeps only the points
// that ran when x is the GPU count, else every point).
std::vector<size_t> chart_points(const SweepResult& sweep, bool x_is_gpus) {
  std::vector<size_t> out;
  for (size_t i = 0; i < sweep.points.size(); ++i) {
    if (!x_is_gpus || sweep.points[i].ran) out.push_back(i);
  }
  return out;
}

std::string skip_reason(const SweepPoint& p) {
  if (!p.ran) return p.error.empty() ? "did not run" : p.error;
  return "does not fit in memory";
}

}  // namespace

ScalingSeries scaling_series(const SweepResult& sweep) {
  ScalingSeries s;
  s.chart = sweep_chart(sweep);
  s.x_is_gpus = s.chart.x_scale == AxisScale::log2;
  const SweepPoint* ref =
      sweep.reference >= 0 ? &sweep.points[static_cast<size_t>(sweep.reference)] : nullptr;
  const std::vector<size_t> indices = chart_points(sweep, s.x_is_gpus);
  const std::vector<double>& tokens = s.chart.series.at(0).y;
  const std::vector<double>& efficiency = s.chart.series.at(1).y;
  for (size_t k = 0; k < indices.size() && k < s.chart.x.size(); ++k) {
    const SweepPoint& p = sweep.points[indices[k]];
    if (!p.ran || !p.result.fits_in_memory || std::isnan(tokens[k])) continue;
    ScalingPoint point{s.chart.x[k], tokens[k], 0.0, efficiency[k], 0.0};
    if (ref != nullptr) {
      point.speedup = sweep_speedup(tokens[k], ref->result.tokens_per_s);
      point.ideal_speedup = s.x_is_gpus ? s.chart.x[k] / ref->result.num_gpus : 0.0;
    }
    s.points.push_back(point);
  }
  for (size_t i = 0; i < sweep.points.size(); ++i) {
    const SweepPoint& p = sweep.points[i];
    if (!p.ran || !p.result.fits_in_memory) {
      s.skipped.push_back("[" + std::to_string(i + 1) + "] " + point_label(sweep, i) + ": " +
                          skip_reason(p));
    }
  }
  return s;
}

}  // namespace wt::gui
