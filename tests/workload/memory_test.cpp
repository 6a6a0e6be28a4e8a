#include "sim/workload/memory.hpp"

#include <gtest/gtest.h>

#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

TEST(ZeroMemory, MatchesZeroPaperForMixedPrecisionAdam) {
  const double psi = 7.5e9;
  const double n = 64;
  auto total = [&](int stage) {
    return model_state_memory(psi, stage, 64, TrainingConfig{}).total();
  };
  EXPECT_DOUBLE_EQ(total(0), 16.0 * psi);
  EXPECT_DOUBLE_EQ(total(1), 4.0 * psi + 12.0 * psi / n);
  EXPECT_DOUBLE_EQ(total(2), 2.0 * psi + 14.0 * psi / n);
  EXPECT_DOUBLE_EQ(total(3), 16.0 * psi / n);
}

TEST(ZeroMemory, Fp32KeepsNoMasterCopy) {
  TrainingConfig t;
  t.precision = Precision::fp32;
  const ModelStateMemory m = model_state_memory(1e9, 0, 8, t);
  EXPECT_DOUBLE_EQ(m.weights, 4e9);
  EXPECT_DOUBLE_EQ(m.gradients, 4e9);
  EXPECT_DOUBLE_EQ(m.optimizer, 8e9);
}

// Megatron-LM's distributed-optimizer table (docs/source/distrib_optimizer.md): bf16 weights with
// fp32 gradients take 18 B per parameter, 6 + 12/d with the optimizer state sharded.
TEST(ZeroMemory, Fp32GradientsMatchMegatronsTableForBf16) {
  TrainingConfig t;
  t.grad_reduce_in_fp32 = true;
  const double psi = 1e9;
  EXPECT_DOUBLE_EQ(model_state_memory(psi, 0, 8, t).total(), 18.0 * psi);
  EXPECT_DOUBLE_EQ(model_state_memory(psi, 1, 8, t).total(), 6.0 * psi + 12.0 * psi / 8.0);
  EXPECT_DOUBLE_EQ(gradient_width(t), 4.0);
  t.precision = Precision::fp32;  // fp32 training has fp32 gradients either way
  t.grad_reduce_in_fp32 = false;
  EXPECT_DOUBLE_EQ(gradient_width(t), 4.0);
}

// Korthikanti et al. 2022, Table 2, per layer with s, b, h, a: their attention is unfused (the
// scores are kept for backward).
class Activations : public ::testing::Test {
 protected:
  Activations() { s.training.attention = AttentionKernel::unfused; }
  Scenario s = test::gpt_scenario(1, 1, 8);
  double sbh() const {
    return static_cast<double>(s.model.seq_length) * s.training.micro_batch_size *
           s.model.hidden_size;
  }
  double ash() const {
    return 5.0 * s.model.num_attention_heads * static_cast<double>(s.model.seq_length) /
           s.model.hidden_size;
  }
};

TEST_F(Activations, NoParallelism) {
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), sbh() * (34.0 + ash()));
}

TEST_F(Activations, TensorParallelWithoutSequenceParallel) {
  s.parallel.tensor = 4;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), sbh() * (10.0 + 24.0 / 4 + ash() / 4));
}

TEST_F(Activations, TensorAndSequenceParallel) {
  s.parallel.tensor = 4;
  s.parallel.sequence_parallel = true;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), sbh() / 4 * (34.0 + ash()));
}

TEST_F(Activations, SelectiveRecomputeDropsTheScoreTerm) {
  s.parallel.tensor = 4;
  s.parallel.sequence_parallel = true;
  s.training.activation_recompute = Recompute::selective;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), sbh() / 4 * 34.0);
}

TEST_F(Activations, FullRecomputeKeepsTheLayerInput) {
  s.training.activation_recompute = Recompute::full;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), 2.0 * sbh());
  s.parallel.tensor = 2;
  s.parallel.sequence_parallel = true;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), sbh());
}

// FlashAttention keeps only Q, K, V, the output and the row statistics: no 5as/h score term,
// whatever the recomputation setting.
TEST_F(Activations, FusedAttentionNeverKeepsTheScores) {
  s.training.attention = AttentionKernel::fused;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), sbh() * 34.0);
  s.training.activation_recompute = Recompute::selective;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), sbh() * 34.0);
}

TEST_F(Activations, WithoutDropoutNoMasksAreKept) {
  s.model.hidden_dropout = 0.0;
  // 34 less the two 1-byte masks of the attention and MLP dropouts.
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), sbh() * (32.0 + ash()));
}

TEST_F(Activations, QuantizedTrainingKeepsTheGemmInputsAtTheOperandsBytes) {
  s.training.attention = AttentionKernel::fused;
  s.training.precision = Precision::fp8;
  // The QKV, fc1, projection and fc2 inputs (2 + 2 + 2 + 8 of 34, f = 4h) at 1 byte: 34 − 7.
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), sbh() * 27.0);
  s.training.precision = Precision::mxfp8;
  // At 1 + 1/32 bytes: 34 − 14 + 14 × (1 + 1/32) / 2.
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), sbh() * (20.0 + 7.0 * (1.0 + 1.0 / 32.0)));
  // torchao's rowwise linears save their 16-bit inputs: the 16-bit layer's 34.
  s.training.precision = Precision::fp8;
  s.training.fp8_recipe = Fp8Recipe::rowwise;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), sbh() * 34.0);
}

TEST_F(Activations, ContextParallelSplitsTheSequence) {
  const double whole = activation_bytes_per_layer(s);
  s.parallel.context = 2;
  // s/2 local tokens; the score term still spans the full sequence each query attends to.
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), sbh() / 2 * (34.0 + ash()));
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), whole / 2);
}

// torchtitan's per-op checkpointing on Llama 3.1 8B (h 4096, 32 heads, 8 KV heads, f 14336,
// SwiGLU), 2 × 8192 tokens, bf16, fused attention. Per token it keeps the block input h, q h,
// v 1024, the attention output h, w1 f and w2 h (k, the output projection and w3 run again) plus
// the fp32 logsumexp of 32 heads: 2·(4·4096 + 1024 + 14336) + 4·32 = 63 616 bytes (15.5h + 128).
TEST(PerOpActivations, Llama3_8bByHand) {
  Scenario s = test::llama3_8b_scenario(1, 1, 8);
  s.training.micro_batch_size = 2;
  s.training.attention = AttentionKernel::flash2;
  s.training.activation_recompute = Recompute::per_op;
  const double tokens = 2.0 * 8192;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), tokens * 63616.0);
  // Megatron's selective with a fused core keeps 36 sbh here (10 + Q, K, V, projection input
  // 2 + 0.5 + 0.5 + 2 + SwiGLU 6·3.5); the layer under recompute holds the difference again.
  EXPECT_DOUBLE_EQ(recompute_working_bytes(s), tokens * (36.0 * 4096 - 63616.0));
  // TP 2 with SP: input, q, v, attention output, w1 split; w2's output is the full h before its
  // reduce-scatter, whose outputs (two, h/2 each) are kept too:
  // 2·(2048 + 2048 + 512 + 7168 + 4096 + 2·2048) + 2·2048 + 4·16 = 44 096 bytes.
  s.parallel.tensor = 2;
  s.parallel.sequence_parallel = true;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), tokens * 44096.0);
  // fp32 activations: 4 bytes each, the logsumexp stays 4.
  s.training.precision = Precision::fp32;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), tokens * (2.0 * 39936.0 + 4.0 * 2048 + 64.0));
}

// A two-matrix MLP: q 1, k 2, v 3, projection 4, fc1 5 kept, fc2 6 run again. GPT (k = a, f = 4h)
// keeps input, q, v, fc1 and the attention output: 8h elements = 16h bytes, plus 4a logsumexp;
// an unfused core (batched matmuls, not on the save list) keeps no output: 14h bytes.
TEST_F(Activations, PerOpKeepsEveryOtherMatmulOfATwoMatrixMlp) {
  s.training.activation_recompute = Recompute::per_op;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), sbh() * 14.0);
  s.training.attention = AttentionKernel::fused;
  const double tokens = static_cast<double>(s.model.seq_length) * s.training.micro_batch_size;
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s),
                   sbh() * 16.0 + tokens * 4.0 * s.model.num_attention_heads);
}

TEST_F(Activations, OnlyFullAndPerOpHoldARecomputeWorkingSet) {
  for (Recompute r : {Recompute::none, Recompute::selective}) {
    s.training.activation_recompute = r;
    EXPECT_EQ(recompute_working_bytes(s), 0.0);
  }
  s.training.activation_recompute = Recompute::full;
  EXPECT_DOUBLE_EQ(recompute_working_bytes(s), sbh() * 34.0);
  s.training.activation_recompute = Recompute::per_op;
  EXPECT_DOUBLE_EQ(recompute_working_bytes(s), sbh() * (34.0 - 14.0));
}

}  // namespace
}  // namespace wt
