#include "sim/workload/runtime_memory.hpp"

#include "sim/scenario/expert_layout.hpp"

namespace wt {
namespace {

// NCCL's Simple buffer (NCCL_BUFFSIZE): the one protocol point-to-point sends use, on
// NCCL_NCHANNELS_PER_NET_PEER (2) channels per peer.
constexpr double kSimpleBufferBytes = 4194304.0;
constexpr double kP2pChannelsPerPeer = 2.0;

}  // namespace

double nccl_buffer_bytes(const Scenario& s, int channels) {
  const ParallelConfig& p = s.parallel;
  int rings = 0;
  for (const int size : {p.tensor, p.data * p.context, p.context, p.expert}) {
    if (size > 1) ++rings;
  }
  // The experts' own data-parallel group (sim/scenario/expert_layout.hpp), when it is another.
  if (!experts_share_dense_dp(p) && expert_data_size(p) > 1) ++rings;
  double bytes = rings * static_cast<double>(channels) * kNcclBytesPerChannelPeer;
  // A stage receives from the previous stage (forward) and from the next (backward).
  if (p.pipeline > 1) bytes += 2.0 * kP2pChannelsPerPeer * kSimpleBufferBytes;
  return bytes;
}

RuntimeMemory runtime_memory(const Scenario& s, double activation_bytes) {
  RuntimeMemory m;
  m.cuda_context = kCudaContextBytes;
  m.comm_buffers = nccl_buffer_bytes(s, kNcclChannels);
  m.comm_buffers_low = nccl_buffer_bytes(s, kNcclChannelsLow);
  m.comm_buffers_high = nccl_buffer_bytes(s, kNcclChannelsHigh);
  m.allocator_slack_high = kAllocatorSlackShare * activation_bytes;
  return m;
}

}  // namespace wt
