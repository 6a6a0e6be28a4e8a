#include "sim/core/child_processes.hpp"

#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace wt {
namespace {

void read_children(const std::filesystem::path& file, std::vector<pid_t>& pids) {
  std::ifstream in(file);
  for (long pid = 0; in >> pid;) {
    if (pid > 0) pids.push_back(static_cast<pid_t>(pid));
  }
}

}  // namespace

pid_t current_thread_id() {
  return ::gettid();
}

std::vector<pid_t> children_of_thread(pid_t tid) {
  std::vector<pid_t> pids;
  read_children("/proc/self/task/" + std::to_string(tid) + "/children", pids);
  return pids;
}

std::vector<pid_t> children_of_process() {
  std::vector<pid_t> pids;
  std::error_code ec;
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task", ec))
    read_children(task.path() / "children", pids);
  return pids;
}

int kill_processes(const std::vector<pid_t>& pids) {
  int killed = 0;
  for (pid_t pid : pids) {
    if (pid > 0 && ::kill(pid, SIGKILL) == 0) ++killed;
  }
  return killed;
}

}  // namespace wt
