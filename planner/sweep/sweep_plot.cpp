#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "planner/sweep/sweep_report.hpp"

namespace wt {
namespace {

constexpr double kGap = std::numeric_limits<double>::quiet_NaN();
constexpr const char* kDoesNotFit = "does not fit in memory";

bool misfit(const SweepPoint& p) {
  return p.ran && !p.result.fits_in_memory;
}

// How many of `points` (indices into the sweep) ran, when the GPU count grows strictly along them;
// -1 when it does not.
int gpus_increase_over(const SweepResult& sweep, const std::vector<size_t>& points) {
  int previous = 0, count = 0;
  for (const size_t i : points) {
    const SweepPoint& p = sweep.points[i];
    if (!p.ran) continue;
    if (p.result.num_gpus <= previous) return -1;
    previous = p.result.num_gpus;
    ++count;
  }
  return count;
}

bool gpus_increase(const SweepResult& sweep, const std::vector<size_t>& points) {
  return gpus_increase_over(sweep, points) > 0;
}

std::vector<size_t> all_points(const SweepResult& sweep) {
  std::vector<size_t> all;
  for (size_t i = 0; i < sweep.points.size(); ++i)
    all.push_back(i);
  return all;
}

void set_x(LineChart& c, const SweepResult& sweep) {
  if (gpus_increase(sweep, all_points(sweep))) {
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
  LineSeries tokens{rate_unit(sweep), {}, false, {}, {}};
  LineSeries efficiency{"scaling efficiency", {}, true, {}, {}};
  for (const SweepPoint& p : sweep.points) {
    if (only_ran && !p.ran) continue;
    tokens.y.push_back(p.ran ? p.result.tokens_per_s : kGap);
    efficiency.y.push_back(p.ran ? p.scaling_efficiency : kGap);
    tokens.hollow.push_back(misfit(p));
    efficiency.hollow.push_back(misfit(p));
  }
  c.series = {tokens, efficiency};
}

// Several axes: the points in groups that share the values of every axis but `along`, each group
// in the order of `along`'s values (the grid's nested loops).
std::vector<std::vector<size_t>> groups_along(const SweepResult& sweep, size_t along) {
  std::vector<std::vector<size_t>> groups;
  std::vector<std::vector<std::string>> keys;
  for (size_t i = 0; i < sweep.points.size(); ++i) {
    std::vector<std::string> key = sweep.points[i].values;
    key.erase(key.begin() + static_cast<long>(along));
    size_t g = 0;
    while (g < keys.size() && keys[g] != key)
      ++g;
    if (g == keys.size()) {
      keys.push_back(key);
      groups.emplace_back();
    }
    groups[g].push_back(i);
  }
  return groups;
}

// "tensor=2 · micro_batch_size=1": the values of the other axes, which name a series.
std::string group_name(const SweepResult& sweep, size_t along, size_t point) {
  const std::vector<std::string> names = axis_headers(sweep.axes);
  std::string name;
  for (size_t a = 0; a < names.size(); ++a) {
    if (a == along) continue;
    name += (name.empty() ? "" : " · ") + names[a] + "=" + sweep.points[point].values[a];
  }
  return name;
}

// The axis along which every group's GPU count grows, in at least one group over two or more
// points that ran (the first such axis), or none.
std::optional<size_t> gpu_axis(const SweepResult& sweep) {
  for (size_t a = 0; a < sweep.axes.size(); ++a) {
    bool grows = true, moves = false;
    for (const std::vector<size_t>& g : groups_along(sweep, a)) {
      const int ran = gpus_increase_over(sweep, g);
      grows = grows && ran != -1;
      moves = moves || ran >= 2;
    }
    if (grows && moves) return a;
  }
  return std::nullopt;
}

// One line of tokens/s (samples/s for a layer list) per combination of the other axes' values,
// against GPUs (log2) when an axis moves the GPU count in every group, else against the first
// axis' values in order.
LineChart grid_chart(const SweepResult& sweep) {
  LineChart c;
  const std::optional<size_t> gpus = gpu_axis(sweep);
  const size_t along = gpus.value_or(0);
  const SweepAxis& axis = sweep.axes[along];
  c.title = sweep.model + " · " + rate_unit(sweep) + " by " + axis_headers(sweep.axes)[along] +
            " (" + sweep.scenario + ")";
  c.left_label = rate_unit(sweep);
  c.left_format = TickFormat::count;
  c.hollow_label = kDoesNotFit;
  if (gpus) {
    c.x_label = "GPUs (" + axis.path + ")";
    c.x_scale = AxisScale::log2;
  } else {
    c.x_label = axis.path;
    for (size_t v = 0; v < axis.values.size(); ++v) {
      c.x.push_back(static_cast<double>(v));
      c.x_tick_labels.push_back(axis.values[v]);
    }
  }
  for (const std::vector<size_t>& g : groups_along(sweep, along)) {
    LineSeries s{group_name(sweep, along, g.front()), {}, false, {}, {}};
    for (size_t k = 0; k < g.size(); ++k) {
      const SweepPoint& p = sweep.points[g[k]];
      if (gpus && !p.ran) continue;
      s.x.push_back(gpus ? p.result.num_gpus : static_cast<double>(k));
      s.y.push_back(p.ran ? p.result.tokens_per_s : kGap);
      s.hollow.push_back(misfit(p));
      if (gpus && std::find(c.x.begin(), c.x.end(), s.x.back()) == c.x.end())
        c.x.push_back(s.x.back());
    }
    c.series.push_back(s);
  }
  std::sort(c.x.begin(), c.x.end());
  return c;
}

}  // namespace

LineChart sweep_chart(const SweepResult& sweep) {
  if (sweep.axes.size() > 1) return grid_chart(sweep);
  LineChart c;
  c.title = sweep.model + " · scaling (" + sweep.scenario + ")";
  c.left_label = rate_unit(sweep);
  c.right_label = "scaling efficiency";
  c.left_format = TickFormat::count;
  c.right_format = TickFormat::percent;
  c.hollow_label = kDoesNotFit;
  set_x(c, sweep);
  set_series(c, sweep, c.x_scale == AxisScale::log2);
  return c;
}

std::string sweep_plot_svg(const SweepResult& sweep) {
  return line_chart_svg(sweep_chart(sweep));
}

}  // namespace wt
