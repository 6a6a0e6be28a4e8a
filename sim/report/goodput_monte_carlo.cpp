#include "sim/report/goodput_monte_carlo.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace wt {

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

namespace {

struct RandomStream {
  uint64_t state;
  double uniform() { return static_cast<double>(splitmix64(state) >> 11) * 0x1.0p-53; }  // [0,1)
  double exponential(double rate) { return -std::log1p(-uniform()) / rate; }
};

// Slowdown by replicas missing, asked of GoodputInputs::slowdown once per count that a run reaches.
class SlowdownTable {
 public:
  explicit SlowdownTable(const GoodputInputs& in)
      : in_(in), table_(static_cast<size_t>(std::max(1, in.replicas)), 0.0) {}
  double operator()(int missing) {
    double& f = table_[static_cast<size_t>(missing)];
    if (f == 0.0) {
      f = in_.slowdown ? in_.slowdown(missing)
                       : static_cast<double>(in_.replicas) / (in_.replicas - missing);
    }
    return f;
  }

 private:
  const GoodputInputs& in_;
  std::vector<double> table_;  // 0: not asked yet
};

struct RunOutcome {
  double time_s = 0.0;
  double interruptions = 0.0;
  bool runaway = false;
};

class Run {
 public:
  Run(const GoodputInputs& in, double rate, uint64_t seed, SlowdownTable& slowdowns)
      : in_(in),
        slowdowns_(slowdowns),
        rate_(rate),
        rng_{seed},
        cap_(std::max(1000.0, 100.0 * in.expected_interruptions)),
        tracks_nodes_(in.fewer_replicas || in.spare_nodes >= 0) {}

  RunOutcome simulate() {
    RunOutcome out;
    double& t = out.time_s;
    double saved = 0.0;  // durable work
    while (true) {
      // Nodes back by now rejoined during the restart (or are spares again).
      out_.erase(out_.begin(), std::upper_bound(out_.begin(), out_.end(), t));
      const double f = slowdown();
      const double remaining = in_.work_s - saved;
      const double finish = time_to_finish(remaining, f);
      const double y = rng_.exponential(rate_);
      const double rejoin = in_.fewer_replicas && !out_.empty() ? out_.front() - t : kNever;
      if (finish <= y && finish <= rejoin) {
        t += finish;
        return out;
      }
      if (rejoin < y) {  // a planned restart with the node back: save everything, restart
        saved += work_done(rejoin, remaining, f);
        t += rejoin + in_.blocking_s + in_.rejoin_restart_s;
        continue;
      }
      t += y;
      // An announced failure saves a checkpoint first and loses no work.
      const FailureSource* cause = &pick_cause();
      const bool announced = cause->notice_save_s >= 0.0;
      saved += announced ? work_done(y, remaining, f) : durable_work(y, remaining, f);
      double save = announced ? cause->notice_save_s : 0.0;
      // Restart; a failure during it starts it again.
      for (bool first = true;; first = false) {
        out.interruptions += 1.0;
        if (out.interruptions > cap_) {
          out.runaway = true;
          return out;
        }
        if (!first) cause = &pick_cause();
        double restart = cause->restart_s + std::exchange(save, 0.0);
        if (cause->takes_node && tracks_nodes_) {
          out_.erase(out_.begin(), std::upper_bound(out_.begin(), out_.end(), t));
          out_.insert(std::upper_bound(out_.begin(), out_.end(), t + in_.repair_s),
                      t + in_.repair_s);
          restart += wait_for_nodes(t);
        }
        const double z = rng_.exponential(rate_);
        if (z >= restart) {
          t += restart;
          break;
        }
        t += z;
      }
    }
  }

 private:
  static constexpr double kNever = std::numeric_limits<double>::infinity();

  // Nodes that may be out while the job runs: the spares, or with fewer replicas as many as leave
  // one replica.
  size_t nodes_allowed_out() const {
    if (!in_.fewer_replicas) return static_cast<size_t>(in_.spare_nodes);
    return static_cast<size_t>(std::max(0, (in_.replicas - 1) / in_.replicas_per_node));
  }
  // Until enough of the nodes out are back.
  double wait_for_nodes(double now) const {
    const size_t allowed = nodes_allowed_out();
    if (out_.size() <= allowed) return 0.0;
    return out_[out_.size() - allowed - 1] - now;
  }
  // Wall time per unit of work with the replicas of the nodes out missing.
  double slowdown() {
    if (!in_.fewer_replicas || out_.empty()) return 1.0;
    return slowdowns_(
        std::min(in_.replicas - 1, static_cast<int>(out_.size()) * in_.replicas_per_node));
  }
  int segments(double remaining) const {
    return static_cast<int>(std::ceil(remaining / in_.interval_s - 1e-12));
  }
  // Uninterrupted time to do `remaining` work: the last segment needs no checkpoint.
  double time_to_finish(double remaining, double f) const {
    if (in_.interval_s <= 0.0) return remaining * f;
    return remaining * f + std::max(0, segments(remaining) - 1) * in_.blocking_s;
  }
  // Work made durable by a failure `y` seconds into a stretch that had `remaining` work left.
  double durable_work(double y, double remaining, double f) const {
    if (in_.interval_s <= 0.0) return std::min(std::max(0.0, y - in_.lag_s) / f, remaining);
    if (y < in_.lag_s) return 0.0;
    const double k = std::floor((y - in_.lag_s) / (in_.interval_s * f + in_.blocking_s));
    return std::min(k, static_cast<double>(std::max(0, segments(remaining) - 1))) * in_.interval_s;
  }
  // Work done `y` seconds into a stretch, all of it (saved before a planned restart).
  double work_done(double y, double remaining, double f) const {
    if (in_.interval_s <= 0.0) return std::min(y / f, remaining);
    const double segment = in_.interval_s * f + in_.blocking_s;
    const double k = std::floor(y / segment);
    const double partial = std::min(in_.interval_s, (y - k * segment) / f);
    return std::min(k * in_.interval_s + partial, remaining);
  }
  const FailureSource& pick_cause() {
    if (in_.failures.size() == 1) return in_.failures.front();
    double u = rng_.uniform() * rate_;
    for (const FailureSource& f : in_.failures) {
      if (u < f.rate_per_s) return f;
      u -= f.rate_per_s;
    }
    return in_.failures.back();
  }

  const GoodputInputs& in_;
  SlowdownTable& slowdowns_;
  double rate_;
  RandomStream rng_;
  double cap_;
  bool tracks_nodes_;
  std::vector<double> out_;  // return times of the nodes out, ascending
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
    stats.ettr_histogram = Histogram{.low = 1.0, .high = 1.0, .counts = {in.runs}};
    return stats;
  }
  std::vector<double> times(static_cast<size_t>(in.runs));
  double sum = 0.0, interruptions = 0.0;
  SlowdownTable slowdowns(in);
  for (int i = 0; i < in.runs; ++i) {
    uint64_t mix = in.seed * 0x9E3779B97F4A7C15ULL + static_cast<uint64_t>(i);
    Run run(in, rate, splitmix64(mix), slowdowns);
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
  std::vector<double> ettrs(times.size());
  std::transform(times.begin(), times.end(), ettrs.begin(),
                 [&in](double t) { return in.work_s / t; });
  stats.ettr_histogram = histogram(ettrs, kEttrHistogramBins);
  std::sort(times.begin(), times.end());
  stats.p50_time_s = nearest_rank(times, 0.5);
  stats.p90_time_s = nearest_rank(times, 0.9);
  return stats;
}

}  // namespace wt
