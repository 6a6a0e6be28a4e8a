#pragma once
// What interrupts a training job (failure_sources.hpp): one of reliability.failures' causes,
// every cause together (gpu_mtbf_hours) or a spot preemption. An enum, so that the `estimate` path
// builds no names; the report writes them.

namespace wt {

enum class InterruptionCause {
  all_causes,
  gpu,
  hbm,
  nic,
  network,
  host,
  software,
  spot_preemption
};

// "all causes", "gpu", "hbm", "nic", "network", "host", "software", "spot preemption".
const char* to_string(InterruptionCause c);

}  // namespace wt
