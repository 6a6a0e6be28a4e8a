#include "cli/share_command.hpp"

#include <iostream>

#include "cli/console.hpp"
#include "cli/interrupt.hpp"
#include "core/exit_code.hpp"
#include "core/input_file.hpp"
#include "sim/run_shared.hpp"
#include "sim/run_shared_report.hpp"

namespace wt::cli {

CLI::App* add_share_command(CLI::App& app, ShareOptions& o) {
  CLI::App* share = app.add_subcommand(
      "share",
      "Simulate several training jobs on one cluster (SimGrid engine): each job's step time "
      "alone and together, its slowdown, and the links the jobs share.");
  share->add_option("SCENARIO", o.scenario, "Shared-cluster scenario JSON file with \"jobs\"")
      ->required();
  share->add_flag("--json", o.json, "Print the result as one JSON object (docs/cli.md) instead");
  return share;
}

int share_command(const ShareOptions& o) {
  const InterruptGuard interrupts;
  require_input_file("SCENARIO", o.scenario);
  const SharedCluster c = load_shared_cluster_file(o.scenario);
  const SharedRunResult r = run_shared_cluster(c);
  if (o.json) {
    std::cout << shared_result_json(r).dump(2) << "\n";
  } else {
    report_out() << shared_summary_text(r);
  }
  return to_int(ExitCode::ok);
}

}  // namespace wt::cli
