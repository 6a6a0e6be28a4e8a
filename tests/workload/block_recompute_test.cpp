// Full recompute of the first N layers of each model chunk (training.recompute_num_layers,
// Megatron's --recompute-method block): how many layers recompute, the activations the others
// keep, and the recompute FLOPs, against hand counts.
#include <gtest/gtest.h>

#include "sim/workload/memory.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

// 24 layers over PP 2: chunks of 12.
Scenario block(int n, Recompute r = Recompute::full) {
  Scenario s = test::gpt_scenario(1, 2, 4);
  s.training.activation_recompute = r;
  s.training.recompute_num_layers = n;
  return s;
}

TEST(BlockRecompute, TheFirstNLayersOfEachChunkRecompute) {
  EXPECT_EQ(recomputed_layers(block(0), 12), 12);  // 0: every layer
  EXPECT_EQ(recomputed_layers(block(3), 12), 3);
  EXPECT_EQ(recomputed_layers(block(20), 12), 12);  // capped at the chunk
  EXPECT_EQ(recomputed_layers(block(3, Recompute::selective), 12), 0);
  EXPECT_DOUBLE_EQ(recomputed_layer_share(block(3)), 6.0 / 24.0);
  EXPECT_DOUBLE_EQ(recomputed_layer_share(block(0)), 1.0);
  EXPECT_DOUBLE_EQ(recomputed_layer_share(block(0, Recompute::none)), 0.0);
}

TEST(BlockRecompute, LayersThatDoNotRecomputeKeepTheirActivations) {
  const double full = activation_bytes_per_layer(block(0));
  const double none = activation_bytes_per_layer(block(0, Recompute::none));
  EXPECT_DOUBLE_EQ(activation_bytes_per_layer(block(3)), 0.25 * full + 0.75 * none);
}

TEST(BlockRecompute, OnlyTheRecomputedLayersAddTheirForwardFlops) {
  const double none = hardware_flops_per_iteration(block(0, Recompute::none));
  const double full = hardware_flops_per_iteration(block(0));
  EXPECT_NEAR(hardware_flops_per_iteration(block(3)) - none, 0.25 * (full - none), 1e-9 * full);
}

}  // namespace
}  // namespace wt
