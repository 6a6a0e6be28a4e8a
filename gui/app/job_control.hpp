#pragma once
// The two words a job and the GUI share: a cancel flag and the fraction done. They live in a
// shared memory page, because the SimGrid engine runs each simulation in a forked child
// (sim/run_isolation.hpp): the progress callback runs there, and the child's writes
// must reach the parent, as the parent's cancel must reach the child.
#include <sys/types.h>
#include <atomic>
#include <cstdint>
#include <exception>

namespace wt::gui {

// Thrown by work that notices it was cancelled (e.g. from a sweep's progress callback).
struct JobCancelled : std::exception {
  const char* what() const noexcept override { return "cancelled"; }
};

class JobControl {
 public:
  JobControl();
  ~JobControl();
  JobControl(const JobControl&) = delete;
  JobControl& operator=(const JobControl&) = delete;

  void cancel() { shared_->cancel.store(true); }
  bool cancelled() const { return shared_->cancel.load(); }
  const std::atomic<bool>* cancel_flag() const { return &shared_->cancel; }

  void throw_if_cancelled() const {
    if (cancelled()) throw JobCancelled();
  }

  void report(double fraction);  // from any thread or forked child
  double fraction() const;

  // For progress callbacks: in a forked child of this process, a cancelled job ends the child at
  // once (the parent then sees the child die and reports the job cancelled).
  void exit_child_if_cancelled() const;

 private:
  struct Shared {
    std::atomic<bool> cancel{false};
    std::atomic<uint64_t> fraction_bits{0};
  };
  static_assert(std::atomic<bool>::is_always_lock_free &&
                    std::atomic<uint64_t>::is_always_lock_free,
                "shared between processes, the atomics must be lock-free");
  Shared* shared_ = nullptr;
  pid_t owner_ = 0;
};

}  // namespace wt::gui
