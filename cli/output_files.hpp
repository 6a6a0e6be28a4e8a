#pragma once
// The outputs of a command, checked together before any work (docs/cli.md, "Output files"), and
// stdout checked after it. The files themselves are written by core/atomic_file.hpp.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace wt::cli {

// A path named on the command line and the option (or argument) that named it.
struct NamedPath {
  std::string option;
  std::string path;
};

// For every path option: an empty value (`--trace ""`) is a command-line error naming it.
CLI::Validator non_empty_path();

// Throws InputError when two of `outputs`, or an output and one of `inputs` or the file stdout is
// redirected to, are the same file: the same path once made absolute and free of "." and "..",
// symlinks and hard links included. Entries with an empty path (options not given) are skipped.
void require_distinct_files(const std::vector<NamedPath>& outputs,
                            const std::vector<NamedPath>& inputs = {});

// Flushes stdout at the end of a command. A write that failed (a full disk, a closed stdout)
// prints one error line and turns an exit code of 0 or 3 into 2.
int finish_stdout(int exit_code);

}  // namespace wt::cli
