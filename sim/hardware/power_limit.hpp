#pragma once
// A GPU run below its TDP. Under a power limit the board lowers its clock (and voltage with it)
// until the draw fits; what the tensor cores deliver scales with the clock. The dynamic power of
// CMOS logic is C·V²·f, and along the voltage–frequency curve V rises about linearly with f, so
// the clock-dependent draw grows as f³. Part of the board's power does not follow the SM clock
// (leakage, HBM and its interface, the board): kClockIndependentPowerShare of the TDP, an
// assumption. A part whose compute-bound kernels run at its TDP (an H100 SXM at 700 W on large
// GEMMs does) then runs them at
//
//   f(P) / f(TDP) = ((P − s·TDP) / (TDP − s·TDP))^(1/3)
//
// under a limit P. docs/hardware.md, "Power limits".
#include "sim/hardware/gpu.hpp"

namespace wt {

// Share of the TDP that does not scale with the SM clock (assumption: idle draw plus the HBM
// traffic of a training step; an H100 SXM idles at about a tenth of its TDP).
inline constexpr double kClockIndependentPowerShare = 0.2;

// The lowest limit the model accepts, as a share of the TDP: below it the formula leaves the
// range where voltage still scales with the clock.
inline constexpr double kLowestPowerLimitShare = 0.4;

// f(P)/f(TDP) by the formula above; 1 for a limit at or above the TDP or a GPU without one.
double power_clock_factor(double tdp_W, double limit_W);

// The limit a scenario's GPUs run at: the scenario's cluster.gpu_power_limit_W when set, else the
// catalog part's own (power_limit_W), else 0 (its TDP).
double effective_power_limit_W(const GpuSpec& gpu, double scenario_limit_W);

// power_clock_factor for a catalog GPU under a scenario's limit (0 = the part's own).
double power_clock_factor(const GpuSpec& gpu, double scenario_limit_W);

}  // namespace wt
