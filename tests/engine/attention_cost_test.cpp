// A fused attention kernel's time by implementation: fused at the built-in efficiency, flash2 at
// the measured FlashAttention-2 table on the GPUs it covers, the built-in elsewhere.
#include <gtest/gtest.h>

#include "sim/hardware/attention_tables.hpp"
#include "sim/workload/costs.hpp"

namespace wt {
namespace {

KernelShape forward_attention() {
  KernelShape k{KernelClass::attention, "attention", ""};
  k.batch = 128;  // micro-batch 4 × 32 heads
  k.m = 2048;
  k.n = 2048;
  k.k = 128;
  k.flops = 4.0 * 128 * 2048.0 * 2048.0 * 128;  // 274.9 GFLOP
  k.bytes = 1.0;                                // compute-bound: the roofline's compute side
  return k;
}

TEST(AttentionCost, Flash2UsesTheMeasuredTableOnHopperSxm) {
  const GpuSpec& h100 = *find_gpu("h100-sxm5-80gb");
  const KernelShape k = forward_attention();
  const double launch_s = h100.kernel_launch_us.value * 1e-6;
  const double fused_s =
      kernel_time_s(k, h100, Precision::bf16, nullptr, 1.0, AttentionKernel::fused);
  const double flash2_s =
      kernel_time_s(k, h100, Precision::bf16, nullptr, 1.0, AttentionKernel::flash2);
  EXPECT_NEAR(fused_s, k.flops / (989.4e12 * kAttentionEfficiency) + launch_s, 1e-12);
  // 0.46589 of the peak at the measured (128, 2048, 128): 0.5964 ms instead of 0.4631 ms.
  const double eff = *measured_attention_efficiency(AttentionKernel::flash2, h100, Precision::bf16,
                                                    128, 2048, 128);
  EXPECT_NEAR(eff, 0.465892, 1e-6);
  EXPECT_NEAR(flash2_s, k.flops / (989.4e12 * eff) + launch_s, 1e-12);
  // fp8 training runs attention in bf16, so it takes the same table.
  EXPECT_DOUBLE_EQ(kernel_time_s(k, h100, Precision::fp8, nullptr, 1.0, AttentionKernel::flash2),
                   flash2_s);
}

TEST(AttentionCost, CudnnUsesItsOwnTable) {
  const GpuSpec& h100 = *find_gpu("h100-sxm5-80gb");
  const KernelShape k = forward_attention();
  const double eff =
      *measured_attention_efficiency(AttentionKernel::cudnn, h100, Precision::bf16, 128, 2048, 128);
  EXPECT_NEAR(kernel_time_s(k, h100, Precision::bf16, nullptr, 1.0, AttentionKernel::cudnn),
              k.flops / (989.4e12 * eff) + h100.kernel_launch_us.value * 1e-6, 1e-12);
}

TEST(AttentionCost, MeasuredKindsKeepTheBuiltInEfficiencyWhereNoTableExists) {
  const GpuSpec& a100 = *find_gpu("a100-sxm4-80gb");
  const KernelShape k = forward_attention();
  const double fused_s =
      kernel_time_s(k, a100, Precision::bf16, nullptr, 1.0, AttentionKernel::fused);
  EXPECT_DOUBLE_EQ(kernel_time_s(k, a100, Precision::bf16, nullptr, 1.0, AttentionKernel::flash2),
                   fused_s);
  EXPECT_DOUBLE_EQ(kernel_time_s(k, a100, Precision::bf16, nullptr, 1.0, AttentionKernel::cudnn),
                   fused_s);
}

}  // namespace
}  // namespace wt
