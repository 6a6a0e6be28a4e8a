#pragma once
// How a GEMM's shape changes the fraction of peak it reaches. The catalog's gemm_efficiency is the
// best shape's (MLENG_ACC's "maximum achievable matmul FLOPS"); a real shape loses to
// - wave quantization and tile fit: the output is cut into 128 x 256 tiles, one per SM at a time,
//   so a last partial wave, and tiles hanging over the matrix edge, leave SMs idle;
// - a short inner dimension: each tile pays a prologue and an epilogue worth about
//   kTileOverheadK of k, which a long k amortizes (normalized to k = kReferenceK, where the
//   best-shape figure was measured).
#include <cstdint>

namespace wt {

inline constexpr int64_t kTileM = 128;
inline constexpr int64_t kTileN = 256;
inline constexpr double kTileOverheadK = 128.0;
inline constexpr double kReferenceK = 4096.0;

// Useful work / SM time for `batch` GEMMs of m x n outputs on `sm_count` SMs, with the better of
// the two tile orientations (cuBLAS picks one). 1 when sm_count is 0 (not known).
double wave_efficiency(int64_t m, int64_t n, int64_t batch, int sm_count);

// k / (k + kTileOverheadK), relative to the reference k, at most 1.
double inner_dimension_efficiency(int64_t k);

// True when the output holds less than one full wave of tiles (batch · m · n < sm_count ·
// kTileM · kTileN). cuBLAS then splits the inner dimension over the idle SMs (split-K, or stream-K:
// Osama et al., PPoPP 2023) instead of leaving them idle, so the wave factor does not describe it.
// False when sm_count is 0 (not known).
bool under_one_wave(int64_t m, int64_t n, int64_t batch, int sm_count);

// Both, multiplied: what the best-shape efficiency is scaled by for this shape.
double gemm_shape_factor(int64_t m, int64_t n, int64_t k, int64_t batch, int sm_count);

}  // namespace wt
