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

TEST_F(Activations, ContextParallelSplitsTheSequence) {
  const double whole = activation_bytes_per_layer(s);
  s.parallel.context = 2;
  // s/2 local tokens; the score term still spans the full sequence each query attends to.
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), sbh() / 2 * (34.0 + ash()));
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(s), whole / 2);
}

}  // namespace
}  // namespace wt
