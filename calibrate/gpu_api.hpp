#pragma once
// The calibrator's GPU side as plain C++: what the .cu files (cuBLASLt, NCCL, own kernels) offer to
// the host code. No CUDA types here, so the host .cpp files need no CUDA headers. Every function
// throws GpuUnavailable when there is no usable GPU and GpuFailure when a CUDA, cuBLASLt or NCCL
// call fails (OutOfDeviceMemory when an allocation does not fit).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "calibrate/exit_code.hpp"
#include "calibrate/gemm_type.hpp"
#include "calibrate/repeat.hpp"

namespace wt::calibrate::gpu {

class OutOfDeviceMemory : public GpuFailure {
 public:
  using GpuFailure::GpuFailure;
};

struct Device {
  int index = 0;
  std::string name;
  int cc_major = 0, cc_minor = 0;
  uint64_t memory_bytes = 0;
  int sm_count = 0;
  int sm_clock_khz = 0;      // 0 when the runtime no longer reports it (CUDA 13)
  int memory_clock_khz = 0;  // likewise
};

struct Versions {
  int driver = 0;         // cudaDriverGetVersion
  int runtime = 0;        // cudaRuntimeGetVersion
  uint64_t cublaslt = 0;  // cublasLtGetVersion
  int nccl = 0;           // ncclGetVersion
  uint64_t cudnn = 0;     // cudnnGetVersion, 0 when cuDNN is not linked
};

// The visible devices; throws GpuUnavailable (with the runtime's message) when there are none.
std::vector<Device> devices();
Versions versions();
uint64_t free_bytes(int device);
bool all_pairs_peer_accessible(int device_count);

struct AttentionShape {
  int64_t batch = 1;  // batch · heads
  int64_t seq_q = 0, seq_k = 0, head_dim = 0;
};
enum class AttentionPass { forward, backward };

struct AttentionRun {
  std::vector<double> samples_s;
  int64_t chunks = 1;  // the batch ran in this many pieces to fit the score matrix in memory
};

struct FusedAttentionRun {
  std::vector<double> samples_s;  // empty when cuDNN did not run the point
  std::string why_not;            // then: the shape, the cuDNN step that failed and its status
};

// One GPU's benchmarks on one stream: cuBLASLt GEMMs (32 MiB workspace, the heuristic's best
// algorithm), bmm + softmax attention, device memory and host transfers. Buffers are kept and grown
// between calls; inputs get fresh pseudo-random data (`seed`) before each measurement.
class Bench {
 public:
  explicit Bench(int device = 0);
  ~Bench();
  Bench(const Bench&) = delete;
  Bench& operator=(const Bench&) = delete;

  // Device bytes a GEMM of this type and shape needs for its operands.
  static uint64_t gemm_bytes(GemmType t, int64_t m, int64_t n, int64_t k);
  // y[m,n] = x[m,k] · W[n,k]ᵀ (nn.Linear's layout; cuBLASLt "TN", which fp8 requires); with
  // batch > 1, that many such products with their own operands in one strided-batched call.
  // Empty samples when cuBLASLt has no algorithm for it.
  std::vector<double> gemm(GemmType t, int64_t m, int64_t n, int64_t k, const Repeat& r,
                           uint32_t seed, int64_t batch = 1);
  // Forward: S = Q·Kᵀ, P = softmax(S/√d) (own kernel), O = P·V. Backward: dV = Pᵀ·dO,
  // dP = dO·Vᵀ, dS = softmax′(P, dP), dQ = dS·K, dK = dSᵀ·Q. fp8 is not a valid type here.
  AttentionRun attention(GemmType t, const AttentionShape& shape, AttentionPass pass,
                         const Repeat& r, uint32_t seed);
  // cuDNN's fused scaled-dot-product attention, forward, no mask, scale 1/√d (cudnn_attention.cu):
  // Q, K, V, O of [batch, seq, head_dim] each, in bf16 or fp16 (std::invalid_argument otherwise).
  // Empty samples and `why_not` when this build has no cuDNN or cuDNN rejects the shape (no
  // engine, not supported, any error status): never a GpuFailure for a cuDNN status.
  FusedAttentionRun fused_attention(GemmType t, const AttentionShape& shape, const Repeat& r,
                                    uint32_t seed);
  std::vector<double> device_copy(uint64_t bytes, const Repeat& r);  // cudaMemcpy D2D of `bytes`
  // y = a·x + y over fp32 arrays of `array_bytes` each (traffic 3 × array_bytes).
  std::vector<double> rmw(uint64_t array_bytes, const Repeat& r);
  // The same kernel moving `traffic_bytes` in total, in pieces of at most 1 GiB per array.
  std::vector<double> rmw_traffic(double traffic_bytes, const Repeat& r);
  std::vector<double> host_transfer(uint64_t bytes, bool to_device, const Repeat& r);

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

struct CollectiveRun {
  double bytes = 0.0;  // nccl-tests size actually moved (counts rounded to whole elements)
  std::vector<double> samples_s;
};

// NCCL over every visible GPU from one process (ncclCommInitAll), with a send and a receive buffer
// of capacity() bytes on each GPU. Collectives: all_reduce, all_gather, reduce_scatter,
// all_to_all, broadcast (root 0), send_recv (ranks 0 ↔ 1, both directions at once).
class NcclBench {
 public:
  // Buffers of min(max_bytes, what fits in the free memory) bytes per GPU.
  NcclBench(int device_count, uint64_t max_bytes);
  ~NcclBench();
  NcclBench(const NcclBench&) = delete;
  NcclBench& operator=(const NcclBench&) = delete;

  uint64_t capacity() const;
  int group_size(const std::string& collective) const;
  // Throws std::invalid_argument for an unknown collective or a size above capacity().
  CollectiveRun run(const std::string& collective, uint64_t bytes, const Repeat& r);

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace wt::calibrate::gpu
