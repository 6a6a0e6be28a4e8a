// Rotary positions (model.position_embedding = rope; sim/workload/layer_kernels.cpp,
// docs/models.md "Positions") against hand-computed bytes on Llama 3 8B's shapes: 32 query heads
// and 8 key heads of 128, 8,192 tokens per micro-batch, 16-bit activations.
#include <gtest/gtest.h>

#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/layer_shape.hpp"
#include "tests/workload/kernel_bytes.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

using test::kernel_bytes;

Scenario rope_scenario(int tensor) {
  Scenario s = test::llama3_8b_scenario(tensor, 1, 1);
  s.model.position_embedding = PositionEmbedding::rope;
  return s;
}

TEST(RotaryKernels, FusedReadsAndWritesEachQueryAndKeyOnceEachWay) {
  // (32 + 8) heads × 128 = 5,120 elements per token, read and written, 2 B each: 20,480 B per
  // token, × 8,192 tokens = 167,772,160 B forward and the same backward.
  const Scenario s = rope_scenario(1);
  EXPECT_DOUBLE_EQ(kernel_bytes(layer_forward_kernels(s), "rotary"), 167'772'160.0);
  EXPECT_DOUBLE_EQ(kernel_bytes(layer_backward_kernels(s), "rotary_bwd"), 167'772'160.0);
}

TEST(RotaryKernels, TensorParallelRanksRotateTheirOwnHeads) {
  // TP 4: 8 query and 2 key heads per rank, 1,280 elements per token: a quarter of the above.
  EXPECT_DOUBLE_EQ(kernel_bytes(layer_forward_kernels(rope_scenario(4)), "rotary"),
                   167'772'160.0 / 4);
}

TEST(RotaryKernels, EagerRotateHalfTouchesEachElementFourteenTimesEachWay) {
  // Negation 1, concatenation 2, two products 4, sum 3, two relayout copies 4: 14 accesses of 2 B
  // per element, × 5,120 × 8,192 = 1,174,405,120 B each way.
  Scenario s = rope_scenario(1);
  s.training.kernel_fusion = KernelFusion::eager_amp;
  EXPECT_DOUBLE_EQ(kernel_bytes(layer_forward_kernels(s), "rotary"), 1'174'405'120.0);
  EXPECT_DOUBLE_EQ(kernel_bytes(layer_backward_kernels(s), "rotary_bwd"), 1'174'405'120.0);
}

TEST(RotaryKernels, LearnedAlibiAndNoPositionsHaveNoRotaryKernel) {
  for (PositionEmbedding p :
       {PositionEmbedding::learned, PositionEmbedding::alibi, PositionEmbedding::none}) {
    Scenario s = rope_scenario(1);
    s.model.position_embedding = p;
    EXPECT_EQ(kernel_bytes(layer_forward_kernels(s), "rotary"), -1.0);
    EXPECT_EQ(kernel_bytes(layer_backward_kernels(s), "rotary_bwd"), -1.0);
  }
}

TEST(RotaryKernels, PerOpRecomputeRotatesAgainInBackward) {
  Scenario s = rope_scenario(1);
  s.training.activation_recompute = Recompute::per_op;
  EXPECT_DOUBLE_EQ(kernel_bytes(layer_backward_kernels(s), "rotary_recompute"), 167'772'160.0);
}

TEST(RotaryKernels, MlaRotatesOnlyItsRopePartAndOneSharedKey) {
  // DeepSeek-V3's attention: 128 heads with a 64-wide rope part each, plus the one 64-wide rotary
  // key: TP 1 → 128 · 64 + 64 = 8,256; TP 8 → 16 · 64 + 64 = 1,088 elements per token.
  ModelConfig m;
  m.hidden_size = 7168;
  m.num_attention_heads = 128;
  m.num_kv_heads = 128;
  m.position_embedding = PositionEmbedding::rope;
  m.mla = {.q_lora_rank = 1536,
           .kv_lora_rank = 512,
           .qk_rope_head_dim = 64,
           .qk_nope_head_dim = 128,
           .v_head_dim = 128};
  EXPECT_EQ(rotary_elements(m, 1), 8256);
  EXPECT_EQ(rotary_elements(m, 8), 1088);
  m.position_embedding = PositionEmbedding::learned;
  EXPECT_EQ(rotary_elements(m, 1), 0);
}

}  // namespace
}  // namespace wt
