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

PsHosts ps_hosts(const Scenario& s) {
  PsHosts h;
  const DataSync d = s.parallel.data_sync;
  if (d == DataSync::allreduce) return h;
  h.workers = worker_nodes_running(s);
  h.servers = parameter_servers(s);
  h.placement = s.parallel.server_placement;
  return h;
}

ClusterConfig simulated_cluster(const Scenario& s) {
  ClusterConfig c = s.cluster;
  if (const PsHosts h = ps_hosts(s); h.workers > 0) c.num_nodes = static_cast<int>(h.nodes());
  return c;
}

PsCallTimes ps_call_times(double bytes, const PsHosts& hosts, int gpus_per_node,
                          const Fabric& fabric) {
  const PsLoad load = ps_load(bytes, hosts.workers, hosts.servers, hosts.placement);
  const double node_Bps = fabric.inter.beta_Bps * gpus_per_node;
  PsCallTimes t;
  t.network_s =
      load.busiest_bytes() / node_Bps + 2.0 * fabric.inter.alpha_s + fabric.call_overhead_s;
  if (gpus_per_node > 1) {
    t.local_s =
        collective_cost(Collective::all_reduce, bytes, GroupShape{gpus_per_node, 1}, fabric).time_s;
  }
  return t;
}

CollectiveCost ps_push_pull_cost(double bytes, const Scenario& s, const Fabric& fabric) {
  const int gpn = s.cluster.gpus_per_node;
  const PsHosts hosts{worker_nodes_running(s), parameter_servers(s), s.parallel.server_placement};
  const PsLoad load = ps_load(bytes, hosts.workers, hosts.servers, hosts.placement);
  const PsCallTimes t = ps_call_times(bytes, hosts, gpn, fabric);
  CollectiveCost cost;
  cost.time_s = std::max(t.network_s, t.local_s);
  cost.algorithm = CollectiveAlgorithm::automatic;
  cost.bytes_sent_per_gpu = load.busiest_bytes() / gpn;
  return cost;
}

}  // namespace wt
