#pragma once
// Exit codes of `windtunnel` (docs/cli.md, "Exit codes").
namespace wt::cli {

enum class ExitCode : int {
  ok = 0,
  internal_error = 1,  // a bug: any exception other than bad input
  bad_input = 2,       // wt::InputError, a missing file, a command-line error
  infeasible = 3,      // the run is well-formed but does not fit in memory
};

inline int to_int(ExitCode c) {
  return static_cast<int>(c);
}

}  // namespace wt::cli
