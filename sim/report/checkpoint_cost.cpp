#include "sim/report/checkpoint_cost.hpp"

#include <algorithm>

#include "core/units.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/hardware/host_platform.hpp"
#include "sim/workload/finetune.hpp"
#include "sim/workload/memory.hpp"
#include "sim/workload/model_math.hpp"

namespace wt {

double checkpoint_bytes_per_param(const TrainingConfig& t) {
  return stored_weight_bytes(t) + state_bytes_per_param(t).optimizer;
}

double checkpoint_write_bandwidth(const Scenario& s) {
  const ReliabilityConfig& r = s.reliability;
  return std::min(r.storage_GBps, s.cluster.num_nodes * r.storage_node_GBps) * 1e9;
}

double checkpoint_read_s(const Scenario& s, double bytes, double write_s) {
  const ReliabilityConfig& r = s.reliability;
  if (r.storage_read_GBps < 0.0) return write_s;
  return bytes / (std::min(r.storage_read_GBps, s.cluster.num_nodes * r.storage_node_GBps) * 1e9);
}

namespace {

// Each GPU's share of the checkpoint copied to host memory over its host link (Megatron's fully
// parallel save; the same copy Gemini makes before replicating).
double host_copy_s(const Scenario& s, double bytes) {
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  const double host_link = gpu != nullptr ? gpu->pcie_GBps.value * 1e9 * kHostLinkEfficiency : 0.0;
  return host_link > 0.0 ? bytes / s.cluster.num_gpus() / host_link : 0.0;
}

// Peer-memory checkpoints (Gemini, Wang et al. SOSP 2023): a node's shard (bytes / nodes) goes to
// its host memory and m − 1 copies to peers' host memory over its NICs at the network's
// achievable rate, after the host copy and beside training (lag); a restart reloads every shard
// from host memory and the replacement node fetches its shard from a peer.
CheckpointCost peer_memory_cost(const Scenario& s, CheckpointCost c) {
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  const NetworkConfig& n = s.cluster.network;
  const double efficiency = gpu != nullptr ? gpu->network_efficiency.value : 1.0;
  const double node_Bps = n.nics_per_node * n.link_bandwidth_Gbps / 8.0 * 1e9 * efficiency;
  const double shard = c.bytes / s.cluster.num_nodes;
  c.blocking_s = host_copy_s(s, c.bytes);
  c.write_s = (s.reliability.peer_replicas - 1) * shard / node_Bps;
  c.lag_s = c.write_s;
  c.read_s = std::max(shard / node_Bps, c.blocking_s);
  return c;
}

}  // namespace

CheckpointCost checkpoint_cost(const Scenario& s) {
  CheckpointCost c;
  c.bytes = trainable_params(s) * checkpoint_bytes_per_param(s.training);
  if (s.reliability.checkpoint_target == CheckpointTarget::peer_memory) {
    return peer_memory_cost(s, c);
  }
  c.write_s = s.reliability.checkpoint_write_s >= 0.0 ? s.reliability.checkpoint_write_s
                                                      : c.bytes / checkpoint_write_bandwidth(s);
  c.read_s = checkpoint_read_s(s, c.bytes, c.write_s);
  if (!s.reliability.async_checkpoint) {
    c.blocking_s = c.write_s;
    return c;
  }
  c.blocking_s = host_copy_s(s, c.bytes);
  c.lag_s = c.write_s;
  return c;
}

}  // namespace wt
