#pragma once
// How a GEMM's shape changes the fraction of peak it reaches. The catalog's gemm_efficiency is the
// best shape's (MLENG_ACC's "maximum achievable matmul FLOPS"); a real shape loses to
// - wave quantization and tile fit: the output is cut into tiles, one per SM at a time, so a last
//   partial wave, and tiles hanging over the matrix edge, leave SMs idle. cuBLAS does not run one
//   tile shape: its heuristics pick among several (kGemmTiles, the set NVIDIA's "Matrix
//   Multiplication Background User's Guide" lists), and a smaller tile that fills the waves can
//   beat a larger one that does not, although each smaller tile is slower per output
//   (tile_efficiency). The shape gets the best tile's wave efficiency × tile efficiency.
// - a short inner dimension: each tile pays a prologue and an epilogue worth about
//   kTileOverheadK of k, which a long k amortizes (normalized to k = kReferenceK, where the
//   best-shape figure was measured).
#include <array>
#include <cstdint>

namespace wt {

// The largest tile, against which the others' efficiency is taken; also the tile under_one_wave
// counts in.
inline constexpr int64_t kTileM = 128;
inline constexpr int64_t kTileN = 256;
inline constexpr double kTileOverheadK = 128.0;
inline constexpr double kReferenceK = 4096.0;

struct GemmTile {
  int64_t m;
  int64_t n;
};

// The CTA tile shapes cuBLAS chooses among (NVIDIA, "Matrix Multiplication Background User's
// Guide", "Tile quantization": 256×128 and 128×256 the most efficient, then 128×128, 256×64 and
// 64×256, 128×64 and 64×128, 64×64 the least; as recalled, not yet excerpted into data/reference).
inline constexpr std::array<GemmTile, 8> kGemmTiles{
    {{128, 256}, {256, 128}, {128, 128}, {256, 64}, {64, 256}, {128, 64}, {64, 128}, {64, 64}}};

// A tile of m × n outputs loads m + n operand elements per step of k for m · n multiply-adds: its
// reuse is r = m·n / (m + n) (85.3 for 128 × 256, 64 for 128 × 128, 32 for 64 × 64). Each loaded
// element costs about kTileLoadCost multiply-add times that the tile does not hide, so the tile
// runs at r / (r + kTileLoadCost) of the tensor cores. Fitted (the only constant of the tile set)
// to the 171 bf16 GEMMs measured on an H100 (calibrate/profiles/h100-sxm5-80gb-measured.json):
// docs/validation.md, "Fitted and chosen constants".
inline constexpr double kTileLoadCost = 24.0;

// r / (r + kTileLoadCost) of this tile relative to the largest tile's (1 for 128 × 256).
double tile_efficiency(int64_t tile_m, int64_t tile_n);

// Useful work / SM time for `batch` GEMMs of m x n outputs on `sm_count` SMs cut into tile_m ×
// tile_n tiles: the tiles run in waves of sm_count. 1 when sm_count is 0 (not known).
double tile_wave_efficiency(int64_t m, int64_t n, int64_t batch, int64_t tile_m, int64_t tile_n,
                            int sm_count);

// The best over kGemmTiles of tile_wave_efficiency × tile_efficiency (cuBLAS picks one). At most
// 1; 1 when sm_count is 0 (not known).
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
