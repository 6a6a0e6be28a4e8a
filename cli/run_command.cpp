#include "cli/run_command.hpp"
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>

#include "cli/chakra_output.hpp"
#include "cli/console.hpp"
#include "cli/interrupt.hpp"
#include "cli/output_files.hpp"
#include "cli/trace_output.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/exit_code.hpp"
#include "core/input_file.hpp"
#include "planner/commands/run_answer.hpp"
#include "planner/emit/emit.hpp"
#include "sim/hardware/calibration_profile.hpp"
#include "sim/report/breakdown_plot.hpp"
#include "sim/report/chrome_trace.hpp"
#include "sim/report/markdown_report.hpp"
#include "sim/report/result_json.hpp"
#include "sim/report/summary_text.hpp"
#include "sim/report/trace_size.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/validation/error_bands.hpp"

namespace wt::cli {
namespace {

// A progress line on stderr, redrawn in place, only when stderr is a terminal (and not --quiet).
EngineOptions engine_options() {
  EngineOptions options;
  if (!progress_on_terminal()) return options;
  options.progress = [](double fraction) {
    std::fprintf(stderr, "\rsimgrid: %3.0f%% of ops simulated", fraction * 100.0);
    if (fraction >= 1.0) std::fprintf(stderr, "\r%40s\r", "");
    std::fflush(stderr);
  };
  return options;
}

struct OutputFiles {
  std::optional<TraceOutput> trace;
  std::optional<AtomicFile> report;
  std::optional<AtomicFile> plot;
  PlotFormat plot_format = PlotFormat::svg;
};

// Checked and opened before the run, so that a bad output fails fast (docs/cli.md, "Output
// files"); each is renamed into place only when complete, so an error or Ctrl-C leaves nothing
// half-written.
void open_outputs(const RunOptions& o, OutputFiles& f) {
  const bool trace_to_stdout = is_stdout_path(o.trace_path);
  if (trace_to_stdout && o.json) {
    throw InputError("--trace", "writes the trace to stdout, where --json writes the result", "-",
                     "--trace FILE.json with --json, or --trace - without --json (the summary "
                     "then goes to stderr)");
  }
  require_distinct_files({{"--trace", trace_to_stdout ? "" : o.trace_path},
                          {"--report", o.report_path},
                          {"--plot", o.plot_path},
                          {"--emit", o.emit_dir},
                          {"--chakra", o.chakra_dir}},
                         {{"SCENARIO", o.scenario}, {"--profile", o.profile}});
  if (!o.plot_path.empty()) f.plot_format = plot_format("--plot", o.plot_path);
  if (!o.emit_dir.empty()) require_output_folder(o.emit_dir, "--emit");
  if (!o.chakra_dir.empty()) require_output_folder(o.chakra_dir, "--chakra");
  f.trace.emplace(o.trace_path);
  if (!o.report_path.empty()) f.report.emplace(o.report_path, "--report");
  if (!o.plot_path.empty()) f.plot.emplace(o.plot_path, "--plot");
}

}  // namespace

CLI::App* add_run_command(CLI::App& app, RunOptions& o) {
  CLI::App* run = app.add_subcommand("run", "Simulate one training iteration of a scenario.");
  run->add_option("SCENARIO", o.scenario, "Scenario JSON file (docs/scenario.md)")->required();
  run->add_option("--engine", o.engine,
                  "Timing engine: analytical (closed forms) or simgrid (flows, contention)")
      ->check(CLI::IsMember({"analytical", "simgrid"}))
      ->capture_default_str();
  run->add_option("--profile", o.profile,
                  "Calibration profile of windtunnel-calibrate (replaces the scenario's)")
      ->type_name("PROFILE.json")
      ->check(non_empty_path());
  run->add_option("--set", o.sets, "Override a scenario field, e.g. --set parallel.tensor=4")
      ->type_name("KEY.PATH=VALUE")
      ->allow_extra_args(false);
  run->add_flag("--json", o.json, "Print the result as one JSON object (docs/cli.md) instead");
  run->add_option("--trace", o.trace_path,
                  "Write a Chrome trace (open in Perfetto); FILE.json.gz compresses it, - writes "
                  "it to stdout (the summary then goes to stderr)")
      ->type_name("FILE.json")
      ->check(non_empty_path());
  run->add_option("--report", o.report_path, "Write a markdown report")
      ->type_name("FILE.md")
      ->check(non_empty_path());
  run->add_option("--plot", o.plot_path,
                  "Write where the time goes as a stacked bar; the extension picks SVG or PNG")
      ->type_name("FILE.svg|FILE.png")
      ->check(non_empty_path());
  run->add_option("--emit", o.emit_dir,
                  "Write launch configs for this layout (Megatron-LM, DeepSpeed, torchrun, Slurm, "
                  "Kubeflow) into DIR (docs/launch.md)")
      ->type_name("DIR")
      ->check(non_empty_path());
  run->add_option("--chakra", o.chakra_dir,
                  "Write each rank's workload as a Chakra execution trace, "
                  "DIR/windtunnel.<rank>.et (docs/cli.md)")
      ->type_name("DIR")
      ->check(non_empty_path());
  add_max_memory_option(run, o.budget);
  add_max_trace_option(run, o.budget);
  return run;
}

int run_command(const RunOptions& o) {
  const InterruptGuard interrupts;
  require_input_file("SCENARIO", o.scenario);
  if (!o.profile.empty()) require_input_file("--profile", o.profile);
  resource_limits(o.budget);  // a malformed limit is refused before any work
  OutputFiles files;
  open_outputs(o, files);
  Scenario s = load_scenario_file(o.scenario, o.sets);
  if (!o.profile.empty()) {
    read_profile(o.profile);  // a profile that cannot be read is refused before the run
    s.calibration = o.profile;
  }
  // A malformed bands file is refused before the run; a missing one means no band, with a note.
  std::string bands_note;
  const std::optional<validation::ErrorBands> bands = validation::default_error_bands(bands_note);
  if (!o.chakra_dir.empty()) check_chakra_targets(o.chakra_dir, s.cluster.num_gpus());
  if (!o.emit_dir.empty()) require_launch_files(s);  // before the run, not after it
  const EngineKind engine = parse_engine_kind(o.engine, "--engine");
  const ResourceLimits limits = resource_limits(o.budget);
  check_resources(estimate_resources(s, false, engine == EngineKind::simgrid), limits);
  if (files.trace->wanted() && engine == EngineKind::simgrid) {
    // The trace's size before the (long) SimGrid run: the analytical walk of the same programs
    // takes a fraction of a second and writes the same spans to within the few it merges.
    const RunOutput walk = run_scenario(s, EngineKind::analytical, engine_options());
    check_trace_size(chrome_trace_event_count(walk.workload, walk.timeline), limits);
  }
  // The same call as windtunnel.run() in Python: `run --json` and its dict agree.
  const RunOutput out = run_with_figures(s, engine, engine_options(), bands);
  if (!bands) note_out() << bands_note << "\n";
  if (files.trace->wanted()) {
    check_trace_size(chrome_trace_event_count(out.workload, out.timeline), limits);
    files.trace->write(s, out.workload, out.timeline);
  }
  if (!o.chakra_dir.empty()) {
    write_chakra_traces(o.chakra_dir, s, out.workload, out.timeline, limits);
  }
  if (files.report) {
    files.report->stream() << markdown_report(s, out.result);
    files.report->commit();
  }
  if (files.plot) {
    files.plot->stream() << plot_bytes(breakdown_plot_svg(s, out.result), files.plot_format);
    files.plot->commit();
  }
  if (!o.emit_dir.empty()) {
    emit_launch_configs(s, o.emit_dir);
    note_out() << "launch configs written to " << o.emit_dir
               << "/ (replace the FILL_ME_ placeholders: docs/launch.md)\n";
  }
  // Built for the summary too: it is where a NaN or infinity is caught (docs/reliability.md).
  const nlohmann::ordered_json result_json = to_ordered_json(out.result);
  if (o.json) {
    std::cout << result_json.dump(2) << "\n";
  } else {
    report_out(files.trace->to_stdout()) << summary_text(s, out.result);
  }
  return to_int(out.result.fits_in_memory ? ExitCode::ok : ExitCode::infeasible);
}

}  // namespace wt::cli
