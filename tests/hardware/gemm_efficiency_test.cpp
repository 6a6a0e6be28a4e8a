// The GEMM shape model against hand-computed tile counts (sim/hardware/gemm_efficiency.hpp).
#include "sim/hardware/gemm_efficiency.hpp"

#include <algorithm>

#include <gtest/gtest.h>

namespace wt {
namespace {

TEST(GemmEfficiency, FullWavesOfWholeTilesLoseNothing) {
  // 2048 × 6912 on an A100: 16 × 27 = 432 tiles of 128 × 256 = exactly 4 waves of 108 SMs.
  EXPECT_DOUBLE_EQ(wave_efficiency(2048, 6912, 1, 108), 1.0);
}

TEST(GemmEfficiency, APartialLastWaveIdlesSms) {
  // 8192³ on an H100: 64 × 32 = 2048 tiles of 128 × 256 on 132 SMs = 15.52 waves run as 16.
  EXPECT_DOUBLE_EQ(tile_wave_efficiency(8192, 8192, 1, 128, 256, 132), 2048.0 / 2112.0);
  // No smaller tile does better (128 × 128: 4096 tiles in 32 waves, 0.970 × 41/44), so the shape
  // keeps it.
  EXPECT_DOUBLE_EQ(wave_efficiency(8192, 8192, 1, 132), 2048.0 / 2112.0);
  // One tile more than a wave: 109 tiles of 128 × 256 on 108 SMs take two waves.
  EXPECT_DOUBLE_EQ(tile_wave_efficiency(128 * 109, 256, 1, 128, 256, 108), 109.0 / 216.0);
}

TEST(GemmEfficiency, TilesOverhangingTheEdgeCountOnlyTheirUsefulPart) {
  // 100 × 100 on 1 SM: one 128 × 256 tile of which 10,000 of 32,768 outputs are useful.
  EXPECT_DOUBLE_EQ(tile_wave_efficiency(100, 100, 1, 128, 256, 1), 10000.0 / 32768.0);
  // The best tile is one 128 × 128 (10,000 of 16,384 useful) at 41/44 of the largest tile's
  // speed; four 64 × 64 tiles would run 10,000 of 16,384 too, at 41/56.
  EXPECT_DOUBLE_EQ(wave_efficiency(100, 100, 1, 1), (10000.0 / 16384.0) * (41.0 / 44.0));
}

TEST(GemmEfficiency, TheBetterOrientationIsTaken) {
  // 256 × 128 on 1 SM: one 256 × 128 tile fits exactly; 128 × 256 would need two half-used ones.
  EXPECT_DOUBLE_EQ(wave_efficiency(256, 128, 1, 1), 1.0);
  EXPECT_DOUBLE_EQ(wave_efficiency(128, 256, 1, 1), 1.0);
}

TEST(GemmEfficiency, BatchedProductsShareTheWaves) {
  // 8 products of 128 × 256 on 8 SMs: one wave of 128 × 256 tiles, all busy.
  EXPECT_DOUBLE_EQ(wave_efficiency(128, 256, 8, 8), 1.0);
  // On 6 SMs: 8 such tiles take 2 waves (8/12); 16 tiles of 128 × 128 take 3 (16/18) at 41/44;
  // 32 of 64 × 128 take 6 (32/36) at 41/50; 64 of 64 × 64 take 11 (64/66) at 41/56. 128 × 128 wins.
  EXPECT_DOUBLE_EQ(tile_wave_efficiency(128, 256, 8, 128, 256, 6), 8.0 / 12.0);
  EXPECT_DOUBLE_EQ(wave_efficiency(128, 256, 8, 6), (16.0 / 18.0) * (41.0 / 44.0));
}

// kTileLoadCost = 24: reuse r = m·n/(m + n), share r/(r + 24), relative to 128 × 256's
// (256/3)/(256/3 + 24) = 32/41.
TEST(GemmEfficiency, SmallerTilesRunSlowerPerOutput) {
  EXPECT_DOUBLE_EQ(tile_efficiency(128, 256), 1.0);
  EXPECT_DOUBLE_EQ(tile_efficiency(256, 128), 1.0);
  EXPECT_NEAR(tile_efficiency(128, 128), 41.0 / 44.0, 1e-15);  // r 64: 64/88 = 8/11
  EXPECT_NEAR(tile_efficiency(256, 64), 41.0 / 47.0, 1e-15);   // r 51.2: 51.2/75.2 = 32/47
  EXPECT_NEAR(tile_efficiency(64, 256), 41.0 / 47.0, 1e-15);
  EXPECT_NEAR(tile_efficiency(128, 64), 41.0 / 50.0, 1e-15);  // r 128/3: 128/200 = 16/25
  EXPECT_NEAR(tile_efficiency(64, 128), 41.0 / 50.0, 1e-15);
  EXPECT_NEAR(tile_efficiency(64, 64), 41.0 / 56.0, 1e-15);  // r 32: 32/56 = 4/7
}

TEST(GemmEfficiency, TheNarrowQkvGemmOfSc21Row4TakesSmallerTiles) {
  // GPT 18.4B at TP 8 (h = 6144): QKV output 2048 × 2304 on an A100's 108 SMs.
  // 128 × 256 (either way): 144 tiles in 2 waves, 144/216 = 0.667 (the one-tile model's figure).
  EXPECT_DOUBLE_EQ(tile_wave_efficiency(2048, 2304, 1, 128, 256, 108), 144.0 / 216.0);
  EXPECT_DOUBLE_EQ(tile_wave_efficiency(2048, 2304, 1, 256, 128, 108), 144.0 / 216.0);
  // 128 × 128: 288 tiles in 3 waves, 288/324; 256 × 64: 288/324 at 41/47; 64 × 128: 576 tiles in
  // 6 waves, 576/648 at 41/50; 64 × 64: 1152 in 11 waves, 1152/1188 at 41/56.
  EXPECT_DOUBLE_EQ(tile_wave_efficiency(2048, 2304, 1, 128, 128, 108), 288.0 / 324.0);
  EXPECT_DOUBLE_EQ(tile_wave_efficiency(2048, 2304, 1, 64, 128, 108), 576.0 / 648.0);
  EXPECT_DOUBLE_EQ(tile_wave_efficiency(2048, 2304, 1, 64, 64, 108), 1152.0 / 1188.0);
  // Best: 128 × 128, (8/9)(41/44) = 0.828.
  EXPECT_NEAR(wave_efficiency(2048, 2304, 1, 108), (288.0 / 324.0) * (41.0 / 44.0), 1e-15);
}

TEST(GemmEfficiency, TpNarrowedH100ShapeFromTheIssue) {
  // 2048 × 3072 on 132 SMs: 128 × 256 is 192 tiles in 2 waves (192/264 = 0.727); 128 × 128 is 384
  // in 3 waves (384/396) at 41/44 = 0.904; 64 × 128 is 768 in 6 waves (768/792) at 41/50 = 0.795.
  EXPECT_NEAR(wave_efficiency(2048, 3072, 1, 132), (384.0 / 396.0) * (41.0 / 44.0), 1e-15);
}

TEST(GemmEfficiency, UnknownSmCountLeavesTheBestShapeFigure) {
  EXPECT_DOUBLE_EQ(wave_efficiency(100, 100, 1, 0), 1.0);
  EXPECT_DOUBLE_EQ(gemm_shape_factor(100, 100, 4096, 1, 0), 1.0);
}

TEST(GemmEfficiency, ShortInnerDimensionPaysThePrologue) {
  // k / (k + 128), relative to k = 4096: 4096/4224 = 0.969697.
  EXPECT_DOUBLE_EQ(inner_dimension_efficiency(4096), 1.0);
  EXPECT_DOUBLE_EQ(inner_dimension_efficiency(128), 0.5 / (4096.0 / 4224.0));
  EXPECT_DOUBLE_EQ(inner_dimension_efficiency(96), (96.0 / 224.0) / (4096.0 / 4224.0));
  EXPECT_DOUBLE_EQ(inner_dimension_efficiency(65536), 1.0);  // capped at the best shape
}

TEST(GemmEfficiency, ShapeFactorIsTheProduct) {
  EXPECT_DOUBLE_EQ(gemm_shape_factor(8192, 8192, 128, 1, 132),
                   (2048.0 / 2112.0) * 0.5 / (4096.0 / 4224.0));
  EXPECT_DOUBLE_EQ(gemm_shape_factor(2048, 3072, 128, 1, 132),
                   wave_efficiency(2048, 3072, 1, 132) * inner_dimension_efficiency(128));
}

TEST(GemmEfficiency, LessThanOneWaveOfTilesIsUnderOneWave) {
  // One wave on 132 SMs is 132 · 128 · 256 = 4,325,376 outputs. Llama 3 8B's QKV at 128 decode rows
  // (128 × 6144 = 786,432) and its gate/up at 128 rows (128 × 28,672 = 3,670,016) are under it; the
  // gate/up at 256 rows (7,340,032) is not, nor is a 4096-row prefill.
  EXPECT_TRUE(under_one_wave(128, 6144, 1, 132));
  EXPECT_TRUE(under_one_wave(128, 28672, 1, 132));
  EXPECT_FALSE(under_one_wave(256, 28672, 1, 132));
  EXPECT_FALSE(under_one_wave(4096, 4096, 1, 132));
  // Batched: 6 of the 128-row QKV GEMMs make 4,718,592, over one wave.
  EXPECT_FALSE(under_one_wave(128, 6144, 6, 132));
  EXPECT_FALSE(under_one_wave(128, 6144, 1, 0));  // no SM count: the wave model as before
}

// wave_efficiency works the tile terms out at compile time and stops at the first tile that cannot
// win; it must give, bit for bit, the maximum its header defines: over kGemmTiles, the tile's
// tile_wave_efficiency × tile_efficiency.
TEST(GemmEfficiency, TheFastSearchIsTheDefinedMaximumBitForBit) {
  int shapes = 0;
  for (const int64_t m : {1, 64, 100, 128, 2048, 2304, 3072, 4097, 8192})
    for (const int64_t n : {1, 96, 256, 1536, 2304, 3840, 14336})
      for (const int64_t batch : {1, 3, 32})
        for (const int sms : {1, 108, 132, 148}) {
          double best = 0.0;
          for (const GemmTile& t : kGemmTiles) {
            best = std::max(
                best, tile_wave_efficiency(m, n, batch, t.m, t.n, sms) * tile_efficiency(t.m, t.n));
          }
          EXPECT_EQ(wave_efficiency(m, n, batch, sms), best)
              << m << " x " << n << " x " << batch << " on " << sms << " SMs";
          ++shapes;
        }
  EXPECT_EQ(shapes, 9 * 7 * 3 * 4);
}

}  // namespace
}  // namespace wt
