#pragma once
// Numerical hygiene at the report boundary: no NaN or infinity reaches an output. Scenario inputs
// are kept finite-safe by the field ranges and by run_scenario()'s last check (sim/run_checks.hpp),
// which turns a non-finite figure into an InputError naming the input; one that still reaches a
// writer is a bug, so it ends the run as an internal error (exit 1) that names the quantity, e.g.
// "iteration_time_s is NaN".
#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>

namespace wt {

class NonFiniteError : public std::logic_error {
 public:
  NonFiniteError(std::string_view quantity, double value)
      : std::logic_error(std::string(quantity) + " is " + describe(value)) {}

 private:
  static std::string describe(double value) {
    if (std::isnan(value)) return "NaN";
    return value > 0.0 ? "+infinity" : "-infinity";
  }
};

inline double require_finite(double value, std::string_view quantity) {
  if (!std::isfinite(value)) throw NonFiniteError(quantity, value);
  return value;
}

// A figure that is legitimately +infinity (a job that never finishes) but never NaN or -infinity.
inline double require_not_nan(double value, std::string_view quantity) {
  if (std::isnan(value) || value == -INFINITY) throw NonFiniteError(quantity, value);
  return value;
}

}  // namespace wt
