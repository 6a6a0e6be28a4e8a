#pragma once
// Runs a piece of work in a forked child process and returns the bytes it produced. SimGrid 3.32
// keeps one engine per process (its clock and configuration survive a second Engine), so every
// simulation runs in a fresh child: runs stay independent and bit-identical, the parent's memory
// is untouched, and the child exits without tearing the platform down.
#include <functional>
#include <string>

namespace wt::sg {

// The child's stdout goes to stderr (nothing may reach a --json stdout). An exception in the child
// is rethrown in the parent as std::runtime_error with its message; a child that dies is reported.
std::string run_isolated(const std::function<std::string()>& work);

// What the forking thread runs just before fork() and, in the parent, just after. fork() copies
// only the calling thread: a lock another thread holds at that instant stays held in the child
// forever. glibc's malloc guards itself; AddressSanitizer's allocator (GCC 12) does not, so a GUI
// event loop allocating while a worker forks left the child hung (1 run in 3 under the dev
// preset). A program with such threads parks them in `before` and releases them in `after`.
struct ForkHooks {
  std::function<void()> before;
  std::function<void()> after;
};
void set_fork_hooks(ForkHooks hooks);

// SIGKILL to every child run_isolated has forked and not yet reaped (from any thread); returns how
// many were signalled. Their run_isolated calls then throw ("killed by signal 9").
int kill_isolated_children();

}  // namespace wt::sg
