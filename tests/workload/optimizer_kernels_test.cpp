// The optimizer step's kernels against hand-computed bytes (sim/workload/layer_kernels): the
// gradient-norm pass of clipping reads each owned gradient once, then the step moves 18 bytes per
// parameter for Adam (12 for SGD).
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
  EXPECT_DOUBLE_EQ(k[1].bytes, 18e9);
}

TEST(OptimizerKernels, Fp32GradientsAreReadAtFourBytesAndSgdMovesTwelve) {
  Scenario s = test::gpt_scenario(1, 1, 1);
  s.training.precision = Precision::fp32;
  s.training.optimizer = Optimizer::sgd;
  const KernelList k = optimizer_kernels(s, 5e8);
  ASSERT_EQ(k.size(), 2u);
  EXPECT_DOUBLE_EQ(k[0].bytes, 2e9);  // 5e8 × 4 B
  EXPECT_DOUBLE_EQ(k[1].bytes, 6e9);  // 5e8 × 12 B
}

TEST(OptimizerKernels, Bf16WithFp32GradientsReadsFourBytesPerGradient) {
  Scenario s = test::gpt_scenario(1, 1, 1);
  s.training.precision = Precision::bf16;
  s.training.grad_reduce_in_fp32 = true;
  const KernelList k = optimizer_kernels(s, 1e9);
  ASSERT_EQ(k.size(), 2u);
  EXPECT_DOUBLE_EQ(k[0].bytes, 4e9);  // 1e9 fp32 gradients
}

}  // namespace
}  // namespace wt
