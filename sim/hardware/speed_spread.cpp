#include "sim/hardware/speed_spread.hpp"

#include <cmath>

#include "core/units.hpp"
#include "sim/hardware/power_limit.hpp"
#include "sim/hardware/stragglers.hpp"

namespace wt {
namespace {

// The integrand vanishes to double precision beyond |x| = 9 for any n a cluster can have
// (n * Q(9) < 1e-12 for n < 1e7); Simpson's rule on each smooth half matches the tabulated
// values to 8 digits (tests/hardware/speed_spread_test.cpp) in about 20 us.
constexpr double kRange = 9.0;
constexpr int kIntervals = 200;  // per half (step 0.045), even

// Phi(x)^n, with log Phi from the upper tail where Phi is close to 1.
double cdf_power(double x, double n) {
  const double upper = 0.5 * std::erfc(x / std::sqrt(2.0));
  const double log_cdf = x > 0.0 ? std::log1p(-upper) : std::log(1.0 - upper);
  return std::exp(n * log_cdf);
}

// Simpson's rule for f over [a, b].
template <class F>
double simpson(F f, double a, double b) {
  const double h = (b - a) / kIntervals;
  double sum = f(a) + f(b);
  for (int i = 1; i < kIntervals; ++i)
    sum += (i % 2 == 1 ? 4.0 : 2.0) * f(a + h * i);
  return sum * h / 3.0;
}

}  // namespace

// E[M] = integral over x > 0 of (1 - Phi^n) minus integral over x < 0 of Phi^n (each part smooth).
double expected_max_standard_normal(int64_t n) {
  if (n <= 1) return 0.0;
  // Every kernel list of a run asks for the same n; the planner's threads each keep their own.
  thread_local int64_t last_n = 0;
  thread_local double last_z = 0.0;
  if (n == last_n) return last_z;
  const double count = units::as_double(n);
  const double above = simpson([&](double x) { return 1.0 - cdf_power(x, count); }, 0.0, kRange);
  const double below = simpson([&](double x) { return cdf_power(x, count); }, -kRange, 0.0);
  last_n = n;
  last_z = above - below;
  return last_z;
}

double slowest_gpu_slowdown(int64_t n, double spread) {
  if (n <= 1 || spread <= 0.0) return 1.0;
  return 1.0 / (1.0 - spread * expected_max_standard_normal(n));
}

double slowest_gpu_slowdown(const Scenario& s) {
  return slowest_gpu_slowdown(s.cluster.num_gpus(), s.cluster.gpu_speed_spread);
}

double mean_compute_speed(const Scenario& s) {
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  if (gpu == nullptr) return s.cluster.gpu_sustained_speed * 1.0;
  return mean_compute_speed(s, *gpu);
}

double mean_compute_speed(const Scenario& s, const GpuSpec& gpu) {
  return s.cluster.gpu_sustained_speed * power_clock_factor(gpu, s.cluster.gpu_power_limit_W);
}

double compute_slowdown(const Scenario& s) {
  return straggler_stretch(s).total() / mean_compute_speed(s);
}

double compute_slowdown(const Scenario& s, const GpuSpec& gpu) {
  return straggler_stretch(s).total() / mean_compute_speed(s, gpu);
}

}  // namespace wt
