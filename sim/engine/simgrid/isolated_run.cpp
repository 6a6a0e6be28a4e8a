#include "sim/engine/simgrid/isolated_run.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <mutex>
#include <set>
#include <stdexcept>

namespace wt::sg {
namespace {

constexpr char kOk = 'o';
constexpr char kError = 'e';

void write_all(int fd, const std::string& bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

std::string read_all(int fd) {
  std::string out;
  char buf[65536];
  while (true) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n <= 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  return out;
}

[[noreturn]] void child(int fd, const std::function<std::string()>& work) {
  ::dup2(STDERR_FILENO, STDOUT_FILENO);
  std::string message;
  try {
    message = kOk + work();
  } catch (const std::exception& e) {
    message = kError + std::string(e.what());
  }
  write_all(fd, message);
  ::close(fd);
  ::_exit(0);
}

std::mutex& hooks_mutex() {
  static std::mutex m;
  return m;
}

ForkHooks& hooks() {
  static ForkHooks h;
  return h;
}

// The children forked and not yet reaped, so that a face can kill them on cancel or Ctrl-C.
struct LiveChildren {
  std::mutex m;
  std::set<pid_t> pids;
};

LiveChildren& live_children() {
  static LiveChildren c;
  return c;
}

std::string exit_reason(int status) {
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "exited with status " + std::to_string(WEXITSTATUS(status));
}

}  // namespace

void set_fork_hooks(ForkHooks h) {
  const std::lock_guard<std::mutex> lock(hooks_mutex());
  hooks() = std::move(h);
}

int kill_isolated_children() {
  const std::lock_guard<std::mutex> lock(live_children().m);
  int killed = 0;
  for (const pid_t pid : live_children().pids) {
    if (::kill(pid, SIGKILL) == 0) ++killed;
  }
  return killed;
}

std::string run_isolated(const std::function<std::string()>& work) {
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error("SimGrid engine: pipe() failed");
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  ForkHooks h;
  {
    const std::lock_guard<std::mutex> lock(hooks_mutex());
    h = hooks();
  }
  if (h.before) h.before();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    child(fds[1], work);
  }
  if (pid > 0) {
    const std::lock_guard<std::mutex> lock(live_children().m);
    live_children().pids.insert(pid);
  }
  if (h.after) h.after();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw std::runtime_error("SimGrid engine: fork() failed");
  }
  ::close(fds[1]);
  std::string reply = read_all(fds[0]);
  ::close(fds[0]);
  int status = 0;
  {
    // Reaped under the lock, so kill_isolated_children never signals a recycled pid.
    const std::lock_guard<std::mutex> lock(live_children().m);
    ::waitpid(pid, &status, 0);
    live_children().pids.erase(pid);
  }
  if (reply.empty()) {
    throw std::runtime_error("SimGrid engine: the simulation process " + exit_reason(status));
  }
  if (reply.front() == kError) throw std::runtime_error("SimGrid engine: " + reply.substr(1));
  return reply.substr(1);
}

}  // namespace wt::sg
