#include "cli/serve_plan_command.hpp"

#include <iostream>

#include "cli/console.hpp"
#include "cli/interrupt.hpp"
#include "core/exit_code.hpp"
#include "core/input_file.hpp"
#include "planner/serving/serve_plan_search.hpp"

namespace wt::cli {

CLI::App* add_serve_plan_command(CLI::App& app, ServePlanOptions& o) {
  CLI::App* sub = app.add_subcommand(
      "serve-plan",
      "Find the cheapest serving deployment meeting the SLOs, and its replicas per hour.");
  sub->add_option("PLAN", o.plan,
                  "Serving scenario with lists of alternatives and a serve_plan block")
      ->required();
  sub->add_option("--set", o.sets,
                  "Override a plan field before it is read, e.g. --set serving.traffic.rate_rps=40 "
                  "or --set 'serving.tensor=[1,2]'")
      ->type_name("KEY.PATH=VALUE")
      ->allow_extra_args(false);
  sub->add_flag("--json", o.json, "Print the result as one JSON object (docs/cli.md) instead");
  return sub;
}

int serve_plan_command(const ServePlanOptions& o) {
  const InterruptGuard interrupts;
  require_input_file("PLAN", o.plan);
  const ServePlanSpec spec = load_serve_plan_file(o.plan, o.sets);
  const ServePlanResult r = search_serve_plan(spec);
  if (o.json) {
    std::cout << serve_plan_json(r).dump(2) << "\n";
  } else {
    report_out() << serve_plan_text(r);
  }
  return to_int(r.best >= 0 ? ExitCode::ok : ExitCode::infeasible);
}

}  // namespace wt::cli
