#pragma once
// `windtunnel share SCENARIO`: several training jobs on one cluster (a scenario with "jobs",
// docs/scenario.md "Shared clusters") through the SimGrid engine, each job alone on its nodes and
// all together; prints each job's step times and slowdown and the links the jobs share.
#include <string>

#include <CLI/CLI.hpp>

namespace wt::cli {

struct ShareOptions {
  std::string scenario;
  bool json = false;
};

CLI::App* add_share_command(CLI::App& app, ShareOptions& options);
int share_command(const ShareOptions& options);  // exit code; bad input throws InputError

}  // namespace wt::cli
