// FSDP2's copy-out of each gathered layer (parallel.zero3_gather_copy): a memory-bound pass that
// reads and writes every gathered parameter before the layer's forward and backward. Hand values.
#include <gtest/gtest.h>

#include <string>

#include "sim/scenario/framework_profiles.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

double copy_bytes(const KernelList& list, const std::string& name) {
  double bytes = 0.0;
  int found = 0;
  for (const Kernel& k : list) {
    if (k.name == name) {
      bytes += k.bytes;
      ++found;
    }
  }
  EXPECT_LE(found, 1) << name;
  return bytes;
}

Scenario zero3_scenario() {
  Scenario s = test::gpt_scenario(1, 1, 8);
  s.parallel.zero_stage = 3;
  s.parallel.zero3_gather_copy = true;
  return s;
}

// bf16: read 2 + write 2 bytes per parameter of the layer on the GPU, forward and backward.
TEST(GatherCopy, EachGatheredLayerIsCopiedOutBeforeItsForwardAndBackward) {
  const Scenario s = zero3_scenario();
  const double bytes = 4.0 * layer_params_on_gpu(s);
  EXPECT_GT(bytes, 0.0);
  EXPECT_DOUBLE_EQ(copy_bytes(layer_forward_kernels(s), "fsdp_copy_out"), bytes);
  EXPECT_DOUBLE_EQ(copy_bytes(layer_backward_kernels(s), "fsdp_copy_out_bwd"), bytes);
}

// Full recompute gathers once for the recomputed forward and the backward: the recompute runs the
// forward's list, copy included, so the backward's list has none.
TEST(GatherCopy, FullRecomputeCopiesOnceForRecomputeAndBackward) {
  Scenario s = zero3_scenario();
  s.training.activation_recompute = Recompute::full;
  EXPECT_GT(copy_bytes(layer_forward_kernels(s), "fsdp_copy_out"), 0.0);
  EXPECT_EQ(copy_bytes(layer_backward_kernels(s), "fsdp_copy_out_bwd"), 0.0);
}

// Nothing without the flag, below ZeRO-3, or with one data-parallel rank (nothing gathered).
TEST(GatherCopy, OnlyZeroThreeGathersAreCopied) {
  Scenario s = zero3_scenario();
  s.parallel.zero3_gather_copy = false;
  EXPECT_EQ(copy_bytes(layer_forward_kernels(s), "fsdp_copy_out"), 0.0);
  s = zero3_scenario();
  s.parallel.zero_stage = 1;
  EXPECT_EQ(copy_bytes(layer_forward_kernels(s), "fsdp_copy_out"), 0.0);
  s = test::gpt_scenario(1, 1, 1);
  s.parallel.zero_stage = 3;
  s.parallel.zero3_gather_copy = true;
  EXPECT_EQ(copy_bytes(layer_forward_kernels(s), "fsdp_copy_out"), 0.0);
}

TEST(GatherCopy, TorchtitanSetsItAndFsdpOneDoesNot) {
  const auto sets = [](const char* name) {
    const FrameworkProfile* p = find_framework_profile(name);
    EXPECT_NE(p, nullptr) << name;
    if (p == nullptr) return false;
    for (const ProfileDefault& d : p->defaults) {
      if (d.path == "parallel.zero3_gather_copy") return d.value == true;
    }
    return false;
  };
  EXPECT_TRUE(sets("torchtitan"));
  EXPECT_FALSE(sets("fsdp"));
  EXPECT_FALSE(sets("megatron-core"));
}

}  // namespace
}  // namespace wt
