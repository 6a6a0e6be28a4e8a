#pragma once
// Skips the steady state of a 1F1B or GPipe pipeline in the `estimate` recurrence. Every step of a
// run of identical steps (1F1B warm-up, steady 1F1B pairs, cool-down; GPipe forwards, backwards)
// costs the same, and the recurrence only adds costs and takes maxima, so it commutes with a shift
// in time: once the whole state — every stage's position, its stream clocks and the messages in
// flight — repeats shifted by δ after one period, every later period does the same until a stage
// leaves its run. The skip then advances all stages by K periods at once (clocks + K·δ, waits
// + K·their per-period growth), leaving the last period of each run and the final backward pass
// (which launches the gradient reduction) to the recurrence. 1F1B on p stages and m micro-batches
// then costs O(p²) steps instead of O(p·m).
#include <memory_resource>
#include <span>
#include <vector>

#include "sim/engine/analytical/estimate_clock.hpp"

namespace wt {

class SteadyStateSkip {
 public:
  SteadyStateSkip(const PipelineShape& shape, std::pmr::memory_resource* memory)
      : shape_(shape), last_(memory) {}

  // Called after every pair of sweeps over the stages (valid only for one chunk per stage and no
  // ZeRO-3, whose gathers run on an absolute clock).
  void observe(std::span<StageClock> clocks, double* arrivals);

 private:
  struct Mark {
    int64_t next_step = 0, forwards = 0, backwards = 0;
    double compute_s = 0.0, send_s = 0.0, bubble_s = 0.0, recv_comm_s = 0.0, gather_wait_s = 0.0;
  };
  struct Period {
    int64_t forwards = 0, backwards = 0;
    double delta_s = 0.0;
    double tolerance_s = 0.0;
  };

  void remember(std::span<const StageClock> clocks);
  bool repeats(std::span<const StageClock> clocks, const double* arrivals,
               const Period& period) const;
  bool shifted(double now, double then, const Period& period) const;
  int64_t periods_left(int stage, const StageClock& k, const Period& period) const;
  void jump(std::span<StageClock> clocks, double* arrivals, const Period& period,
            int64_t periods) const;
  void move_in_flight(double* arrivals, int stage, bool forward, int64_t first, int64_t count,
                      int64_t by, double later_s) const;

  PipelineShape shape_;
  std::pmr::vector<Mark> last_;
};

}  // namespace wt
