#pragma once
// The figures of the Summary tab, formatted as the CLI's summary formats them (format_duration,
// format_count, format_bytes of sim/report/summary_text.hpp), in three groups.
#include <string>
#include <vector>

#include <QString>

#include "sim/report/run_result.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt::gui {

struct Figure {
  QString key;    // stable name, e.g. "iteration"
  QString label;  // e.g. "Iteration time"
  QString text;   // e.g. "23.6 s"
};

// "iteration" is "23.6 s ±6%" with an error band (docs/validation.md), then "iteration_range"
// ("22.2 s – 25.0 s") and "error_class" (the class the band came from); without a band just the
// time and neither row.
std::vector<Figure> iteration_figures(const wt::RunResult& r);
// With "sustained_speed": the GPUs' mean speed on GEMMs and attention, "90% of benchmark (+11.1%)"
// (cluster.gpu_sustained_speed), and "slowest_gpu": how much waiting for the slowest of the
// job's GPUs stretched them, "+8.2% (of 512 GPUs, spread 2.5%)" (cluster.gpu_speed_spread; "none"
// on one GPU).
std::vector<Figure> time_split_figures(const wt::Scenario& s, const wt::RunResult& r);
std::vector<Figure> training_figures(const wt::Scenario& s, const wt::RunResult& r);
// Under parallel.data_sync other than allreduce (docs/models.md, "Data synchronisation beyond
// all-reduce"): "data_sync" ("async · 8 colocated servers, 8 worker nodes"), "server_nic" and
// "worker_nic" (bytes per step and direction, their time at line rate over the step) and, under
// async, "staleness" ("mean 7.0 · P90 8.0 · max 14 updates"); none otherwise.
std::vector<Figure> data_sync_rows(const wt::RunResult& r);

QString figure_percent(double fraction);  // "44.9%"

}  // namespace wt::gui
