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
  const StateBytes b = state_bytes_per_param(t);
  return b.weights - quantized_weight_bytes(t.precision) + b.optimizer;
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

CheckpointCost checkpoint_cost(const Scenario& s) {
  CheckpointCost c;
  c.bytes = trainable_params(s) * checkpoint_bytes_per_param(s.training);
  c.write_s = s.reliability.checkpoint_write_s >= 0.0 ? s.reliability.checkpoint_write_s
                                                      : c.bytes / checkpoint_write_bandwidth(s);
  c.read_s = checkpoint_read_s(s, c.bytes, c.write_s);
  if (!s.reliability.async_checkpoint) {
    c.blocking_s = c.write_s;
    return c;
  }
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  const double host_link = gpu != nullptr ? gpu->pcie_GBps.value * 1e9 * kHostLinkEfficiency : 0.0;
  c.blocking_s = host_link > 0.0 ? c.bytes / s.cluster.num_gpus() / host_link : 0.0;
  c.lag_s = c.write_s;
  return c;
}

}  // namespace wt
