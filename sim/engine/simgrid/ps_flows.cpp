#include "sim/engine/simgrid/ps_flows.hpp"

#include <algorithm>

namespace wt::sg {

CommWork ps_push_pull_work(double bytes, int count, const PsHosts& hosts, int gpus_per_node,
                           const Fabric& fabric, RouteLatency& latency, bool aggregate,
                           int64_t only_worker) {
  const int gpn = gpus_per_node;
  const double shard = bytes / static_cast<double>(hosts.servers) / gpn;  // per GPU pair
  std::vector<Flow> flows;
  double route_s = 0.0;
  for (int64_t w = 0; w < hosts.workers; ++w) {
    if (only_worker >= 0 && w != only_worker) continue;
    for (int64_t k = 0; k < hosts.servers; ++k) {
      const int64_t server = hosts.first_server_node() + k;
      if (server == w) continue;  // a colocated server on the worker's node
      for (int j = 0; j < gpn; ++j) {
        const auto worker_gpu = static_cast<int32_t>(w * gpn + j);
        const auto server_gpu = static_cast<int32_t>(server * gpn + j);
        flows.push_back({worker_gpu, server_gpu, shard});  // push
        flows.push_back({server_gpu, worker_gpu, shard});  // pull
        route_s =
            std::max({route_s, latency(worker_gpu, server_gpu), latency(server_gpu, worker_gpu)});
      }
    }
  }
  const PsCallTimes t = ps_call_times(bytes, hosts, gpn, fabric);
  const double local_beyond_s = std::max(0.0, t.local_s - t.network_s);
  const double per_call_s = fabric.call_overhead_s + local_beyond_s;
  CommWork work;
  if (aggregate) {
    for (Flow& f : flows)
      f.bytes *= count;
    work.phases.push_back({count * per_call_s + (2 * count - 1) * route_s, std::move(flows), {}});
    return work;
  }
  for (int c = 0; c < count; ++c)
    work.phases.push_back({per_call_s + route_s, flows, {}});
  return work;
}

}  // namespace wt::sg
