#include <cmath>
#include <limits>

#include "planner/sweep/sweep_report.hpp"

namespace wt {
namespace {

constexpr double kGap = std::numeric_limits<double>::quiet_NaN();

// Whether the GPU count grows strictly along the points that ran (a scaling curve).
bool gpus_increase(const SweepResult& sweep) {
  int previous = 0, count = 0;
  for (const SweepPoint& p : sweep.points) {
    if (!p.ran) continue;
    if (p.result.num_gpus <= previous) return false;
    previous = p.result.num_gpus;
    ++count;
  }
  return count > 0;
}

void set_x(LineChart& c, const SweepResult& sweep) {
  if (gpus_increase(sweep)) {
    c.x_label = "GPUs";
    c.x_scale = AxisScale::log2;
    for (const SweepPoint& p : sweep.points) {
      if (p.ran) c.x.push_back(p.result.num_gpus);
    }
    return;
  }
  c.x_label = "sweep point";
  for (size_t i = 0; i < sweep.points.size(); ++i) {
    c.x.push_back(static_cast<double>(i));
    c.x_tick_labels.push_back(point_label(sweep, i));
  }
}

void set_series(LineChart& c, const SweepResult& sweep, bool only_ran) {
  LineSeries tokens{"tokens/s", {}, false};
  LineSeries efficiency{"scaling efficiency", {}, true};
  for (const SweepPoint& p : sweep.points) {
    if (only_ran && !p.ran) continue;
    tokens.y.push_back(p.ran ? p.result.tokens_per_s : kGap);
    efficiency.y.push_back(p.ran ? p.scaling_efficiency : kGap);
  }
  c.series = {tokens, efficiency};
}

}  // namespace

LineChart sweep_chart(const SweepResult& sweep) {
  LineChart c;
  c.title = sweep.model + " · scaling (" + sweep.scenario + ")";
  c.left_label = "tokens/s";
  c.right_label = "scaling efficiency";
  c.left_format = TickFormat::count;
  c.right_format = TickFormat::percent;
  set_x(c, sweep);
  set_series(c, sweep, c.x_scale == AxisScale::log2);
  return c;
}

std::string sweep_plot_svg(const SweepResult& sweep) {
  return line_chart_svg(sweep_chart(sweep));
}

}  // namespace wt
