#pragma once
// Per-role programs: the ordered ops one GPU runs in one training iteration
// (docs/architecture.md, "Programs, streams and roles").
// All ranks of one pipeline stage run the same program (their TP/CP/EP/DP positions are symmetric),
// so a workload holds one program per stage, and ranks map to roles.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/comm/collective.hpp"

namespace wt {

enum class OpKind : uint8_t { compute, collective, send, recv };

// What part of training an op belongs to; drives the breakdown and the trace names.
enum class Phase : uint8_t {
  forward,
  backward,
  recompute,     // forward recomputed inside backward (activation checkpointing)
  grad_sync,     // DP gradient all-reduce / reduce-scatter, embedding-gradient sync
  param_gather,  // ZeRO parameter all-gather
  optimizer,
};

// The parallel dimension a communication op runs over. edp: the expert-data-parallel ranks that
// reduce the routed experts' gradients (sim/scenario/expert_layout.hpp); reported as DP.
enum class CommDim : uint8_t { none, tp, pp, dp, cp, ep, edp };

// Streams of one GPU. Ops on one stream run in order; streams run concurrently. Gradient
// reduction and parameter gathering have separate streams, as in Megatron's distributed optimizer
// and PyTorch FSDP, so a gather for the next layer never queues behind a reduction. ep_comm holds
// the expert-parallel collectives of paired steps (parallel.ep_comm_overlap, schedule.hpp).
enum class Stream : uint8_t { compute, dp_comm, param_gather, pp_send, ep_comm };
inline constexpr int kNumStreams = 5;

// One GPU kernel inside a compute op (kept for replay on a real GPU and per-class timing). Two
// classes are host work the GPU waits for under parallel.offload: host_link, a copy over the
// GPU's host link (PCIe, NVLink-C2C) of `bytes`; host_cpu, a CPU optimizer step streaming `bytes`
// through the host's memory (sim/hardware/host_platform.hpp).
enum class KernelClass : uint8_t { gemm, attention, memory_bound, optimizer, host_link, host_cpu };
inline bool on_host(KernelClass c) {
  return c == KernelClass::host_link || c == KernelClass::host_cpu;
}
struct Kernel {
  KernelClass cls;
  std::string name;                        // e.g. "qkv", "mlp_fc1", "layernorm"
  int64_t m = 0, n = 0, k = 0, batch = 1;  // GEMM shape (C[m,n] += A[m,k]·B[k,n]), batch for bmm
  double flops = 0.0;
  double bytes = 0.0;   // HBM traffic
  double time_s = 0.0;  // filled by the cost model
};
using KernelList = std::vector<Kernel>;

struct Op {
  OpKind kind = OpKind::compute;
  Phase phase = Phase::forward;
  Stream stream = Stream::compute;
  CommDim dim = CommDim::none;
  Collective collective = Collective::all_reduce;
  int32_t micro_batch = -1;  // -1 when not tied to one micro-batch
  int32_t chunk = 0;         // model chunk on this stage (interleaved schedule), else 0
  int32_t layer = -1;        // first global layer index covered, -1 for none
  int32_t num_layers = 0;    // layers covered
  // Communication: bytes per call, number of identical calls, group size.
  double bytes = 0.0;
  int32_t count = 1;
  int32_t group_size = 1;
  // Compute: FLOPs (hardware, i.e. with recomputation where it is recomputation).
  double flops = 0.0;
  int32_t kernels = -1;  // index into Workload::kernel_lists, -1 for none
  // Send/recv: the peer role and, for a recv, the index of the matching send in the peer's program.
  int32_t peer_role = -1;
  int32_t peer_op = -1;
  // Extra dependencies on ops of the same program (other streams); -1 = none.
  std::array<int32_t, 2> deps = {-1, -1};
  // Filled by the cost model: the time the op occupies its stream when it runs alone.
  double duration_s = 0.0;
  // Of a compute op's duration_s: what it loses to collectives running beside it, the TP overlap's
  // transfers (tp_overlap.hpp) and the side streams' (side_streams.hpp).
  double beside_comm_s = 0.0;
  double bytes_sent = 0.0;  // per GPU on the wire (collectives, sends)
  // A compressed gradient reduction (sim/workload/grad_compression.hpp): several calls and
  // kernels priced in closed form; SimGrid waits its duration instead of simulating its flows.
  bool closed_form = false;
  // fp8 delayed scaling's amax all-reduce of a chunk pass (layer_work.hpp, chunk_amax_sync): a
  // few KiB, latency-bound; SimGrid waits its closed-form time too.
  bool amax_sync = false;
};

struct Program {
  int32_t role = 0;  // = pipeline stage
  std::vector<Op> ops;
};

struct Workload {
  std::vector<Program> programs;         // one per role (pipeline stage)
  std::vector<KernelList> kernel_lists;  // shared by compute ops of identical shape
  int num_gpus = 0;
  int tensor = 1, pipeline = 1, data = 1, context = 1, expert = 1;
  int expert_tensor = 1;  // ETP, resolved (sim/scenario/expert_layout.hpp)
  int64_t num_micro_batches = 0;
  int virtual_stages = 1;
  std::vector<std::vector<int>> stage_layers;  // per stage, per chunk: number of layers
  std::vector<double> stage_params;            // per stage: parameters held by one GPU
  std::vector<double> stage_expert_params;     // per stage: of those, the routed experts'
  std::vector<int> stage_in_flight_layers;     // per stage: most layer-activations held at once
  std::vector<bool> stage_has_logits;          // per stage: holds the output layer
  double model_flops = 0.0;                    // per iteration, whole model, no recomputation
  double hardware_flops = 0.0;                 // per iteration, with recomputation
  // Rank layout (Megatron order: tensor fastest, then context, data, pipeline).
  int role_of_rank(int rank) const { return rank / (tensor * context * data); }
};

const char* to_string(Phase p);
const char* to_string(CommDim d);

}  // namespace wt
