#pragma once
// The `windtunnel` program: builds the command line, dispatches to the subcommand and maps every
// outcome to an exit code. No exception leaves run_app.
namespace wt::cli {

int run_app(int argc, char** argv);

}  // namespace wt::cli
