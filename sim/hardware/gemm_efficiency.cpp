#include "sim/hardware/gemm_efficiency.hpp"

#include <algorithm>
#include <array>
#include "core/units.hpp"

namespace wt {
namespace {

using units::as_double;

int64_t ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

constexpr double reuse(int64_t tile_m, int64_t tile_n) {
  return static_cast<double>(tile_m) * static_cast<double>(tile_n) /
         static_cast<double>(tile_m + tile_n);
}

constexpr double load_bound_share(int64_t tile_m, int64_t tile_n) {
  const double r = reuse(tile_m, tile_n);
  return r / (r + kTileLoadCost);
}

// kGemmTiles with what wave_efficiency needs of each, worked out at compile time: the log2 of
// its sides (all are powers of two, so a ceiling division is a shift), 1 / its area (exact, a power
// of two) and tile_efficiency. kGemmTiles is in decreasing tile_efficiency, which lets the search
// stop at the first tile that cannot beat the best found (a wave efficiency is at most 1).
struct TileTerms {
  int log_m, log_n;
  double inverse_area, efficiency;
};

constexpr int log2_exact(int64_t v) {
  int out = 0;
  while ((int64_t{1} << out) < v)
    ++out;
  return out;
}

constexpr std::array<TileTerms, kGemmTiles.size()> tile_terms() {
  std::array<TileTerms, kGemmTiles.size()> out{};
  for (std::size_t i = 0; i < kGemmTiles.size(); ++i) {
    const GemmTile& t = kGemmTiles[i];
    const double area = static_cast<double>(t.m) * static_cast<double>(t.n);
    out[i] = {log2_exact(t.m), log2_exact(t.n), 1.0 / area,
              load_bound_share(t.m, t.n) / load_bound_share(kTileM, kTileN)};
  }
  return out;
}

constexpr std::array<TileTerms, kGemmTiles.size()> kTileTerms = tile_terms();

static_assert(
    [] {
      for (std::size_t i = 0; i < kGemmTiles.size(); ++i) {
        const GemmTile& t = kGemmTiles[i];
        if ((int64_t{1} << kTileTerms[i].log_m) != t.m ||
            (int64_t{1} << kTileTerms[i].log_n) != t.n)
          return false;
        if (i > 0 && kTileTerms[i].efficiency > kTileTerms[i - 1].efficiency) return false;
      }
      return true;
    }(),
    "kGemmTiles: powers of two, in decreasing tile_efficiency");

}  // namespace

double tile_efficiency(int64_t tile_m, int64_t tile_n) {
  return load_bound_share(tile_m, tile_n) / load_bound_share(kTileM, kTileN);
}

double tile_wave_efficiency(int64_t m, int64_t n, int64_t batch, int64_t tile_m, int64_t tile_n,
                            int sm_count) {
  if (sm_count <= 0 || m <= 0 || n <= 0 || batch <= 0) return 1.0;
  const int64_t tiles = batch * ceil_div(m, tile_m) * ceil_div(n, tile_n);
  const int64_t waves = ceil_div(tiles, sm_count);
  const double useful_tiles =
      as_double(batch) * as_double(m) * as_double(n) / (as_double(tile_m) * as_double(tile_n));
  return useful_tiles / (as_double(waves) * as_double(sm_count));
}

double wave_efficiency(int64_t m, int64_t n, int64_t batch, int sm_count) {
  if (sm_count <= 0 || m <= 0 || n <= 0 || batch <= 0) return 1.0;
  // tile_wave_efficiency × tile_efficiency of each tile, as those functions compute them.
  const double work = as_double(batch) * as_double(m) * as_double(n);
  const double slots_per_wave = as_double(sm_count);
  double best = 0.0;
  for (const TileTerms& t : kTileTerms) {
    if (best >= t.efficiency) break;
    const int64_t tiles = batch * (((m - 1) >> t.log_m) + 1) * (((n - 1) >> t.log_n) + 1);
    const int64_t waves = ceil_div(tiles, sm_count);
    best =
        std::max(best, work * t.inverse_area / (as_double(waves) * slots_per_wave) * t.efficiency);
  }
  return best;
}

double inner_dimension_efficiency(int64_t k) {
  if (k <= 0) return 1.0;
  const double ramp = as_double(k) / (as_double(k) + kTileOverheadK);
  const double reference = kReferenceK / (kReferenceK + kTileOverheadK);
  return std::min(1.0, ramp / reference);
}

bool under_one_wave(int64_t m, int64_t n, int64_t batch, int sm_count) {
  if (sm_count <= 0) return false;
  return as_double(batch) * as_double(m) * as_double(n) <
         as_double(sm_count) * as_double(kTileM) * as_double(kTileN);
}

double gemm_shape_factor(int64_t m, int64_t n, int64_t k, int64_t batch, int sm_count) {
  return wave_efficiency(m, n, batch, sm_count) * inner_dimension_efficiency(k);
}

}  // namespace wt
