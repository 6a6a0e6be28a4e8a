#pragma once
// How often a measurement is repeated: warm-up runs, then timed repetitions. Long runs get fewer
// repetitions (never fewer than kMinReps) so that one measurement stays within its time budget.
#include <algorithm>
#include <cmath>

namespace wt::calibrate {

inline constexpr int kMinReps = 3;

struct Repeat {
  int warmup = 3;         // untimed runs first (the last one is timed to size the repetitions)
  int reps = 10;          // timed repetitions at most
  double budget_s = 0.5;  // time the repetitions of one measurement may take
};

// Repetitions for a measurement whose one run takes `one_run_s`: as many as fit in the budget,
// clamped to [min(kMinReps, reps), reps].
inline int reps_within(const Repeat& r, double one_run_s) {
  const int floor_reps = std::min(kMinReps, r.reps);
  if (!(one_run_s > 0.0)) return r.reps;
  const double fit = std::floor(r.budget_s / one_run_s);
  if (fit >= r.reps) return r.reps;
  return std::max(floor_reps, static_cast<int>(fit));
}

}  // namespace wt::calibrate
