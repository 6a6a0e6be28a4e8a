#pragma once
// The processes a thread of this process forked (Linux /proc/self/task/TID/children), so that a
// cancelled SimGrid run can be stopped at once, as the CLI does on Ctrl-C (cli/interrupt.cpp).
#include <sys/types.h>

namespace wt::gui {

pid_t current_thread_id();
// SIGKILL to every child the thread `tid` forked; returns how many were signalled.
int kill_children_of_thread(pid_t tid);

}  // namespace wt::gui
