#include "gui/app/child_processes.hpp"

#include <signal.h>
#include <unistd.h>

#include <fstream>
#include <string>

namespace wt::gui {

pid_t current_thread_id() {
  return ::gettid();
}

int kill_children_of_thread(pid_t tid) {
  const std::string file = "/proc/self/task/" + std::to_string(tid) + "/children";
  std::ifstream in(file);
  int killed = 0;
  for (long pid = 0; in >> pid;) {
    if (pid > 0 && ::kill(static_cast<pid_t>(pid), SIGKILL) == 0) ++killed;
  }
  return killed;
}

}  // namespace wt::gui
