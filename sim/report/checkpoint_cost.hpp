#pragma once
// What a checkpoint costs (docs/models.md, "Time to train and failures"): its size from the model
// state, its write time from the storage bandwidth, and how much of that stops training.
#include "sim/scenario/scenario.hpp"

namespace wt {

struct CheckpointCost {
  double bytes = 0.0;       // weights + optimizer state of the whole model, written once
  double write_s = 0.0;     // to storage
  double blocking_s = 0.0;  // training stops: the write (sync) or the copy to host memory (async)
  double lag_s = 0.0;       // async: the write after the copy, before the checkpoint is durable
  double read_s = 0.0;      // loading it back on every restart
};

// Bytes per parameter a checkpoint holds: the weights in their training width (without the
// quantized copies, which are rebuilt) plus the optimizer state (fp32 master copy and moments):
// 2 + 12 = 14 for bf16 with Adam, 4 + 8 = 12 for fp32 (sim/workload/memory.hpp).
double checkpoint_bytes_per_param(const TrainingConfig& t);

// Storage write bandwidth of the job in bytes/s: min(storage_GBps, num_nodes · storage_node_GBps).
double checkpoint_write_bandwidth(const Scenario& s);

// Read time of a checkpoint on a restart: bytes / min(storage_read_GBps, num_nodes ·
// storage_node_GBps) when storage_read_GBps is set, else the write time.
double checkpoint_read_s(const Scenario& s, double bytes, double write_s);

// bytes = parameters × checkpoint_bytes_per_param; write_s = reliability.checkpoint_write_s when
// set, else bytes / checkpoint_write_bandwidth. Sync: blocking = write, lag 0. Async: blocking =
// bytes / GPUs (each GPU copies its share, Megatron's fully parallel save) over the host link at
// its achievable rate (sim/hardware/host_platform.hpp), lag = write_s. read_s: checkpoint_read_s.
// reliability.checkpoint_target peer_memory (Gemini): blocking = the same host copy; write_s =
// lag = (m − 1) · bytes / nodes over the node's NICs (nics_per_node · link rate · the GPU's
// network efficiency); read_s = max(one shard over the NICs, the host copy).
CheckpointCost checkpoint_cost(const Scenario& s);

}  // namespace wt
