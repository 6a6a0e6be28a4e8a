// The GEMM shape model against hand-computed tile counts (sim/hardware/gemm_efficiency.hpp).
#include "sim/hardware/gemm_efficiency.hpp"

#include <gtest/gtest.h>

namespace wt {
namespace {

TEST(GemmEfficiency, FullWavesOfWholeTilesLoseNothing) {
  // 2048 × 6912 on an A100: 16 × 27 = 432 tiles of 128 × 256 = exactly 4 waves of 108 SMs.
  EXPECT_DOUBLE_EQ(wave_efficiency(2048, 6912, 1, 108), 1.0);
}

TEST(GemmEfficiency, APartialLastWaveIdlesSms) {
  // 8192³ on an H100: 64 × 32 = 2048 tiles on 132 SMs = 15.52 waves run as 16.
  EXPECT_DOUBLE_EQ(wave_efficiency(8192, 8192, 1, 132), 2048.0 / 2112.0);
  // One tile more than a wave: 109 tiles on 108 SMs take two waves.
  EXPECT_DOUBLE_EQ(wave_efficiency(128 * 109, 256, 1, 108), 109.0 / 216.0);
}

TEST(GemmEfficiency, TilesOverhangingTheEdgeCountOnlyTheirUsefulPart) {
  // 100 × 100 on 1 SM: one 128 × 256 tile (or 256 × 128) of which 10,000 of 32,768 are useful.
  EXPECT_DOUBLE_EQ(wave_efficiency(100, 100, 1, 1), 10000.0 / 32768.0);
}

TEST(GemmEfficiency, TheBetterOrientationIsTaken) {
  // 256 × 128 on 1 SM: one 256 × 128 tile fits exactly; 128 × 256 would need two half-used ones.
  EXPECT_DOUBLE_EQ(wave_efficiency(256, 128, 1, 1), 1.0);
  EXPECT_DOUBLE_EQ(wave_efficiency(128, 256, 1, 1), 1.0);
}

TEST(GemmEfficiency, BatchedProductsShareTheWaves) {
  // 8 products of 128 × 256 on 8 SMs: one wave, all busy; on 6 SMs two waves for 8 tiles.
  EXPECT_DOUBLE_EQ(wave_efficiency(128, 256, 8, 8), 1.0);
  EXPECT_DOUBLE_EQ(wave_efficiency(128, 256, 8, 6), 8.0 / 12.0);
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

}  // namespace
}  // namespace wt
