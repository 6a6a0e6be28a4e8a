#pragma once
// A sweep as people and scripts read it: the text table, the `sweep --json` object (keys in
// docs/cli.md) and the scaling plot (tokens/s and scaling efficiency against GPUs).
#include <string>

#include <nlohmann/json.hpp>

#include "planner/sweep/sweep.hpp"
#include "sim/report/plot_svg.hpp"

namespace wt {

std::string sweep_table(const SweepResult& sweep);
nlohmann::ordered_json sweep_json(const SweepResult& sweep);
// `sweep --csv`: one row per point of the sweep_json document, its figures as there (docs/cli.md).
std::string sweep_csv(const nlohmann::ordered_json& sweep_json);

// x is the GPU count (log2 scale) when it grows strictly along the points that ran; otherwise the
// points in order, labelled with their values. Points that did not run leave gaps.
LineChart sweep_chart(const SweepResult& sweep);
std::string sweep_plot_svg(const SweepResult& sweep);

// "samples/s" when the sweep's model is a layer list (a convolutional network: its throughput is
// in samples, RunResult.samples_not_tokens), else "tokens/s": the rate the table and plot show.
std::string rate_unit(const SweepResult& sweep);

// The last component of each axis' path, or the whole path where two axes share it.
std::vector<std::string> axis_headers(const std::vector<SweepAxis>& axes);

// "cluster.num_nodes=2" or "tensor=2 · pipeline=4" for a point (last path component when unique).
std::string point_label(const SweepResult& sweep, size_t index);

}  // namespace wt
