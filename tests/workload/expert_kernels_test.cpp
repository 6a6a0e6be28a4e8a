// The expert MLP of an MoE layer against hand-computed shapes (sim/workload/layer_kernels): the
// routed tokens that reach a GPU are split evenly over its local experts, one GEMM per expert.
#include <gtest/gtest.h>

#include "sim/hardware/gpu.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

const Kernel& find(const KernelList& list, const std::string& name) {
  for (const Kernel& k : list) {
    if (k.name == name) return k;
  }
  throw std::runtime_error("no kernel " + name);
}

Scenario moe_scenario(int experts, int expert_parallel) {
  Scenario s = test::gpt_scenario(1, 1, 8);
  s.model.moe = {experts, 2, 4096};
  s.parallel.expert = expert_parallel;
  return s;
}

TEST(ExpertKernels, EachLocalExpertRunsItsShareOfTheRoutedTokens) {
  // 8 experts over EP 2: 4 local experts; 2048 tokens × top-2 = 4096 routed rows, 1024 each.
  const KernelList fwd = layer_forward_kernels(moe_scenario(8, 2));
  const Kernel& fc1 = find(fwd, "mlp_fc1");
  EXPECT_EQ(fc1.batch, 4);
  EXPECT_EQ(fc1.m, 1024);
  EXPECT_EQ(fc1.n, 4096);
  EXPECT_EQ(fc1.k, 2048);
  EXPECT_DOUBLE_EQ(fc1.flops, 2.0 * 4096 * 4096 * 2048);  // all routed rows, once
  // Weights of four experts, inputs and outputs of their rows, 2 bytes each.
  EXPECT_DOUBLE_EQ(fc1.bytes, 2.0 * 4 * (1024.0 * 2048 + 2048.0 * 4096 + 1024.0 * 4096));
  const KernelList bwd = layer_backward_kernels(moe_scenario(8, 2));
  const Kernel& wgrad = find(bwd, "mlp_fc2_wgrad");  // dW = Xᵀ·dY over each expert's 1024 rows
  EXPECT_EQ(wgrad.batch, 4);
  EXPECT_EQ(wgrad.m, 4096);
  EXPECT_EQ(wgrad.n, 2048);
  EXPECT_EQ(wgrad.k, 1024);
}

TEST(ExpertKernels, OneExpertPerGpuIsOneGemmOverAllRoutedTokens) {
  const KernelList fwd = layer_forward_kernels(moe_scenario(8, 8));
  const Kernel& fc1 = find(fwd, "mlp_fc1");
  EXPECT_EQ(fc1.batch, 1);
  EXPECT_EQ(fc1.m, 4096);
}

TEST(ExpertKernels, SmallExpertsRunSlowerForTheSameFlops) {
  // The same routed work over 32 local experts of 128 rows instead of 4 of 1024: the short,
  // badly tiled GEMMs (wave quantization, the wgrad's 128-long inner dimension) take longer.
  const GpuSpec& gpu = *find_gpu("h100-sxm5-80gb");
  auto expert_mlp = [&](const Scenario& s, double& flops) {
    double time_s = 0.0;
    flops = 0.0;
    for (const Kernel& k : layer_backward_kernels(s)) {
      if (k.name.rfind("mlp_", 0) != 0) continue;
      flops += k.flops;
      time_s += kernel_time_s(k, gpu, Precision::bf16);
    }
    return time_s;
  };
  double few_flops = 0.0, many_flops = 0.0;
  const double few = expert_mlp(moe_scenario(8, 2), few_flops);
  const double many = expert_mlp(moe_scenario(64, 2), many_flops);
  EXPECT_DOUBLE_EQ(few_flops, many_flops);
  EXPECT_GT(many, 1.05 * few);
  EXPECT_EQ(find(layer_backward_kernels(moe_scenario(64, 2)), "mlp_fc1_wgrad").k, 128);
}

}  // namespace
}  // namespace wt

namespace wt {
namespace {

// Dropless routing with load imbalance 1.5 over EP 2: the most loaded rank's 4 local experts take
// 1.5 × 4096 = 6144 routed rows, 1536 each; its all-to-all bytes grow alike; the copies a rank
// sends (its own 2048 tokens × top-2) and the FLOPs counted do not change.
TEST(ExpertKernels, TheMostLoadedRankSetsTheExpertWork) {
  Scenario even = moe_scenario(8, 2);
  Scenario hot = even;
  hot.model.moe.load_imbalance = 1.5;
  const KernelList fwd = layer_forward_kernels(hot);  // find returns into it: keep it alive
  const Kernel& fc1 = find(fwd, "mlp_fc1");
  EXPECT_EQ(fc1.batch, 4);
  EXPECT_EQ(fc1.m, 1536);
  EXPECT_DOUBLE_EQ(fc1.flops, 2.0 * 6144 * 4096 * 2048);
  EXPECT_DOUBLE_EQ(find(layer_forward_kernels(hot), "moe_permute").bytes,
                   find(layer_forward_kernels(even), "moe_permute").bytes);
  EXPECT_DOUBLE_EQ(comm_sizes(hot).ep_bytes, 1.5 * comm_sizes(even).ep_bytes);
  EXPECT_DOUBLE_EQ(hardware_flops_per_iteration(hot), hardware_flops_per_iteration(even));
  EXPECT_DOUBLE_EQ(expert_load_scale(hot), 1.5);
  hot.parallel.expert = 1;  // one rank holds every expert: its load is the total
  EXPECT_DOUBLE_EQ(expert_load_scale(hot), 1.0);
  hot.parallel.expert = 2;
  hot.model.moe.capacity_factor = 1.25;  // capped at capacity: padded, never over it
  EXPECT_DOUBLE_EQ(expert_load_scale(hot), 1.25);
}

}  // namespace
}  // namespace wt
