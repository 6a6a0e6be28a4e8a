#include "sim/workload/hardware_setup.hpp"

#include "core/error.hpp"
#include "sim/comm/fabric.hpp"

namespace wt {

const GpuSpec& scenario_gpu(const Scenario& s) {
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  if (gpu == nullptr) throw InputError("cluster.gpu", "unknown GPU", s.cluster.gpu, gpu_ids());
  return *gpu;
}

HardwareSetup::HardwareSetup(const Scenario& s)
    : gpu(scenario_gpu(s)), fabric(make_fabric(s, gpu)) {
  if (s.calibration) {
    calibration.emplace(read_profile(*s.calibration), gpu);
    fabric = calibrate_fabric(fabric, s.cluster.gpus_per_node, *calibration);
  }
}

}  // namespace wt
