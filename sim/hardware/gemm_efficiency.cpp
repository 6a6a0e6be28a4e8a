#include "sim/hardware/gemm_efficiency.hpp"

#include <algorithm>
#include "core/units.hpp"

namespace wt {
namespace {

using units::as_double;

int64_t ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

double reuse(int64_t tile_m, int64_t tile_n) {
  return as_double(tile_m) * as_double(tile_n) / as_double(tile_m + tile_n);
}

double load_bound_share(int64_t tile_m, int64_t tile_n) {
  const double r = reuse(tile_m, tile_n);
  return r / (r + kTileLoadCost);
}

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
  double best = 0.0;
  for (const GemmTile& t : kGemmTiles) {
    best = std::max(
        best, tile_wave_efficiency(m, n, batch, t.m, t.n, sm_count) * tile_efficiency(t.m, t.n));
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
