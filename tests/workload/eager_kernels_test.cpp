// PyTorch eager under torch.autocast (training.kernel_fusion = eager_amp; sim/workload/
// layer_kernels.cpp) against hand-computed bytes for a GPT layer of h 2048, f 8192, 16 heads, with
// biases (two-matrix MLP), 2,048 tokens: forward 68 h and backward 146 h bytes per token.
#include <gtest/gtest.h>

#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/kernel_bytes.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

using test::kernel_bytes;

Scenario eager_scenario() {
  Scenario s = test::gpt_scenario(1, 1, 1);
  s.training.kernel_fusion = KernelFusion::eager_amp;
  return s;
}

TEST(EagerKernels, ForwardRunsFp32NormsAndResidualsWithACastAtEachLinear) {
  const double h = 2048, tokens = 2048;
  // Norms 2 × 8h, casts 2 × 6h, residual adds 2 × 10h, relayout 4h, GELU 2 × (f + f) = 16h.
  EXPECT_DOUBLE_EQ(kernel_bytes(layer_forward_kernels(eager_scenario()), "elementwise"),
                   tokens * 68.0 * h);
  // The fused layer: (4h + 6h + f + f) elements of 2 B = 36h.
  EXPECT_DOUBLE_EQ(kernel_bytes(layer_forward_kernels(test::gpt_scenario(1, 1, 1)), "elementwise"),
                   tokens * 36.0 * h);
  // SwiGLU (f = 4096 = 2h, fc1 out 4h): SiLU reads and writes f, the product reads 2f and writes
  // f: 5f = 10h elements of 2 B = 20h, against GELU's 16h above; norms, casts, residuals and the
  // relayout as before: 16h + 12h + 20h + 4h + 20h = 72h.
  Scenario gated = eager_scenario();
  gated.model.gated_mlp = true;
  gated.model.ffn_hidden_size = 4096;
  EXPECT_DOUBLE_EQ(kernel_bytes(layer_forward_kernels(gated), "elementwise"), tokens * 72.0 * h);
}

TEST(EagerKernels, BackwardCastsNormsAccumulatesAndReducesTheBiasGradients) {
  const double h = 2048, tokens = 2048;
  // Casts 4 × 6h, norms 2 × 20h, accumulation 2 × 12h, GELU 2 × (f + 2f) = 24h, QKV concat 12h,
  // relayout 4h, bias gradients 2 × (3h + h + f + h) = 18h.
  EXPECT_DOUBLE_EQ(kernel_bytes(layer_backward_kernels(eager_scenario()), "elementwise_bwd"),
                   tokens * 146.0 * h);
  Scenario gated = eager_scenario();  // no biases in the gated (Llama) convention
  gated.model.gated_mlp = true;
  // f = 4096 = 2h: the two product backwards 6f, SiLU's backward 3f and the concatenation of the
  // halves' gradients 4f: 13f = 26h elements of 2 B = 52h.
  gated.model.ffn_hidden_size = 4096;
  EXPECT_DOUBLE_EQ(kernel_bytes(layer_backward_kernels(gated), "elementwise_bwd"),
                   tokens * (24.0 + 40 + 24 + 52 + 12 + 4) * h);
}

TEST(EagerKernels, WeightsAreCastEveryForwardAndTheirGradientsBack) {
  const Scenario s = eager_scenario();
  EXPECT_DOUBLE_EQ(kernel_bytes(layer_forward_kernels(s), "weight_cast"),
                   6.0 * layer_params_on_gpu(s));
  EXPECT_DOUBLE_EQ(kernel_bytes(layer_backward_kernels(s), "weight_grad_cast"),
                   6.0 * layer_params_on_gpu(s));
  EXPECT_EQ(kernel_bytes(layer_forward_kernels(test::gpt_scenario(1, 1, 1)), "weight_cast"), -1.0);
}

TEST(EagerKernels, TheOutputLayerIsCastLikeALayer) {
  // Its 51,200 × 2048 fp32 weight cast to 16 bits each forward, its gradient back: 6 B each way.
  const double weights = 51200.0 * 2048;
  EXPECT_DOUBLE_EQ(kernel_bytes(logits_forward_kernels(eager_scenario()), "logits_weight_cast"),
                   6.0 * weights);
  EXPECT_DOUBLE_EQ(
      kernel_bytes(logits_backward_kernels(eager_scenario()), "logits_weight_grad_cast"),
      6.0 * weights);
  EXPECT_EQ(kernel_bytes(logits_forward_kernels(test::gpt_scenario(1, 1, 1)), "logits_weight_cast"),
            -1.0);
}

TEST(EagerKernels, CrossEntropyRunsInFp32WithItsCasts) {
  const double logits = 2048.0 * 51200;
  EXPECT_DOUBLE_EQ(kernel_bytes(logits_forward_kernels(eager_scenario()), "cross_entropy"),
                   18.0 * logits);
  EXPECT_DOUBLE_EQ(kernel_bytes(logits_backward_kernels(eager_scenario()), "cross_entropy_bwd"),
                   22.0 * logits);
  EXPECT_DOUBLE_EQ(
      kernel_bytes(logits_forward_kernels(test::gpt_scenario(1, 1, 1)), "cross_entropy"),
      8.0 * logits);
  // The embedding's rows are fp32: 2 × 4 B per element gathered.
  EXPECT_DOUBLE_EQ(kernel_bytes(embedding_forward_kernels(eager_scenario()), "embedding"),
                   2048.0 * 2048 * 8);
}

}  // namespace
}  // namespace wt
