#pragma once
// The hardware a run is costed on: the scenario's GPU from the catalog, the fabric of sim/comm and,
// when the scenario names one, its calibration profile (which also recalibrates the fabric). One
// setup for the program builder's cost model and the `estimate` closed forms alike.
#include <optional>

#include "sim/comm/collective.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

struct HardwareSetup {
  // Throws InputError for an unknown GPU or an unreadable calibration profile.
  explicit HardwareSetup(const Scenario& s);
  const Calibration* profile() const { return calibration ? &*calibration : nullptr; }

  const GpuSpec& gpu;
  Fabric fabric;
  std::optional<Calibration> calibration;
};

// The scenario's GPU; InputError at cluster.gpu when the catalog does not have it.
const GpuSpec& scenario_gpu(const Scenario& s);

}  // namespace wt
