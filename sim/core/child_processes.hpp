#pragma once
// The one reaper of forked children (the SimGrid engine runs every simulation in a child,
// sim/engine/simgrid/isolated_run.hpp): the CLI kills them all when Ctrl-C ends the process, the
// GUI kills one worker thread's when its job is cancelled. Linux: the lists come from
// /proc/self/task/TID/children. The parent that forked a child still waits for it (waitpid).
#include <sys/types.h>

#include <vector>

namespace wt {

pid_t current_thread_id();

// The children forked by the thread `tid` of this process.
std::vector<pid_t> children_of_thread(pid_t tid);
// The children forked by any thread of this process.
std::vector<pid_t> children_of_process();

// SIGKILL to each of `pids`; returns how many were signalled.
int kill_processes(const std::vector<pid_t>& pids);

}  // namespace wt
