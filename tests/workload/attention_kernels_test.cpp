// The attention core's kernels against hand-computed FLOPs and bytes
// (sim/workload/attention_kernels).
#include "sim/workload/attention_kernels.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace wt {
namespace {

class Collect final : public KernelSink {
 public:
  void add(const KernelShape& k) override { kernels.push_back(k); }
  std::vector<KernelShape> kernels;
  double flops() const {
    double f = 0.0;
    for (const KernelShape& k : kernels)
      f += k.flops;
    return f;
  }
  double bytes(KernelClass c) const {
    double b = 0.0;
    for (const KernelShape& k : kernels)
      if (k.cls == c) b += k.bytes;
    return b;
  }
};

// b = 2, 4 heads of 64 on this GPU, 1024 queries attending to 1024 keys, 2-byte activations.
AttentionShape shape() {
  AttentionShape a;
  a.micro_batch = 2;
  a.heads = 4;
  a.seq_local = 1024;
  a.seq = 1024;
  a.head_dim = 64;
  a.width = 2.0;
  return a;
}

constexpr double kScores = 2.0 * 4 * 1024.0 * 1024.0;   // b · heads · s_q · s_k
constexpr double kForwardFlops = 4.0 * kScores * 64.0;  // QKᵀ and ·V, 2 FLOPs per MAC

TEST(AttentionKernels, FusedForwardIsOneKernelOfFourBsshFlops) {
  Collect out;
  emit_attention_forward(shape(), AttentionKernel::fused, "", out);
  ASSERT_EQ(out.kernels.size(), 1u);
  EXPECT_EQ(out.kernels[0].cls, KernelClass::attention);
  EXPECT_DOUBLE_EQ(out.flops(), kForwardFlops);
  // Q, K, V and the output: 2 · 4 · 64 · (1024 + 2·1024 + 1024) elements of 2 bytes; no scores.
  EXPECT_DOUBLE_EQ(out.kernels[0].bytes, 2.0 * 2 * 4 * 64 * 4096.0);
}

TEST(AttentionKernels, FusedBackwardRecomputesTheScores) {
  for (bool recompute : {false, true}) {  // selective recompute adds nothing to a fused core
    Collect out;
    emit_attention_backward(shape(), AttentionKernel::fused, recompute, out);
    ASSERT_EQ(out.kernels.size(), 1u);
    EXPECT_DOUBLE_EQ(out.flops(), 2.5 * kForwardFlops);  // 5 matmuls to the forward's 2
  }
}

TEST(AttentionKernels, UnfusedForwardWritesAndReadsTheScores) {
  Collect out;
  emit_attention_forward(shape(), AttentionKernel::unfused, "", out);
  ASSERT_EQ(out.kernels.size(), 4u);  // QKᵀ, softmax, dropout, ·V
  EXPECT_DOUBLE_EQ(out.flops(), kForwardFlops);
  // Softmax reads and writes the scores (2 · 2 B), dropout reads and writes them and writes a
  // 1-byte mask: 9 bytes per score element outside the GEMMs.
  EXPECT_DOUBLE_EQ(out.bytes(KernelClass::memory_bound), 9.0 * kScores);
  EXPECT_EQ(out.kernels[0].batch, 8);
  EXPECT_EQ(out.kernels[0].k, 64);    // QKᵀ: inner dimension is the head
  EXPECT_EQ(out.kernels[3].k, 1024);  // ·V: inner dimension is the keys
}

TEST(AttentionKernels, UnfusedBackwardIsFourBatchedGemmsAndTheScorePasses) {
  Collect plain, recomputed;
  emit_attention_backward(shape(), AttentionKernel::unfused, false, plain);
  emit_attention_backward(shape(), AttentionKernel::unfused, true, recomputed);
  EXPECT_DOUBLE_EQ(plain.flops(), 2.0 * kForwardFlops);
  // dropout backward 5 B (grad in and out, mask) + softmax backward 3 · 2 B per element.
  EXPECT_DOUBLE_EQ(plain.bytes(KernelClass::memory_bound), 11.0 * kScores);
  EXPECT_DOUBLE_EQ(recomputed.flops(), 3.0 * kForwardFlops);
  EXPECT_EQ(recomputed.kernels.size(), plain.kernels.size() + 4);
}

}  // namespace
}  // namespace wt
