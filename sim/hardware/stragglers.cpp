#include "sim/hardware/stragglers.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <queue>
#include <random>

#include "core/units.hpp"
#include "sim/hardware/speed_spread.hpp"

namespace wt {
namespace {

// The density vanishes beyond |x| = 9 for any n a cluster has (see speed_spread.cpp); Simpson's
// rule with steps of 0.0045 resolves the sharp peak of the largest of 10^5 normals.
constexpr double kOrderRange = 9.0;
constexpr int kOrderIntervals = 4000;  // even

// log Phi(x): from the upper tail where Phi is close to 1, from the lower tail (erfc of -x, exact
// far out) below 0.
double log_normal_cdf(double x) {
  if (x > 0.0) return std::log1p(-0.5 * std::erfc(x / std::numbers::sqrt2));
  return std::log(0.5 * std::erfc(-x / std::numbers::sqrt2));
}

// x times the density of the r-th smallest of n draws of G = Phi^g at x.
double weighted_density(double x, double r, double n, double g, double log_coefficient) {
  const double log_phi = log_normal_cdf(x);
  const double log_G = g * log_phi;
  const double upper_G = -std::expm1(log_G);  // 1 - G
  if (upper_G <= 0.0) return 0.0;
  const double log_density = -0.5 * x * x - 0.5 * std::log(2.0 * std::numbers::pi);
  const double log_dG = std::log(g) + (g - 1.0) * log_phi + log_density;
  const double log_f = log_coefficient + (r - 1.0) * log_G + (n - r) * std::log(upper_G) + log_dG;
  return x * std::exp(log_f);
}

// A uniform double in (0, 1) from 53 bits (the same on every platform, unlike the std
// distributions), and a standard normal by Box-Muller.
double unit_uniform(std::mt19937_64& rng) {
  return (static_cast<double>(rng() >> 11) + 0.5) * 0x1.0p-53;
}
double standard_normal(std::mt19937_64& rng) {
  const double u = unit_uniform(rng);
  const double v = unit_uniform(rng);
  return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * std::numbers::pi * v);
}

double sorted_percentile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0.0;
  const auto i = static_cast<size_t>(q * units::as_double(static_cast<int64_t>(sorted.size() - 1)));
  return sorted[i];
}

// Mean and percentiles of the staleness of the measured pushes.
Staleness summary(std::vector<double> seen, double sum) {
  std::sort(seen.begin(), seen.end());
  Staleness out;
  out.mean = sum / units::as_double(static_cast<int64_t>(seen.size()));
  out.p50 = sorted_percentile(seen, 0.5);
  out.p90 = sorted_percentile(seen, 0.9);
  out.max = seen.back();
  return out;
}

// The server's update counter, shared by the closed form and the simulated pushes: a push counts
// how many updates landed since its worker last pulled, then the worker pulls the new version.
class UpdateCounter {
 public:
  UpdateCounter(size_t workers, int64_t warmup) : pulled_(workers, 0), warmup_(warmup) {}
  void push(size_t worker) {
    if (version_ >= warmup_) {
      seen_.push_back(units::as_double(version_ - pulled_[worker]));
      sum_ += seen_.back();
    }
    ++version_;
    pulled_[worker] = version_;
  }
  size_t measured() const { return seen_.size(); }
  void reserve(size_t n) { seen_.reserve(n); }
  Staleness summary() { return seen_.empty() ? Staleness{} : wt::summary(std::move(seen_), sum_); }

 private:
  std::vector<int64_t> pulled_;
  std::vector<double> seen_;
  double sum_ = 0.0;
  int64_t version_ = 0;
  int64_t warmup_;
};

}  // namespace

double expected_order_statistic(int64_t r, int64_t n, int64_t g) {
  if (n < 1 || g < 1 || r < 1 || r > n) return 0.0;
  if (n * g == 1) return 0.0;
  const double rr = units::as_double(r);
  const double nn = units::as_double(n);
  const double gg = units::as_double(g);
  const double log_coefficient =
      std::lgamma(nn + 1.0) - std::lgamma(rr) - std::lgamma(nn - rr + 1.0);
  const double h = 2.0 * kOrderRange / kOrderIntervals;
  const auto f = [&](double x) { return weighted_density(x, rr, nn, gg, log_coefficient); };
  double sum = f(-kOrderRange) + f(kOrderRange);
  for (int i = 1; i < kOrderIntervals; ++i)
    sum += (i % 2 == 1 ? 4.0 : 2.0) * f(-kOrderRange + h * i);
  return sum * h / 3.0;
}

double any_slow_probability(int64_t n, double p) {
  if (n <= 0 || p <= 0.0) return 0.0;
  return -std::expm1(units::as_double(n) * std::log1p(-p));
}

double more_than_k_slow_probability(int64_t n, int64_t k, double p) {
  if (k >= n || p <= 0.0) return 0.0;
  if (p >= 1.0) return 1.0;
  const double nn = units::as_double(n);
  double at_most_k = 0.0;
  for (int64_t j = 0; j <= k; ++j) {
    const double jj = units::as_double(j);
    at_most_k +=
        std::exp(std::lgamma(nn + 1.0) - std::lgamma(jj + 1.0) - std::lgamma(nn - jj + 1.0) +
                 jj * std::log(p) + (nn - jj) * std::log1p(-p));
  }
  return std::clamp(1.0 - at_most_k, 0.0, 1.0);
}

int64_t worker_nodes_running(const Scenario& s) {
  const int64_t backups =
      s.parallel.data_sync == DataSync::backup_workers ? s.parallel.backup_workers : 0;
  return s.cluster.num_nodes + backups;
}

StragglerStretch straggler_stretch(const Scenario& s) {
  const ClusterConfig& c = s.cluster;
  const int64_t g = c.gpus_per_node;
  const double extra = c.slow_node_slowdown - 1.0;
  StragglerStretch out;
  switch (s.parallel.data_sync) {
    case DataSync::allreduce:
    case DataSync::parameter_server:
      out.spread = slowest_gpu_slowdown(s);
      if (c.step_noise > 0.0)
        out.noise = 1.0 + c.step_noise * expected_max_standard_normal(c.num_gpus());
      out.slow_probability = any_slow_probability(c.num_nodes, c.slow_node_rate);
      break;
    case DataSync::backup_workers: {
      const int64_t running = worker_nodes_running(s);
      if (c.gpu_speed_spread > 0.0) {
        out.spread =
            1.0 / (1.0 - c.gpu_speed_spread * expected_order_statistic(c.num_nodes, running, g));
      }
      if (c.step_noise > 0.0) {
        out.noise = 1.0 + c.step_noise * expected_order_statistic(c.num_nodes, running, g);
      }
      out.slow_probability =
          more_than_k_slow_probability(running, s.parallel.backup_workers, c.slow_node_rate);
      break;
    }
    case DataSync::async:
      out.spread = slowest_gpu_slowdown(g, c.gpu_speed_spread);
      if (c.step_noise > 0.0) out.noise = 1.0 + c.step_noise * expected_max_standard_normal(g);
      out.slow_probability = c.slow_node_rate;
      break;
  }
  out.slow = 1.0 + out.slow_probability * extra;
  return out;
}

Staleness async_staleness(int64_t workers, double compute_share, double noise, double rate,
                          double slowdown, uint64_t seed) {
  Staleness out;
  if (workers <= 1) return out;
  std::mt19937_64 rng(seed);
  const auto cycle = [&] {
    const double z = noise > 0.0 ? standard_normal(rng) : 0.0;
    const double slow = rate > 0.0 && unit_uniform(rng) < rate ? slowdown : 1.0;
    const double compute = compute_share * std::max(0.05, 1.0 + noise * z) * slow;
    return compute + (1.0 - compute_share);
  };
  // (finish time, worker), earliest first; a tie goes to the lower worker.
  using Event = std::pair<double, int64_t>;
  std::priority_queue<Event, std::vector<Event>, std::greater<>> events;
  for (int64_t i = 0; i < workers; ++i)
    events.emplace(cycle(), i);
  // The first pushes after the common start are not yet in steady state.
  const int64_t warmup = 5 * workers;
  const int64_t measured = std::min<int64_t>(std::max<int64_t>(20000, 50 * workers), 2'000'000);
  UpdateCounter counter(static_cast<size_t>(workers), warmup);
  counter.reserve(static_cast<size_t>(measured));
  while (units::as_double(static_cast<int64_t>(counter.measured())) < units::as_double(measured)) {
    const auto [t, w] = events.top();
    events.pop();
    counter.push(static_cast<size_t>(w));
    events.emplace(t + cycle(), w);
  }
  return counter.summary();
}

Staleness staleness_of_pushes(const std::vector<std::vector<double>>& push_s, int64_t warmup) {
  using Event = std::pair<double, int64_t>;  // (time, worker): a tie goes to the lower worker
  std::vector<Event> events;
  for (size_t w = 0; w < push_s.size(); ++w) {
    for (double t : push_s[w])
      events.emplace_back(t, static_cast<int64_t>(w));
  }
  std::stable_sort(events.begin(), events.end());
  if (push_s.size() <= 1) return {};
  UpdateCounter counter(push_s.size(), warmup);
  for (const auto& [t, w] : events)
    counter.push(static_cast<size_t>(w));
  return counter.summary();
}

std::vector<std::vector<double>> async_step_stretches(int64_t workers, int steps, int64_t g,
                                                      double noise, double rate, double slowdown,
                                                      uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::vector<double>> out(static_cast<size_t>(std::max<int64_t>(workers, 0)));
  if (steps < 1) return out;
  for (std::vector<double>& worker : out) {
    double sum = 0.0;
    for (int k = 0; k < steps; ++k) {
      double stretch = 1.0;
      if (noise > 0.0) {
        stretch = 0.05;
        for (int64_t j = 0; j < g; ++j)
          stretch = std::max(stretch, 1.0 + noise * standard_normal(rng));
      }
      if (rate > 0.0 && unit_uniform(rng) < rate) stretch *= slowdown;
      worker.push_back(stretch);
      sum += stretch;
    }
    const double mean = sum / steps;
    for (double& x : worker)
      x /= mean;
  }
  return out;
}

}  // namespace wt
