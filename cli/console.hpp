#pragma once
// What a command prints besides its results in JSON, the files asked for and its errors: the
// human-readable report on stdout, progress and notes on stderr. `--quiet` (every subcommand,
// docs/cli.md) silences all of it; errors, `--json` output and output files are never silenced.
#include <ostream>

#include <CLI/CLI.hpp>

namespace wt::cli {

// Adds `-q, --quiet` to a subcommand; every subcommand shares the one setting.
void add_quiet_flag(CLI::App* cmd);

// Whether --quiet was given (reset by reset_quiet, before each parse).
bool quiet();
void reset_quiet();

// The human-readable report: stdout (stderr with `to_stderr`, when stdout carries something
// else), or nowhere under --quiet.
std::ostream& report_out(bool to_stderr = false);

// Notes on stderr (where files went, what is missing), nowhere under --quiet.
std::ostream& note_out();

// Whether to draw progress: stderr is a terminal and --quiet is off.
bool progress_on_terminal();

}  // namespace wt::cli
