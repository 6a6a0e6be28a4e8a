#include "cli/validate_command.hpp"

#include <iostream>

#include "cli/exit_code.hpp"
#include "cli/input_file.hpp"
#include "cli/interrupt.hpp"
#include "sim/validation/validate.hpp"

namespace wt::cli {

CLI::App* add_validate_command(CLI::App& app, ValidateOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "validate", "Compare predictions with published training runs (predicted vs published).");
  cmd->add_option("DATASET", o.dataset,
                  "Published-runs JSON, e.g. ../shared/validation/published-runs-dev.json")
      ->required();
  cmd->add_flag("--json", o.json, "Print the report as JSON");
  return cmd;
}

int validate_command(const ValidateOptions& o) {
  const InterruptGuard interrupts;
  require_input_file("DATASET", o.dataset);
  const ValidationReport report = validate_dataset(o.dataset);
  if (o.json) {
    std::cout << to_json(report).dump(2) << "\n";
  } else {
    std::cout << validation_table(report);
  }
  return to_int(ExitCode::ok);
}

}  // namespace wt::cli
