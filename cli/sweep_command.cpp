#include "cli/sweep_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>

#include "cli/console.hpp"
#include "cli/interrupt.hpp"
#include "cli/output_files.hpp"
#include "core/atomic_file.hpp"
#include "core/checked_math.hpp"
#include "core/error.hpp"
#include "core/exit_code.hpp"
#include "core/input_file.hpp"
#include "planner/sweep/sweep.hpp"
#include "planner/sweep/sweep_report.hpp"
#include "sim/report/plot_svg.hpp"

namespace wt::cli {
namespace {

// Each point is a full run: a grid beyond this is a typo (or 10^6 values), not a sweep.
constexpr int64_t kMaxSweepPoints = 10'000;

void require_grid_size(const std::vector<SweepAxis>& axes) {
  int64_t points = 1;
  for (const SweepAxis& a : axes) {
    const std::optional<int64_t> next = checked_mul(points, static_cast<int64_t>(a.values.size()));
    if (!next || *next > kMaxSweepPoints) {
      throw InputError("--vary", "the grid has too many points (the product of the --vary lists)",
                       next ? std::to_string(*next) + " points" : "more than 2^63 points",
                       "at most 10,000 points");
    }
    points = *next;
  }
}

// "sweep 3/12" on stderr, redrawn in place, only when stderr is a terminal.
SweepProgress progress_bar() {
  if (!progress_on_terminal()) return {};
  return [](size_t done, size_t total) {
    std::fprintf(stderr, "\rsweep %zu/%zu points", done, total);
    if (done == total) std::fprintf(stderr, "\r%40s\r", "");
    std::fflush(stderr);
  };
}

struct SweepFiles {
  std::optional<AtomicFile> plot, csv;
  PlotFormat plot_format = PlotFormat::svg;
};

// Checked and opened before the sweep (docs/cli.md, "Output files").
void open_outputs(const SweepOptions& o, SweepFiles& f) {
  require_distinct_files({{"--plot", o.plot_path}, {"--csv", o.csv_path}},
                         {{"SCENARIO", o.scenario}});
  if (!o.plot_path.empty()) {
    f.plot_format = plot_format("--plot", o.plot_path);
    f.plot.emplace(o.plot_path, "--plot");
  }
  if (!o.csv_path.empty()) f.csv.emplace(o.csv_path, "--csv");
}

int exit_code(const SweepResult& r) {
  const auto ran = [](const SweepPoint& p) { return p.ran; };
  const auto fits = [](const SweepPoint& p) { return p.ran && p.result.fits_in_memory; };
  if (std::any_of(r.points.begin(), r.points.end(), fits)) return to_int(ExitCode::ok);
  if (std::any_of(r.points.begin(), r.points.end(), ran)) return to_int(ExitCode::infeasible);
  std::cerr << "windtunnel: error: no point of the sweep is a valid scenario (reasons above)\n";
  return to_int(ExitCode::bad_input);
}

}  // namespace

CLI::App* add_sweep_command(CLI::App& app, SweepOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "sweep", "Scaling curves: run a scenario over a grid of values (speedup, efficiency).");
  cmd->add_option("SCENARIO", o.scenario, "Scenario JSON file (docs/scenario.md)")->required();
  cmd->add_option("--vary", o.varies,
                  "A field and its values, e.g. --vary cluster.num_nodes=1,2,4,8; repeat for a "
                  "grid (the last --vary varies fastest)")
      ->type_name("KEY.PATH=V1,V2,...")
      ->allow_extra_args(false)
      ->required();
  cmd->add_option("--set", o.sets, "Override a scenario field at every point, as for run")
      ->type_name("KEY.PATH=VALUE")
      ->allow_extra_args(false);
  cmd->add_flag("--json", o.json, "Print the sweep as one JSON object (docs/cli.md) instead");
  cmd->add_option("--plot", o.plot_path,
                  "Write tokens/s (and scaling efficiency) against GPUs; the extension picks SVG "
                  "or PNG")
      ->type_name("FILE.svg|FILE.png")
      ->check(non_empty_path());
  cmd->add_option("--csv", o.csv_path, "Write the points as a CSV table (full precision)")
      ->type_name("FILE.csv")
      ->check(non_empty_path());
  return cmd;
}

int sweep_command(const SweepOptions& o) {
  const InterruptGuard interrupts;
  require_input_file("SCENARIO", o.scenario);
  SweepRequest request;
  request.scenario_path = o.scenario;
  request.sets = o.sets;
  for (const std::string& v : o.varies)
    request.axes.push_back(parse_vary(v));
  require_grid_size(request.axes);
  SweepFiles files;
  open_outputs(o, files);
  const SweepResult result = run_sweep(request, progress_bar());
  if (files.plot) {
    files.plot->stream() << plot_bytes(sweep_plot_svg(result), files.plot_format);
    files.plot->commit();
  }
  // Built for the table too: it is where a NaN or infinity is caught (docs/reliability.md).
  const nlohmann::ordered_json answer = sweep_json(result);
  if (files.csv) {
    files.csv->stream() << sweep_csv(answer);
    files.csv->commit();
  }
  if (o.json) {
    std::cout << answer.dump(2) << "\n";
  } else {
    report_out() << sweep_table(result);
  }
  return exit_code(result);
}

}  // namespace wt::cli
