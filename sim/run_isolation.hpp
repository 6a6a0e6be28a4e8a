#pragma once
// SimGrid 3.32 keeps one engine per process, so run_scenario runs each SimGrid simulation in a
// forked child (sim/engine/simgrid/isolated_run.cpp) that dies with its reply. This header is all a
// face needs of that mechanism, whichever face it is: park its other threads around each fork,
// and kill the simulations in flight on cancel or Ctrl-C. Faces include this, never the engine.
#include <functional>

namespace wt {

// What the forking thread runs just before fork() and, in the parent, just after. fork() copies
// only the calling thread: a lock another thread holds at that instant stays held in the child
// forever (AddressSanitizer's allocator, GCC 12, does not guard itself as glibc's malloc does). A
// program whose other threads allocate while a worker forks parks them in `before` and releases
// them in `after` (the GUI's event loop: gui/app/fork_parking.cpp). Replaces earlier hooks.
struct ForkHooks {
  std::function<void()> before;
  std::function<void()> after;
};
void set_fork_hooks(ForkHooks hooks);

// SIGKILL to every simulation child of this process still running (from any thread); returns how
// many were signalled. The run_scenario calls waiting on them throw.
int kill_running_simulations();

}  // namespace wt
