#pragma once
// What a training process holds on each GPU besides its tensors (docs/models.md, "Memory per
// GPU"): the CUDA context with the kernels and library handles it loads, NCCL's buffers for each
// communicator the rank belongs to, and the caching allocator's slack. The context and the
// buffers at NCCL's usual channel count are part of the total; the spread of the channel count
// and the allocator's slack make the range behind the fits / tight / does-not-fit verdict.
#include "sim/scenario/scenario.hpp"

namespace wt {

// CUDA context, cuBLAS/cuDNN handles and workspaces, and the kernels loaded lazily (CUDA 12's
// default): the memory a process holds outside its framework's allocator. Measured on an H100
// (driver 580.159.04, CUDA 13.0, PyTorch 2.11; docs/calibration.md, "Serving steps"): the driver
// reported 783,089,664 B in use after PyTorch's first GEMM and first FlashAttention call, of which
// 56,623,104 B were PyTorch's own pool (cuBLAS's workspace), leaving 726,466,560 B (0.68 GiB).
inline constexpr double kCudaContextBytes = 726466560.0;

// NCCL's buffers for one peer connection of one channel: Simple 4 MiB (NCCL_BUFFSIZE), LL128
// 4,915,200 B and LL 512 KiB (NVIDIA/nccl v2.30.7 src/init.cc:810-813, data/reference).
inline constexpr double kNcclBytesPerChannelPeer = 4194304.0 + 4915200.0 + 524288.0;
// Channels per communicator: NCCL's topology search picks them (at most 64); 16 is its usual count
// for a ring over NVLink or 8 NICs, 8 and 32 bound it in the verdict's range.
inline constexpr int kNcclChannels = 16, kNcclChannelsLow = 8, kNcclChannelsHigh = 32;
// The caching allocator cannot always reuse a freed block for a larger request: up to this share
// of the memory allocated and freed every micro-batch (the activations) stays reserved. Only the
// upper end of the verdict's range; an assumption, not yet measured here.
inline constexpr double kAllocatorSlackShare = 0.10;

struct RuntimeMemory {
  double cuda_context = 0.0;
  double comm_buffers = 0.0;       // at kNcclChannels
  double comm_buffers_low = 0.0;   // at kNcclChannelsLow
  double comm_buffers_high = 0.0;  // at kNcclChannelsHigh
  double allocator_slack_high = 0.0;
};

// The communicators a rank of `s` belongs to that move data (tensor, data × context, context,
// expert, and the experts' own data-parallel group when it is another: one ring peer per channel
// each; pipeline: two point-to-point peers on two channels each,
// Simple buffers only).
double nccl_buffer_bytes(const Scenario& s, int channels);

RuntimeMemory runtime_memory(const Scenario& s, double activation_bytes);

}  // namespace wt
