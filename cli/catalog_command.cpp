#include "cli/catalog_command.hpp"

#include <iostream>

#include "cli/catalog_views.hpp"
#include "cli/console.hpp"
#include "core/exit_code.hpp"
#include "planner/commands/catalog_json.hpp"

namespace wt::cli {

CLI::App* add_catalog_command(CLI::App& app, CatalogOptions& o) {
  CLI::App* cmd =
      app.add_subcommand("catalog", "List the built-in GPUs and model presets with their figures.");
  cmd->add_flag("--json", o.json, "Print the catalog as JSON, with the source of every figure");
  return cmd;
}

int catalog_command(const CatalogOptions& o) {
  if (o.json) {
    std::cout << catalog_json().dump(2) << "\n";
  } else {
    report_out() << gpu_table() << "\n" << model_table();
  }
  return to_int(ExitCode::ok);
}

}  // namespace wt::cli
