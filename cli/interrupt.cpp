#include "cli/interrupt.hpp"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>

#include "core/atomic_file.hpp"
#include "core/exit_code.hpp"
#include "sim/run_isolation.hpp"

namespace wt::cli {
namespace {

sigset_t interrupt_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

[[noreturn]] void end_interrupted(int signal) {
  kill_running_simulations();
  remove_open_temporaries();
  std::fprintf(stderr, "\nwindtunnel: interrupted (%s); no output file was left half-written\n",
               signal == SIGINT ? "SIGINT" : "SIGTERM");
  std::fflush(stderr);
  ::_exit(to_int(ExitCode::interrupted));
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

}  // namespace wt::cli
