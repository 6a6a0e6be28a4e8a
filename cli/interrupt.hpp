#pragma once
// Ctrl-C and SIGTERM on a long command: the process exits within moments with code 130
// (ExitCode::interrupted) and one line on stderr, kills any child it forked (the SimGrid engine
// runs each simulation in one; sim/run_isolation.hpp), and leaves every output file
// complete or absent: outputs are written by core/atomic_file.hpp, whose open temporaries are
// removed on interruption.
#include <thread>

namespace wt::cli {

// While one lives, SIGINT and SIGTERM are blocked in every thread started after it (and in forked
// children) and taken by a watcher thread, which cleans up and ends the process. Construct it
// first in a command, before any thread or child exists.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

 private:
  std::thread watcher_;
};

}  // namespace wt::cli
