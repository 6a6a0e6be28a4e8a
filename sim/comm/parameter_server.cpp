#include "sim/comm/parameter_server.hpp"

#include <algorithm>

#include "core/units.hpp"
#include "sim/hardware/stragglers.hpp"

namespace wt {

PsLoad ps_load(double grad_bytes, int64_t workers, int64_t servers, ServerPlacement placement) {
  const double w = units::as_double(std::max<int64_t>(workers, 1));
  const double n = units::as_double(std::max<int64_t>(servers, 1));
  PsLoad load;
  load.worker_nic_bytes = grad_bytes;
  load.server_nic_bytes =
      placement == ServerPlacement::dedicated ? w * grad_bytes / n : grad_bytes * (w + n - 2.0) / n;
  return load;
}

int64_t parameter_servers(const Scenario& s) {
  return s.parallel.num_servers > 0 ? s.parallel.num_servers : worker_nodes_running(s);
}

CollectiveCost ps_push_pull_cost(double bytes, const Scenario& s, const Fabric& fabric) {
  const int gpn = s.cluster.gpus_per_node;
  const PsLoad load =
      ps_load(bytes, worker_nodes_running(s), parameter_servers(s), s.parallel.server_placement);
  const double node_Bps = fabric.inter.beta_Bps * gpn;
  const double network_s =
      load.busiest_bytes() / node_Bps + 2.0 * fabric.inter.alpha_s + fabric.call_overhead_s;
  double local_s = 0.0;
  if (gpn > 1) {
    local_s = collective_cost(Collective::all_reduce, bytes, GroupShape{gpn, 1}, fabric).time_s;
  }
  CollectiveCost cost;
  cost.time_s = std::max(network_s, local_s);
  cost.algorithm = CollectiveAlgorithm::automatic;
  cost.bytes_sent_per_gpu = load.busiest_bytes() / gpn;
  return cost;
}

}  // namespace wt
