#include "sim/report/failure_sources.hpp"

#include "core/units.hpp"

namespace wt {

const char* to_string(InterruptionCause c) {
  switch (c) {
    case InterruptionCause::all_causes:
      return "all causes";
    case InterruptionCause::gpu:
      return "gpu";
    case InterruptionCause::hbm:
      return "hbm";
    case InterruptionCause::nic:
      return "nic";
    case InterruptionCause::network:
      return "network";
    case InterruptionCause::host:
      return "host";
    case InterruptionCause::software:
      return "software";
    case InterruptionCause::spot_preemption:
      return "spot preemption";
  }
  return "unknown";
}

std::vector<FailureSource> failure_sources(const Scenario& s, double node_mtbp_hours) {
  const ReliabilityConfig& r = s.reliability;
  const double gpus = s.cluster.num_gpus();
  const double nodes = s.cluster.num_nodes;
  const double nics = nodes * s.cluster.network.nics_per_node;
  std::vector<FailureSource> out;
  out.reserve(7);  // six causes and spot: one allocation (the planner prices every candidate)
  const auto add = [&](InterruptionCause cause, double units, double mtbf_hours, double restart_s,
                       bool takes_node = true) {
    if (units <= 0.0 || mtbf_hours <= 0.0) return;
    out.push_back({cause, units, units / (mtbf_hours * units::kSecondsPerHour),
                   restart_s < 0.0 ? r.restart_s : restart_s, takes_node});
  };
  if (r.gpu_mtbf_hours >= 0.0) {
    add(InterruptionCause::all_causes, gpus, r.gpu_mtbf_hours, r.restart_s);
  } else {
    const FailureCauses& f = r.failures;
    add(InterruptionCause::gpu, gpus, f.gpu.mtbf_hours, f.gpu.restart_s);
    add(InterruptionCause::hbm, gpus, f.hbm.mtbf_hours, f.hbm.restart_s);
    add(InterruptionCause::nic, nics, f.nic.mtbf_hours, f.nic.restart_s);
    add(InterruptionCause::network, nics, f.network.mtbf_hours, f.network.restart_s, false);
    add(InterruptionCause::host, nodes, f.host.mtbf_hours, f.host.restart_s);
    add(InterruptionCause::software, gpus, f.software.mtbf_hours, f.software.restart_s, false);
  }
  if (s.cost.spot) add(InterruptionCause::spot_preemption, nodes, node_mtbp_hours, r.restart_s);
  return out;
}

double total_failure_rate(const std::vector<FailureSource>& sources) {
  double rate = 0.0;
  for (const FailureSource& f : sources)
    rate += f.rate_per_s;
  return rate;
}

double mean_restart_s(const std::vector<FailureSource>& sources) {
  const double rate = total_failure_rate(sources);
  if (rate <= 0.0) return 0.0;
  double weighted = 0.0;
  for (const FailureSource& f : sources)
    weighted += f.rate_per_s * f.restart_s;
  return weighted / rate;
}

}  // namespace wt
