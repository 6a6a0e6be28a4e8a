#include "cli/interrupt.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <vector>

#include "sim/core/error.hpp"

namespace wt::cli {
namespace {

namespace fs = std::filesystem;

// The temporaries of the OutputFiles alive now, removed by the watcher on interruption. Shared
// between the command's thread and the watcher, hence the mutex; it is the one piece of mutable
// process state, because a signal is process-wide.
struct Temporaries {
  std::mutex mutex;
  std::vector<std::string> paths;
};

Temporaries& temporaries() {
  static Temporaries t;
  return t;
}

void add_temporary(const std::string& path) {
  std::lock_guard<std::mutex> lock(temporaries().mutex);
  temporaries().paths.push_back(path);
}

void drop_temporary(const std::string& path) {
  std::lock_guard<std::mutex> lock(temporaries().mutex);
  auto& v = temporaries().paths;
  v.erase(std::remove(v.begin(), v.end(), path), v.end());
}

sigset_t interrupt_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

// Children of every thread of this process, from /proc/self/task/*/children (Linux).
std::vector<pid_t> child_processes() {
  std::vector<pid_t> pids;
  std::error_code ec;
  for (const auto& task : fs::directory_iterator("/proc/self/task", ec)) {
    std::ifstream in(task.path() / "children");
    for (long pid = 0; in >> pid;)
      pids.push_back(static_cast<pid_t>(pid));
  }
  return pids;
}

[[noreturn]] void end_interrupted(int signal) {
  for (pid_t child : child_processes())
    ::kill(child, SIGKILL);
  {
    std::lock_guard<std::mutex> lock(temporaries().mutex);
    for (const std::string& path : temporaries().paths)
      ::unlink(path.c_str());
  }
  std::fprintf(stderr, "\nwindtunnel: interrupted (%s); no output file was left half-written\n",
               signal == SIGINT ? "SIGINT" : "SIGTERM");
  std::fflush(stderr);
  ::_exit(kInterruptedExitCode);
}

std::atomic<bool>& stopping() {
  static std::atomic<bool> flag{false};
  return flag;
}

void watch(sigset_t set) {
  int signal = 0;
  while (sigwait(&set, &signal) == 0) {
    if (stopping().load()) return;
    end_interrupted(signal);
  }
}

}  // namespace

InterruptGuard::InterruptGuard() {
  const sigset_t set = interrupt_signals();
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  stopping().store(false);
  watcher_ = std::thread(watch, set);
}

InterruptGuard::~InterruptGuard() {
  stopping().store(true);
  pthread_kill(watcher_.native_handle(), SIGTERM);
  watcher_.join();
  const sigset_t set = interrupt_signals();
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
}

OutputFile::OutputFile(std::string option, std::string path)
    : option_(std::move(option)), path_(std::move(path)) {
  const fs::path target(path_);
  temp_ = (target.parent_path() /
           ("." + target.filename().string() + ".tmp." + std::to_string(::getpid())))
              .string();
  add_temporary(temp_);
  out_.open(temp_, std::ios::binary | std::ios::trunc);
  if (!out_) {
    drop_temporary(temp_);
    throw InputError(option_, "cannot write the file", path_, "a writable path");
  }
}

OutputFile::~OutputFile() {
  if (committed_) return;
  out_.close();
  ::unlink(temp_.c_str());
  drop_temporary(temp_);
}

void OutputFile::commit() {
  out_.flush();
  out_.close();
  if (!out_) throw InputError(option_, "writing the file failed", path_, "a writable path");
  if (std::rename(temp_.c_str(), path_.c_str()) != 0) {
    throw InputError(option_, "cannot replace the file", path_, "a writable path");
  }
  committed_ = true;
  drop_temporary(temp_);
}

void write_output_file(const std::string& option, const std::string& path,
                       const std::string& text) {
  OutputFile file(option, path);
  file.stream() << text;
  file.commit();
}

}  // namespace wt::cli
