#include "sim/report/goodput_monte_carlo.hpp"

#include <algorithm>
#include <cmath>

namespace wt {

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

namespace {

struct Stream {
  uint64_t state;
  double uniform() { return static_cast<double>(splitmix64(state) >> 11) * 0x1.0p-53; }  // [0,1)
  double exponential(double rate) { return -std::log1p(-uniform()) / rate; }
};

struct RunOutcome {
  double time_s = 0.0;
  double interruptions = 0.0;
  bool runaway = false;
};

class Run {
 public:
  Run(const GoodputInputs& in, double rate, uint64_t seed)
      : in_(in),
        rate_(rate),
        rng_{seed},
        cap_(std::max(1000.0, 100.0 * in.expected_interruptions)) {}

  RunOutcome simulate() {
    RunOutcome out;
    double saved = 0.0;  // durable work
    while (true) {
      const double remaining = in_.work_s - saved;
      const double finish = time_to_finish(remaining);
      const double y = rng_.exponential(rate_);
      if (y >= finish) {
        out.time_s += finish;
        return out;
      }
      out.time_s += y;
      saved += durable_work(y, remaining);
      // Restart; a failure during it starts it again.
      while (true) {
        out.interruptions += 1.0;
        if (out.interruptions > cap_) {
          out.runaway = true;
          return out;
        }
        const double restart = pick_restart();
        const double z = rng_.exponential(rate_);
        if (z >= restart) {
          out.time_s += restart;
          break;
        }
        out.time_s += z;
      }
    }
  }

 private:
  int segments(double remaining) const {
    return static_cast<int>(std::ceil(remaining / in_.interval_s - 1e-12));
  }
  // Uninterrupted time to do `remaining` work: the last segment needs no checkpoint.
  double time_to_finish(double remaining) const {
    if (in_.interval_s <= 0.0) return remaining;
    return remaining + std::max(0, segments(remaining) - 1) * in_.blocking_s;
  }
  // Work made durable by a failure `y` seconds into a stretch that had `remaining` work left.
  double durable_work(double y, double remaining) const {
    if (in_.interval_s <= 0.0) return std::min(std::max(0.0, y - in_.lag_s), remaining);
    if (y < in_.lag_s) return 0.0;
    const double k = std::floor((y - in_.lag_s) / (in_.interval_s + in_.blocking_s));
    return std::min(k, static_cast<double>(std::max(0, segments(remaining) - 1))) * in_.interval_s;
  }
  double pick_restart() {
    if (in_.failures.size() == 1) return in_.failures.front().restart_s;
    double u = rng_.uniform() * rate_;
    for (const FailureSource& f : in_.failures) {
      if (u < f.rate_per_s) return f.restart_s;
      u -= f.rate_per_s;
    }
    return in_.failures.back().restart_s;
  }

  const GoodputInputs& in_;
  double rate_;
  Stream rng_;
  double cap_;
};

double nearest_rank(const std::vector<double>& sorted, double q) {
  const auto n = static_cast<double>(sorted.size());
  const auto rank = static_cast<size_t>(std::max(1.0, std::ceil(q * n)));
  return sorted[std::min(rank, sorted.size()) - 1];
}

}  // namespace

GoodputStats simulate_goodput(const GoodputInputs& in) {
  GoodputStats stats;
  const double rate = total_failure_rate(in.failures);
  if (in.runs <= 0 || in.work_s <= 0.0) return stats;
  if (rate <= 0.0) {
    stats.runs = in.runs;
    stats.mean_time_s = stats.p50_time_s = stats.p90_time_s = in.work_s;
    stats.ettr = 1.0;
    return stats;
  }
  std::vector<double> times(static_cast<size_t>(in.runs));
  double sum = 0.0, interruptions = 0.0;
  for (int i = 0; i < in.runs; ++i) {
    uint64_t mix = in.seed * 0x9E3779B97F4A7C15ULL + static_cast<uint64_t>(i);
    Run run(in, rate, splitmix64(mix));
    const RunOutcome o = run.simulate();
    if (o.runaway) {
      stats.why_not =
          "a simulated run had over 100 times the expected interruptions: failures "
          "outpace progress";
      return stats;
    }
    times[static_cast<size_t>(i)] = o.time_s;
    sum += o.time_s;
    interruptions += o.interruptions;
  }
  const double n = in.runs;
  stats.runs = in.runs;
  stats.mean_time_s = sum / n;
  double squares = 0.0;
  for (double t : times)
    squares += (t - stats.mean_time_s) * (t - stats.mean_time_s);
  const double variance = squares / std::max(1.0, n - 1.0);
  stats.stderr_time_s = std::sqrt(variance / n);
  stats.mean_interruptions = interruptions / n;
  stats.ettr = in.work_s / stats.mean_time_s;
  std::sort(times.begin(), times.end());
  stats.p50_time_s = nearest_rank(times, 0.5);
  stats.p90_time_s = nearest_rank(times, 0.9);
  return stats;
}

}  // namespace wt
