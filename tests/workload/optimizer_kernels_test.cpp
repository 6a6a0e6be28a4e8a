// The optimizer step's kernels against hand-computed bytes (sim/workload/layer_kernels): the
// gradient-norm pass of clipping reads each owned gradient once, then the step reads and writes
// the fp32 master weight and its moments (Adam 24 B, SGD with momentum 16 B), reads the gradient
// and, in mixed precision, writes the 16-bit weight.
#include <gtest/gtest.h>

#include "sim/workload/layer_kernels.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

TEST(OptimizerKernels, ClippingReadsTheGradientsThenTheStepMovesTheStates) {
  Scenario s = test::gpt_scenario(1, 1, 1);
  s.training.precision = Precision::bf16;
  s.training.optimizer = Optimizer::adam;
  const KernelList k = optimizer_kernels(s, 1e9);
  ASSERT_EQ(k.size(), 2u);
  EXPECT_EQ(k[0].name, "grad_norm");
  EXPECT_DOUBLE_EQ(k[0].bytes, 2e9);  // 1e9 bf16 gradients
  EXPECT_EQ(k[1].name, "optimizer_step");
  EXPECT_DOUBLE_EQ(k[1].bytes, 28e9);  // 24 + 2 (bf16 gradient) + 2 (bf16 weight)
}

TEST(OptimizerKernels, Fp32GradientsAreReadAtFourBytesAndSgdMovesTwenty) {
  Scenario s = test::gpt_scenario(1, 1, 1);
  s.training.precision = Precision::fp32;
  s.training.optimizer = Optimizer::sgd;
  const KernelList k = optimizer_kernels(s, 5e8);
  ASSERT_EQ(k.size(), 2u);
  EXPECT_DOUBLE_EQ(k[0].bytes, 2e9);   // 5e8 × 4 B
  EXPECT_DOUBLE_EQ(k[1].bytes, 1e10);  // 5e8 × (16 + 4 B gradient, no 16-bit copy in fp32)
}

TEST(OptimizerKernels, Bf16WithFp32GradientsReadsFourBytesPerGradient) {
  Scenario s = test::gpt_scenario(1, 1, 1);
  s.training.precision = Precision::bf16;
  s.training.grad_reduce_in_fp32 = true;
  const KernelList k = optimizer_kernels(s, 1e9);
  ASSERT_EQ(k.size(), 2u);
  EXPECT_DOUBLE_EQ(k[0].bytes, 4e9);   // 1e9 fp32 gradients
  EXPECT_DOUBLE_EQ(k[1].bytes, 30e9);  // 24 + 4 + 2
}

}  // namespace
}  // namespace wt
