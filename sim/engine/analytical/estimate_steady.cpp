#include "sim/engine/analytical/estimate_steady.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace wt {
namespace {

// Relative size of the rounding a shift may differ by: sums of the same costs taken in a
// different order agree to a few ulps of the clock.
constexpr double kShiftTolerance = 1e-11;

}  // namespace

void SteadyStateSkip::remember(std::span<const StageClock> clocks) {
  last_.resize(clocks.size());
  for (size_t s = 0; s < clocks.size(); ++s) {
    const StageClock& k = clocks[s];
    last_[s] = {k.next_step, k.forwards, k.backwards,   k.compute_s,
                k.send_s,    k.bubble_s, k.recv_comm_s, k.gather_wait_s};
  }
}

void SteadyStateSkip::observe(std::span<StageClock> clocks, double* arrivals) {
  if (last_.empty()) {
    remember(clocks);
    return;
  }
  Period period;
  period.forwards = clocks[0].forwards - last_[0].forwards;
  period.backwards = clocks[0].backwards - last_[0].backwards;
  period.delta_s = clocks[0].compute_s - last_[0].compute_s;
  double horizon_s = 0.0;
  for (const StageClock& k : clocks)
    horizon_s = std::max({horizon_s, k.compute_s, k.send_s});
  period.tolerance_s = kShiftTolerance * horizon_s;
  int64_t periods = 0;
  if (period.forwards + period.backwards > 0 && repeats(clocks, arrivals, period)) {
    periods = std::numeric_limits<int64_t>::max();
    for (int s = 0; s < shape_.stages; ++s)
      periods = std::min(periods, periods_left(s, clocks[s], period));
  }
  if (periods <= 0) {
    remember(clocks);
    return;
  }
  jump(clocks, arrivals, period, periods);
  last_.clear();
}

bool SteadyStateSkip::shifted(double now, double then, const Period& period) const {
  return std::abs((now - then) - period.delta_s) <= period.tolerance_s;
}

// The state of every stage, and every message in flight, one period later and δ later.
bool SteadyStateSkip::repeats(std::span<const StageClock> clocks, const double* arrivals,
                              const Period& period) const {
  const int p = shape_.stages;
  for (int s = 0; s < p; ++s) {
    const Mark& a = last_[s];
    const StageClock& b = clocks[s];
    if (b.forwards - a.forwards != period.forwards) return false;
    if (b.backwards - a.backwards != period.backwards) return false;
    if (b.gather_wait_s != a.gather_wait_s) return false;
    if (!shifted(b.compute_s, a.compute_s, period)) return false;
    const bool queued = b.send_s > b.compute_s || a.send_s > a.compute_s;
    if (queued && !shifted(b.send_s, a.send_s, period)) return false;
    if (s > 0) {
      for (int64_t i = 0; i < clocks[s - 1].forwards - b.forwards; ++i) {
        if (!shifted(arrivals[shape_.slot(s, 0, b.forwards + i, true)],
                     arrivals[shape_.slot(s, 0, a.forwards + i, true)], period))
          return false;
      }
    }
    if (s < p - 1) {
      for (int64_t i = 0; i < clocks[s + 1].backwards - b.backwards; ++i) {
        if (!shifted(arrivals[shape_.slot(s, 0, b.backwards + i, false)],
                     arrivals[shape_.slot(s, 0, a.backwards + i, false)], period))
          return false;
      }
    }
  }
  return true;
}

// Whole periods the stage can skip and stay inside the run of identical steps its last period
// ran in: warm-up forwards, steady forward/backward pairs, cool-down backwards (GPipe: forwards,
// backwards). The final backward pass (the last step) always runs step by step.
int64_t SteadyStateSkip::periods_left(int stage, const StageClock& k, const Period& period) const {
  const int64_t m = shape_.micro_batches;
  const int64_t warmup = warmup_passes(shape_.schedule, shape_.stages, stage, m, shape_.chunks);
  const int64_t steady_end = warmup + 2 * (m - warmup);
  const int64_t start = last_[stage].next_step;
  int64_t run_end = shape_.steps;
  int64_t pattern = 1;
  if (start < warmup) {
    run_end = warmup;
  } else if (start < steady_end) {
    run_end = steady_end;
    pattern = 2;
  }
  run_end = std::min(run_end, shape_.steps - 1);
  const int64_t steps = period.forwards + period.backwards;
  if (k.next_step > run_end || steps % pattern != 0) return 0;
  return (run_end - k.next_step) / steps;
}

// Moves the `count` messages in flight to `stage` from micro-batch `first` on by `by` micro-batches
// and `later_s` seconds (last first, as the ranges may overlap).
void SteadyStateSkip::move_in_flight(double* arrivals, int stage, bool forward, int64_t first,
                                     int64_t count, int64_t by, double later_s) const {
  for (int64_t i = count - 1; i >= 0; --i) {
    arrivals[shape_.slot(stage, 0, first + by + i, forward)] =
        arrivals[shape_.slot(stage, 0, first + i, forward)] + later_s;
  }
}

void SteadyStateSkip::jump(std::span<StageClock> clocks, double* arrivals, const Period& period,
                           int64_t periods) const {
  const int p = shape_.stages;
  const auto n = static_cast<double>(periods);
  for (int s = 0; s < p; ++s) {
    const StageClock& k = clocks[s];
    if (s > 0) {
      move_in_flight(arrivals, s, true, k.forwards, clocks[s - 1].forwards - k.forwards,
                     periods * period.forwards, n * period.delta_s);
    }
    if (s < p - 1) {
      move_in_flight(arrivals, s, false, k.backwards, clocks[s + 1].backwards - k.backwards,
                     periods * period.backwards, n * period.delta_s);
    }
  }
  for (int s = 0; s < p; ++s) {
    const Mark& a = last_[s];
    StageClock& k = clocks[s];
    const bool queued = k.send_s > k.compute_s || a.send_s > a.compute_s;
    k.next_step += periods * (period.forwards + period.backwards);
    k.forwards += periods * period.forwards;
    k.backwards += periods * period.backwards;
    k.bubble_s += n * (k.bubble_s - a.bubble_s);
    k.recv_comm_s += n * (k.recv_comm_s - a.recv_comm_s);
    k.compute_s += n * period.delta_s;
    if (queued) k.send_s += n * period.delta_s;
    k.step = k.schedule.at(k.next_step);
  }
}

}  // namespace wt
