#include "cli/serve_command.hpp"

#include <iostream>
#include <optional>

#include "cli/console.hpp"
#include "cli/interrupt.hpp"
#include "cli/output_files.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/exit_code.hpp"
#include "core/input_file.hpp"
#include "planner/commands/serve_answer.hpp"
#include "sim/scenario/parse.hpp"

namespace wt::cli {

CLI::App* add_serve_command(CLI::App& app, ServeCommandOptions& o) {
  CLI::App* serve = app.add_subcommand(
      "serve", "Simulate serving a model: requests, batching, latency, throughput, cost.");
  serve->add_option("SCENARIO", o.scenario, "Scenario JSON file with a serving block")->required();
  serve->add_option("--set", o.sets, "Override a scenario field, e.g. --set serving.replicas=2")
      ->type_name("KEY.PATH=VALUE")
      ->allow_extra_args(false);
  serve->add_flag("--json", o.json, "Print the result as one JSON object (docs/cli.md) instead");
  serve
      ->add_option("--trace", o.trace_path,
                   "Write a Chrome trace of the engine steps, one track per replica")
      ->type_name("FILE.json")
      ->check(non_empty_path());
  return serve;
}

int serve_command(const ServeCommandOptions& o) {
  const InterruptGuard interrupts;
  require_input_file("SCENARIO", o.scenario);
  std::optional<AtomicFile> trace;
  if (!o.trace_path.empty()) {
    require_distinct_files({{"--trace", o.trace_path}}, {{"SCENARIO", o.scenario}});
    trace.emplace(o.trace_path, "--trace");
  }
  const Scenario s = load_scenario_file(o.scenario, o.sets);
  ServeOutput out = serve_with_price(s, ServeOptions{trace.has_value()});
  if (trace) {
    trace->stream() << serving_trace_json(out.result, out.simulation).dump() << "\n";
    trace->commit();
  }
  if (o.json) {
    std::cout << serving_result_json(out.result).dump(2) << "\n";
  } else {
    report_out() << serving_summary_text(out.result);
  }
  return to_int(out.result.fits ? ExitCode::ok : ExitCode::infeasible);
}

}  // namespace wt::cli
