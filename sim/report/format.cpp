// The number formats of summary_text.hpp: three significant digits and a unit or suffix.
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include "sim/report/summary_text.hpp"

namespace wt {
namespace {

// 1.23, 12.3, 123: three significant digits for magnitudes below 1000.
std::string three_digits(double v) {
  const double a = std::fabs(v);
  const int decimals = a < 9.995 ? 2 : a < 99.95 ? 1 : 0;
  std::array<char, 64> buf{};
  std::snprintf(buf.data(), buf.size(), "%.*f", decimals, v);
  return buf.data();
}

std::string exponent_form(double v) {
  std::array<char, 64> buf{};
  std::snprintf(buf.data(), buf.size(), "%.2e", v);
  return buf.data();
}

// Divides by `base` while the value would print as `base` or more, then appends the suffix.
template <size_t N>
std::string scaled(double v, double base, const std::array<const char*, N>& suffixes) {
  size_t i = 0;
  double scale = 1.0;
  while (i + 1 < N && std::fabs(v) / scale >= base - 0.5) {
    scale *= base;
    ++i;
  }
  return three_digits(v / scale) + suffixes[i];
}

}  // namespace

std::string format_duration(double seconds) {
  if (std::isnan(seconds)) return "n/a";
  if (std::isinf(seconds)) return seconds > 0 ? "∞" : "-∞";
  const double a = std::fabs(seconds);
  if (a == 0.0) return "0 s";
  if (a < 0.9995e-3) return three_digits(seconds * 1e6) + " µs";
  if (a < 0.9995) return three_digits(seconds * 1e3) + " ms";
  if (a < 120.0) return three_digits(seconds) + " s";
  if (a < 2.0 * 3600.0) return three_digits(seconds / 60.0) + " min";
  if (a < 2.0 * 86400.0) return three_digits(seconds / 3600.0) + " h";
  return three_digits(seconds / 86400.0) + " days";
}

std::string format_count(double value) {
  if (!std::isfinite(value)) return std::isnan(value) ? "n/a" : (value > 0 ? "∞" : "-∞");
  if (std::fabs(value) < 999.5 && value == std::round(value)) {
    return std::to_string(static_cast<long long>(value));
  }
  if (std::fabs(value) >= 999.5e12) return exponent_form(value);  // past T: 4.40e+19
  static constexpr std::array<const char*, 5> kSuffixes = {"", "k", "M", "B", "T"};
  return scaled(value, 1000.0, kSuffixes);
}

std::string format_bytes(double bytes) {
  if (!std::isfinite(bytes)) return std::isnan(bytes) ? "n/a" : (bytes > 0 ? "∞" : "-∞");
  if (std::fabs(bytes) < 1023.5 && bytes == std::round(bytes)) {
    return std::to_string(static_cast<long long>(bytes)) + " B";
  }
  static constexpr std::array<const char*, 6> kUnits = {" B",   " KiB", " MiB",
                                                        " GiB", " TiB", " PiB"};
  return scaled(bytes, 1024.0, kUnits);
}

}  // namespace wt
