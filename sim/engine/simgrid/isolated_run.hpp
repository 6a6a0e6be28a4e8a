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

}  // namespace wt::sg
