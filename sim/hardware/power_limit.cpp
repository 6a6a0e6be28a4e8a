#include "sim/hardware/power_limit.hpp"

#include <cmath>

namespace wt {

double power_clock_factor(double tdp_W, double limit_W) {
  if (tdp_W <= 0.0 || limit_W <= 0.0 || limit_W >= tdp_W) return 1.0;
  const double fixed_W = kClockIndependentPowerShare * tdp_W;
  return std::cbrt((limit_W - fixed_W) / (tdp_W - fixed_W));
}

double effective_power_limit_W(const GpuSpec& gpu, double scenario_limit_W) {
  return scenario_limit_W > 0.0 ? scenario_limit_W : gpu.power_limit_W.value;
}

double power_clock_factor(const GpuSpec& gpu, double scenario_limit_W) {
  return power_clock_factor(gpu.tdp_W.value, effective_power_limit_W(gpu, scenario_limit_W));
}

}  // namespace wt
