#pragma once
// What the calibrator measures: the GEMM shapes of a transformer layer and the size ladders of the
// bandwidth and collective benchmarks. Plain C++ (no CUDA), so the sweeps are unit-tested anywhere.
#include <cstdint>
#include <vector>

namespace wt::calibrate {

// A GEMM as the workload builder writes it: C[m,n] = A[m,k]·B[k,n] (m = tokens).
struct GemmShape {
  int64_t m = 0, n = 0, k = 0;
  double flops() const {
    return 2.0 * static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k);
  }
  friend bool operator==(const GemmShape&, const GemmShape&) = default;
};

struct TransformerSweep {
  std::vector<int64_t> hidden_sizes;
  std::vector<int64_t> tokens;  // b · s of one micro-batch
  std::vector<int64_t> tensor_parallel;
};

TransformerSweep full_transformer_sweep();  // h {2048…16384}, tokens {2048, 4096, 8192}, TP {1…8}
TransformerSweep quick_transformer_sweep();  // h 4096, tokens 4096, TP {1, 8}

// The QKV (tokens × 3h/t × h), projection (tokens × h × h/t), FC1 (tokens × 4h/t × h) and FC2
// (tokens × h × 4h/t) GEMMs of every combination, without duplicates, sorted by FLOPs (then m, n,
// k) so that a time cap drops the largest shapes first. Combinations where t does not divide h are
// left out.
std::vector<GemmShape> transformer_gemm_shapes(const TransformerSweep& sweep);

// first, first·factor, first·factor², … up to `last` inclusive; `last` itself is appended when the
// ladder steps over it. Empty when first > last. first ≥ 1, factor ≥ 2.
std::vector<uint64_t> size_ladder(uint64_t first, uint64_t last, uint64_t factor);

// The ladders of each benchmark, already capped at `max_bytes` (sizes above it are dropped).
std::vector<uint64_t> device_memory_sizes(bool quick, uint64_t max_bytes);  // 64 MiB … 2 GiB
std::vector<uint64_t> host_transfer_sizes(bool quick, uint64_t max_bytes);  // 1 MiB … 1 GiB
std::vector<uint64_t> collective_sizes(bool quick, uint64_t max_bytes);     // 8 B … 4 GiB

// The largest divisor of `batch` whose items fit in `budget_bytes` at `item_bytes` each: attention
// runs its batch in batch / chunk equal pieces when the score matrices do not fit at once. 0 when
// not even one item fits.
int64_t batch_chunk(int64_t batch, uint64_t item_bytes, uint64_t budget_bytes);

inline constexpr uint64_t kMiB = uint64_t{1} << 20;
inline constexpr uint64_t kGiB = uint64_t{1} << 30;

}  // namespace wt::calibrate
