#include "sim/report/data_sync.hpp"

#include "core/units.hpp"
#include "sim/comm/parameter_server.hpp"
#include "sim/hardware/stragglers.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {
namespace {

// What one worker node's buckets carry per step (the builder's DP ops under pure DP): every
// layer's gradients and the embedding's.
double step_grad_bytes(const Scenario& s) {
  const CommSizes z = comm_sizes(s);
  return s.model.num_layers * layer_dense_grad_bytes(s, z) + embedding_grad_bytes(s, z);
}

}  // namespace

std::optional<DataSyncFigures> data_sync_figures(const Scenario& s, double iteration_s,
                                                 double compute_s) {
  const ClusterConfig& c = s.cluster;
  const DataSync mode = s.parallel.data_sync;
  if (mode == DataSync::allreduce && c.step_noise <= 0.0 && c.slow_node_rate <= 0.0) {
    return std::nullopt;
  }
  DataSyncFigures f;
  f.mode = to_string(mode);
  f.worker_nodes = worker_nodes_running(s);
  f.counted_nodes = c.num_nodes;
  f.gpus_paid = f.worker_nodes * c.gpus_per_node;
  const StragglerStretch stretch = straggler_stretch(s);
  f.spread_stretch = stretch.spread;
  f.noise_stretch = stretch.noise;
  f.slow_stretch = stretch.slow;
  f.slow_step_probability = stretch.slow_probability;
  if (mode == DataSync::allreduce) return f;

  f.servers = parameter_servers(s);
  f.server_placement = to_string(s.parallel.server_placement);
  f.grad_bytes = step_grad_bytes(s);
  const PsLoad load = ps_load(f.grad_bytes, f.worker_nodes, f.servers, s.parallel.server_placement);
  f.worker_nic_bytes = load.worker_nic_bytes;
  f.server_nic_bytes = load.server_nic_bytes;
  const double line_Bps =
      units::gbit_per_s_to_bytes_per_s(c.network.link_bandwidth_Gbps) * c.network.nics_per_node;
  if (iteration_s > 0.0) {
    f.worker_nic_busy = load.worker_nic_bytes / line_Bps / iteration_s;
    f.server_nic_busy = load.server_nic_bytes / line_Bps / iteration_s;
  }
  f.bottleneck = load.server_nic_bytes >= load.worker_nic_bytes ? "server NIC" : "worker NIC";
  if (mode == DataSync::async) {
    const double share = iteration_s > 0.0 ? compute_s / iteration_s : 1.0;
    const Staleness st =
        async_staleness(f.worker_nodes, share, c.step_noise, c.slow_node_rate, c.slow_node_slowdown,
                        static_cast<uint64_t>(s.reliability.seed));
    f.has_staleness = true;
    f.staleness_mean = st.mean;
    f.staleness_p50 = st.p50;
    f.staleness_p90 = st.p90;
    f.staleness_max = st.max;
  }
  return f;
}

}  // namespace wt
