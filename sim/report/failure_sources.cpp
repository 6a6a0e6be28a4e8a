#include "sim/report/failure_sources.hpp"

#include "core/units.hpp"

namespace wt {

std::vector<FailureSource> failure_sources(const Scenario& s, double node_mtbp_hours) {
  const ReliabilityConfig& r = s.reliability;
  const double gpus = s.cluster.num_gpus();
  const double nodes = s.cluster.num_nodes;
  const double nics = nodes * s.cluster.network.nics_per_node;
  std::vector<FailureSource> out;
  out.reserve(7);  // six causes and spot: one allocation (the planner prices every candidate)
  const auto add = [&](const char* cause, double units, double mtbf_hours, double restart_s,
                       bool takes_node = true) {
    if (units <= 0.0 || mtbf_hours <= 0.0) return;
    out.push_back({cause, units, units / (mtbf_hours * units::kSecondsPerHour),
                   restart_s < 0.0 ? r.restart_s : restart_s, takes_node});
  };
  if (r.gpu_mtbf_hours >= 0.0) {
    add("all causes", gpus, r.gpu_mtbf_hours, r.restart_s);
  } else {
    const FailureCauses& f = r.failures;
    add("gpu", gpus, f.gpu.mtbf_hours, f.gpu.restart_s);
    add("hbm", gpus, f.hbm.mtbf_hours, f.hbm.restart_s);
    add("nic", nics, f.nic.mtbf_hours, f.nic.restart_s);
    add("network", nics, f.network.mtbf_hours, f.network.restart_s, false);
    add("host", nodes, f.host.mtbf_hours, f.host.restart_s);
    add("software", gpus, f.software.mtbf_hours, f.software.restart_s, false);
  }
  if (s.cost.spot) add("spot preemption", nodes, node_mtbp_hours, r.restart_s);
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
