#include "cli/app.hpp"

#include <exception>
#include <iostream>

#include <CLI/CLI.hpp>

#include "cli/catalog_command.hpp"
#include "cli/console.hpp"
#include "cli/output_files.hpp"
#include "cli/plan_command.hpp"
#include "cli/run_command.hpp"
#include "cli/serve_command.hpp"
#include "cli/serve_plan_command.hpp"
#include "cli/share_command.hpp"
#include "cli/sweep_command.hpp"
#include "cli/topo_command.hpp"
#include "cli/validate_command.hpp"
#include "core/error.hpp"
#include "core/exit_code.hpp"

namespace wt::cli {
namespace {

constexpr const char* kFooter =
    "Exit codes: 0 ok, 1 internal error, 2 bad input, 3 infeasible (does not fit in memory).\n"
    "Each subcommand has --help. Documentation: docs/cli.md.";

void print_error(const std::string& message) {
  std::cerr << "windtunnel: error: " << message << "\n";
}

// --help and --version end parsing with an exit code of 0: CLI11 prints them. Anything else is a
// command-line error.
int parse_error_exit(CLI::App& app, const CLI::ParseError& e) {
  if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) return app.exit(e);
  print_error(e.what());
  std::cerr << "Run 'windtunnel --help' for usage.\n";
  return to_int(ExitCode::bad_input);
}

struct Commands {
  RunOptions run;
  CatalogOptions catalog;
  ValidateOptions validate;
  PlanOptions plan;
  CLI::App* run_app = nullptr;
  CLI::App* catalog_app = nullptr;
  CLI::App* validate_app = nullptr;
  CLI::App* plan_app = nullptr;
  TopoOptions topo;
  CLI::App* topo_app = nullptr;
  SweepOptions sweep;
  CLI::App* sweep_app = nullptr;
  ServeCommandOptions serve;
  CLI::App* serve_app = nullptr;
  ServePlanOptions serve_plan;
  CLI::App* serve_plan_app = nullptr;
  ShareOptions share;
  CLI::App* share_app = nullptr;
};

void configure(CLI::App& app, Commands& c) {
  app.name("windtunnel");
  app.footer(kFooter);
  app.set_version_flag("--version", std::string("windtunnel ") + WT_VERSION);
  app.require_subcommand(1);
  c.run_app = add_run_command(app, c.run);
  c.catalog_app = add_catalog_command(app, c.catalog);
  c.validate_app = add_validate_command(app, c.validate);
  c.plan_app = add_plan_command(app, c.plan);
  c.topo_app = add_topo_command(app, c.topo);
  c.sweep_app = add_sweep_command(app, c.sweep);
  c.serve_app = add_serve_command(app, c.serve);
  c.serve_plan_app = add_serve_plan_command(app, c.serve_plan);
  c.share_app = add_share_command(app, c.share);
  // --quiet is every subcommand's, in this one place (cli/console.hpp).
  reset_quiet();
  for (CLI::App* sub : {c.run_app, c.catalog_app, c.validate_app, c.plan_app, c.topo_app,
                        c.sweep_app, c.serve_app, c.serve_plan_app, c.share_app}) {
    add_quiet_flag(sub);
  }
}

int dispatch(const Commands& c) {
  if (c.run_app->parsed()) return run_command(c.run);
  if (c.catalog_app->parsed()) return catalog_command(c.catalog);
  if (c.validate_app->parsed()) return validate_command(c.validate);
  if (c.plan_app->parsed()) return plan_command(c.plan);
  if (c.topo_app->parsed()) return topo_command(c.topo);
  if (c.sweep_app->parsed()) return sweep_command(c.sweep);
  if (c.serve_app->parsed()) return serve_command(c.serve);
  if (c.serve_plan_app->parsed()) return serve_plan_command(c.serve_plan);
  if (c.share_app->parsed()) return share_command(c.share);
  return to_int(ExitCode::bad_input);  // unreachable: require_subcommand(1)
}

int parse_and_run(int argc, char** argv) {
  CLI::App app{"Windtunnel: fly a distributed training job through a simulated GPU cluster."};
  Commands commands;
  configure(app, commands);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return parse_error_exit(app, e);
  }
  return dispatch(commands);
}

int run_and_map_errors(int argc, char** argv) {
  try {
    return parse_and_run(argc, argv);
  } catch (const InputError& e) {
    print_error(e.what());
    return to_int(ExitCode::bad_input);
  } catch (const std::exception& e) {
    std::cerr << "windtunnel: internal error: " << e.what() << "\n";
    return to_int(ExitCode::internal_error);
  } catch (...) {
    std::cerr << "windtunnel: internal error: unknown exception\n";
    return to_int(ExitCode::internal_error);
  }
}

}  // namespace

// Every command ends here: what it printed must have reached stdout (a full disk is an error).
int run_app(int argc, char** argv) {
  return finish_stdout(run_and_map_errors(argc, argv));
}

}  // namespace wt::cli
