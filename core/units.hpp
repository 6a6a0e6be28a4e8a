#pragma once
// One unit per quantity inside the simulator: seconds (double), bytes (double or uint64), FLOPs
// (double), bytes per second (double). Names carry the unit. Conversions live here only.
#include <cstdint>

namespace wt::units {

inline constexpr double kKiB = 1024.0;
inline constexpr double kMiB = 1024.0 * 1024.0;
inline constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
inline constexpr double kGB = 1e9;
inline constexpr double kTera = 1e12;
inline constexpr double kMicro = 1e-6;
inline constexpr double kSecondsPerHour = 3600.0;
inline constexpr double kSecondsPerDay = 86400.0;

constexpr double gbit_per_s_to_bytes_per_s(double gbps) {
  return gbps * 1e9 / 8.0;
}
constexpr double gbyte_per_s_to_bytes_per_s(double gBps) {
  return gBps * 1e9;
}
constexpr double us_to_s(double us) {
  return us * 1e-6;
}
// A count widened for floating-point arithmetic (exact below 2^53).
constexpr double as_double(int64_t v) {
  return static_cast<double>(v);
}

constexpr double tflops_to_flops(double tflops) {
  return tflops * 1e12;
}

}  // namespace wt::units
