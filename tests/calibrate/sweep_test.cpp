#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>

#include "calibrate/sweep.hpp"

namespace wt::calibrate {
namespace {

using Shapes = std::vector<GemmShape>;

TEST(TransformerShapes, QuickSweepIsTheEightLayerGemmsSortedByFlops) {
  // h = 4096, tokens = 4096, TP 1 and 8; FLOPs ∝ n·k, ties broken by (m, n, k).
  const Shapes expected = {
      {4096, 4096, 512},    // proj, TP 8
      {4096, 1536, 4096},   // QKV, TP 8
      {4096, 2048, 4096},   // FC1, TP 8
      {4096, 4096, 2048},   // FC2, TP 8 (same FLOPs as FC1, larger n)
      {4096, 4096, 4096},   // proj, TP 1
      {4096, 12288, 4096},  // QKV, TP 1
      {4096, 4096, 16384},  // FC2, TP 1
      {4096, 16384, 4096},  // FC1, TP 1
  };
  EXPECT_EQ(transformer_gemm_shapes(quick_transformer_sweep()), expected);
}

TEST(TransformerShapes, DuplicatesAcrossGemmsAndHiddenSizesAppearOnce) {
  // h ∈ {2048, 8192}, TP ∈ {1, 4}: 16 GEMMs. Worked by hand, (n, k) with m = 2048:
  // (2048, 2048) is proj TP1 = FC1 TP4 = FC2 TP4 of h 2048; (8192, 8192) likewise for h 8192;
  // (8192, 2048) is FC1 TP1 of h 2048 and proj TP4 of h 8192. 16 − 2 − 2 − 1 = 11 distinct.
  const Shapes shapes = transformer_gemm_shapes({{2048, 8192}, {2048}, {1, 4}});
  EXPECT_EQ(shapes.size(), 11u);
  for (const GemmShape& s :
       {GemmShape{2048, 2048, 2048}, GemmShape{2048, 8192, 2048}, GemmShape{2048, 8192, 8192},
        GemmShape{2048, 2048, 512}, GemmShape{2048, 24576, 8192}, GemmShape{2048, 8192, 32768}}) {
    EXPECT_EQ(std::count(shapes.begin(), shapes.end(), s), 1) << s.m << "×" << s.n << "×" << s.k;
  }
}

TEST(TransformerShapes, TensorParallelThatDoesNotDivideTheHiddenSizeIsLeftOut) {
  EXPECT_TRUE(transformer_gemm_shapes({{12288}, {2048}, {5}}).empty());
  EXPECT_EQ(transformer_gemm_shapes({{12288}, {2048}, {5, 8}}).size(), 4u);
}

TEST(TransformerShapes, FullSweepIsSortedDistinctAndSpansTheLayerShapes) {
  const Shapes shapes = transformer_gemm_shapes(full_transformer_sweep());
  // 240 GEMMs (5 h × 3 token counts × 4 TP × 4); 171 distinct, counted independently with a
  // Python set over the same formulas.
  EXPECT_EQ(shapes.size(), 171u);
  for (std::size_t i = 1; i < shapes.size(); ++i) {
    EXPECT_LE(shapes[i - 1].flops(), shapes[i].flops());
    EXPECT_FALSE(shapes[i - 1] == shapes[i]);
  }
  EXPECT_EQ(shapes.front(), (GemmShape{2048, 2048, 256}));    // proj, h 2048, TP 8
  EXPECT_EQ(shapes.back(), (GemmShape{8192, 65536, 16384}));  // FC1, h 16384, TP 1
  EXPECT_DOUBLE_EQ(shapes.back().flops(), 2.0 * 8192 * 65536 * 16384);
}

TEST(SizeLadder, StepsByTheFactorAndEndsAtTheLastSize) {
  const std::vector<uint64_t> nccl = size_ladder(8, 4 * kGiB, 4);
  ASSERT_EQ(nccl.size(), 16u);  // 8·4⁰ … 8·4¹⁴ = 2 GiB, then 4 GiB
  EXPECT_EQ(nccl.front(), 8u);
  EXPECT_EQ(nccl[1], 32u);
  EXPECT_EQ(nccl[14], 2 * kGiB);
  EXPECT_EQ(nccl.back(), 4 * kGiB);
  EXPECT_EQ(size_ladder(2, 32, 2), (std::vector<uint64_t>{2, 4, 8, 16, 32}));
}

TEST(SizeLadder, EmptyOrDegenerateInputs) {
  EXPECT_TRUE(size_ladder(64, 32, 2).empty());
  EXPECT_TRUE(size_ladder(0, 32, 2).empty());
  EXPECT_TRUE(size_ladder(1, 32, 1).empty());
  EXPECT_EQ(size_ladder(5, 5, 2), (std::vector<uint64_t>{5}));
}

TEST(SizeLadder, NeverOverflows) {
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  EXPECT_EQ(size_ladder(1, kMax, uint64_t{1} << 32),
            (std::vector<uint64_t>{1, uint64_t{1} << 32, kMax}));
}

TEST(BenchmarkSizes, LaddersOfEachSectionAndTheirCap) {
  EXPECT_EQ(device_memory_sizes(false, 4 * kGiB),
            (std::vector<uint64_t>{64 * kMiB, 128 * kMiB, 256 * kMiB, 512 * kMiB, kGiB, 2 * kGiB}));
  EXPECT_EQ(device_memory_sizes(false, 256 * kMiB),
            (std::vector<uint64_t>{64 * kMiB, 128 * kMiB, 256 * kMiB}));
  EXPECT_EQ(host_transfer_sizes(false, 4 * kGiB),
            (std::vector<uint64_t>{kMiB, 4 * kMiB, 16 * kMiB, 64 * kMiB, 256 * kMiB, kGiB}));
  EXPECT_EQ(collective_sizes(true, 4 * kGiB),
            (std::vector<uint64_t>{8, 128, 2048, 32768, 524288, 8 * kMiB, 128 * kMiB, 256 * kMiB}));
  // 8·4^k ≤ 1 MiB for k = 0 … 8: nine sizes, the largest 512 KiB.
  const std::vector<uint64_t> small = collective_sizes(false, kMiB);
  ASSERT_EQ(small.size(), 9u);
  EXPECT_EQ(small.back(), 512 * 1024u);
}

TEST(BatchChunk, LargestDivisorThatFits) {
  EXPECT_EQ(batch_chunk(32, 100, 1000), 8);   // at most 10 items: divisors of 32 → 8
  EXPECT_EQ(batch_chunk(32, 100, 3199), 16);  // at most 31 → 16
  EXPECT_EQ(batch_chunk(32, 100, 3200), 32);
  EXPECT_EQ(batch_chunk(7, 10, 65), 1);  // at most 6: 7 is prime
  EXPECT_EQ(batch_chunk(4, 10, 5), 0);   // not even one item
  EXPECT_EQ(batch_chunk(4, 0, 0), 4);
}

}  // namespace
}  // namespace wt::calibrate
