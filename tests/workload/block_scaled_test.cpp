// MXFP8 and NVFP4 training (Transformer Engine's block-scaled recipes on Blackwell): GEMMs at the
// FP8 / FP4 tensor peak, attention in bf16, quantization casts as memory-bound work, and the
// cached quantized weight copies in the weight memory. Values computed by hand.
#include <gtest/gtest.h>

#include <string>

#include "sim/hardware/gpu.hpp"
#include "sim/scenario/precision.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/memory.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

constexpr double kLaunch_s = 2e-6;  // the Blackwell catalog's kernel launch overhead

TEST(BlockScaled, CatalogPeaksAreTheDenseFp8AndFp4Figures) {
  const GpuSpec& b200 = *find_gpu("b200");
  const GpuSpec& gb200 = *find_gpu("gb200");
  EXPECT_DOUBLE_EQ(b200.peak_flops(Precision::mxfp8), 4500e12);
  EXPECT_DOUBLE_EQ(b200.peak_flops(Precision::nvfp4), 9000e12);
  EXPECT_DOUBLE_EQ(gb200.peak_flops(Precision::mxfp8), 5000e12);
  EXPECT_DOUBLE_EQ(gb200.peak_flops(Precision::nvfp4), 10000e12);
  for (const char* id : {"h100-sxm5-80gb", "h200-sxm-141gb", "a100-sxm4-80gb", "mi300x", "l40s"}) {
    const GpuSpec* g = find_gpu(id);
    ASSERT_NE(g, nullptr) << id;
    EXPECT_EQ(g->peak_flops(Precision::mxfp8), 0.0) << id;
    EXPECT_EQ(g->peak_flops(Precision::nvfp4), 0.0) << id;
  }
}

// A large GEMM: compute-bound (no bytes), so time - launch = flops / (peak × efficiency × shape).
// The shape factor is the same for both; MXFP8 takes GB200's fp8 MAMF fraction 3615.6/5000 and
// NVFP4 the bf16 one 1822/2500, so t_nvfp4 / t_mxfp8 = 3615.6 / (10000 × 0.7288) = 0.496103.
TEST(BlockScaled, Nvfp4GemmsRunAtTheFp4Peak) {
  const GpuSpec& gb200 = *find_gpu("gb200");
  Kernel gemm{KernelClass::gemm, "probe"};
  gemm.m = gemm.n = gemm.k = 8192;
  gemm.flops = 2.0 * 8192.0 * 8192.0 * 8192.0;
  const double mx = kernel_time_s(gemm, gb200, Precision::mxfp8) - kLaunch_s;
  const double nv = kernel_time_s(gemm, gb200, Precision::nvfp4) - kLaunch_s;
  const double fp8 = kernel_time_s(gemm, gb200, Precision::fp8) - kLaunch_s;
  EXPECT_NEAR(nv / mx, 3615.6 / 7288.0, 1e-9);
  EXPECT_DOUBLE_EQ(mx, fp8);  // the same tensor rate and MAMF fraction as per-tensor fp8
}

TEST(BlockScaled, AttentionStaysInBf16) {
  const GpuSpec& gb200 = *find_gpu("gb200");
  Kernel attention{KernelClass::attention, "attn"};
  attention.m = attention.n = 8192;
  attention.k = 128;
  attention.batch = 64;
  attention.flops = 4.0 * 64 * 8192.0 * 8192.0 * 128.0;
  const double bf16 = kernel_time_s(attention, gb200, Precision::bf16);
  EXPECT_DOUBLE_EQ(kernel_time_s(attention, gb200, Precision::nvfp4), bf16);
  EXPECT_DOUBLE_EQ(kernel_time_s(attention, gb200, Precision::mxfp8), bf16);
}

// The first cast of a layer's forward is the QKV input, tokens × h = 2048 × 2048 elements.
// NVFP4: an amax pass (read 2 bytes), the rowwise copy (read 2, write 0.5 + 1/16) and the
// Hadamard-transformed columnwise copy (read 2, write 0.5 + 1/16): 7.125 bytes. MXFP8: read 2,
// write a rowwise and a columnwise copy of 1 + 1/32. Per-tensor fp8 on GB200 (FP8 GEMMs take
// either layout): read 2, write one copy of 1.
TEST(BlockScaled, CastsAreMemoryBoundWithTheScales) {
  Scenario s = test::gpt_scenario(1, 1, 1);
  s.cluster.gpu = "gb200";
  const auto first_cast = [&](Precision p, const std::string& name) {
    s.training.precision = p;
    for (const Kernel& k : layer_forward_kernels(s)) {
      if (k.name == name) return k;
    }
    ADD_FAILURE() << name;
    return Kernel{};
  };
  const double elements = 2048.0 * 2048.0;
  const Kernel nv = first_cast(Precision::nvfp4, "nvfp4_cast");
  EXPECT_EQ(nv.cls, KernelClass::memory_bound);
  EXPECT_DOUBLE_EQ(nv.bytes, elements * 7.125);
  EXPECT_DOUBLE_EQ(first_cast(Precision::mxfp8, "mxfp8_cast").bytes,
                   elements * (2.0 + 2.0 * 1.03125));
  EXPECT_DOUBLE_EQ(first_cast(Precision::fp8, "fp8_cast").bytes, elements * 3.0);
}

// Bytes per cast element by recipe and GPU, by hand (sim/scenario/precision.hpp).
TEST(Fp8Recipes, CastBytesPerElement) {
  EXPECT_DOUBLE_EQ(cast_bytes_per_element(Precision::fp8, Fp8Recipe::delayed, false), 4.0);
  EXPECT_DOUBLE_EQ(cast_bytes_per_element(Precision::fp8, Fp8Recipe::delayed, true), 3.0);
  EXPECT_DOUBLE_EQ(cast_bytes_per_element(Precision::fp8, Fp8Recipe::tensorwise, false), 6.0);
  EXPECT_DOUBLE_EQ(cast_bytes_per_element(Precision::fp8, Fp8Recipe::tensorwise, true), 5.0);
  EXPECT_DOUBLE_EQ(cast_bytes_per_element(Precision::fp8, Fp8Recipe::blockwise, false), 4.0625);
  EXPECT_DOUBLE_EQ(cast_bytes_per_element(Precision::fp8, Fp8Recipe::blockwise, true), 4.0625);
  // torchao rowwise: two quantizations from 16 bits, each an amax pass and a cast, any layout.
  EXPECT_DOUBLE_EQ(cast_bytes_per_element(Precision::fp8, Fp8Recipe::rowwise, false), 10.0);
  EXPECT_DOUBLE_EQ(cast_bytes_per_element(Precision::fp8, Fp8Recipe::rowwise, true), 10.0);
  EXPECT_DOUBLE_EQ(cast_bytes_per_element(Precision::mxfp8, Fp8Recipe::delayed, true), 4.0625);
  EXPECT_DOUBLE_EQ(cast_bytes_per_element(Precision::nvfp4, Fp8Recipe::delayed, true), 7.125);
  for (Precision p : {Precision::bf16, Precision::fp16, Precision::fp32, Precision::tf32}) {
    EXPECT_EQ(cast_bytes_per_element(p, Fp8Recipe::delayed, false), 0.0);
  }
}

// The GPUs whose FP8 GEMMs read either operand layout are the Blackwell ones.
TEST(Fp8Recipes, OnlyBlackwellSkipsTheTransposedCopy) {
  EXPECT_TRUE(find_gpu("b200")->fp8_gemm_any_layout());
  EXPECT_TRUE(find_gpu("gb200")->fp8_gemm_any_layout());
  for (const char* id : {"h100-sxm5-80gb", "h200-sxm-141gb", "l40s", "mi300x"}) {
    EXPECT_FALSE(find_gpu(id)->fp8_gemm_any_layout()) << id;
  }
}

// On an H100 the recipe sets the first forward cast (2048 × 2048 elements): 4, 6, 4.0625 bytes.
TEST(Fp8Recipes, TheRecipeSetsTheCastOnHopper) {
  Scenario s = test::gpt_scenario(1, 1, 1);
  s.training.precision = Precision::fp8;
  const auto first_cast_bytes = [&](Fp8Recipe r) {
    s.training.fp8_recipe = r;
    for (const Kernel& k : layer_forward_kernels(s)) {
      if (k.name == "fp8_cast") return k.bytes;
    }
    ADD_FAILURE() << "no fp8_cast";
    return 0.0;
  };
  const double elements = 2048.0 * 2048.0;
  EXPECT_DOUBLE_EQ(first_cast_bytes(Fp8Recipe::delayed), elements * 4.0);
  EXPECT_DOUBLE_EQ(first_cast_bytes(Fp8Recipe::tensorwise), elements * 6.0);
  EXPECT_DOUBLE_EQ(first_cast_bytes(Fp8Recipe::blockwise), elements * 4.0625);
  EXPECT_DOUBLE_EQ(first_cast_bytes(Fp8Recipe::rowwise), elements * 10.0);
}

// torchao's rowwise linears cast each weight at every use, a row-scaled copy in forward and a
// column-scaled one in backward (2 + 2 + 1 bytes per parameter each), and cache none: on the test
// GPT (h 2048, f 8192, TP 1) the forward casts QKV's 3h·h, the projection's h·h, fc1's f·h and
// fc2's h·f parameters; no other recipe casts weights in the layer.
TEST(Fp8Recipes, RowwiseCastsTheWeightsAtEveryUse) {
  Scenario s = test::gpt_scenario(1, 1, 1);
  s.training.precision = Precision::fp8;
  const auto weight_cast_bytes = [&](Fp8Recipe r, bool backward) {
    s.training.fp8_recipe = r;
    double bytes = 0.0;
    for (const Kernel& k : backward ? layer_backward_kernels(s) : layer_forward_kernels(s)) {
      if (k.name.rfind("fp8_weight_cast", 0) == 0) bytes += k.bytes;
    }
    return bytes;
  };
  const double h = 2048.0, f = 8192.0;
  const double params = 3 * h * h + h * h + f * h + h * f;
  EXPECT_DOUBLE_EQ(weight_cast_bytes(Fp8Recipe::rowwise, false), params * 5.0);
  EXPECT_DOUBLE_EQ(weight_cast_bytes(Fp8Recipe::rowwise, true), params * 5.0);
  for (const Fp8Recipe r : {Fp8Recipe::delayed, Fp8Recipe::tensorwise, Fp8Recipe::blockwise}) {
    EXPECT_EQ(weight_cast_bytes(r, false), 0.0);
    EXPECT_EQ(weight_cast_bytes(r, true), 0.0);
  }
}

// Delayed scaling's amax all-reduce per chunk pass, by hand: GPT 1.3B's 24 layers over 2 stages ×
// 2 chunks = 6 layers a chunk; forward 4 B × 4 linear layers × 3 amaxes × 6 = 288 B, backward
// 4 × 4 × 2 × 6 = 192 B, over the data × context ranks; over the tensor ranks without data or
// context parallelism; none under bf16, tensorwise or with one GPU per stage.
TEST(Fp8Recipes, DelayedScalingReducesAmaxesPerChunkPass) {
  Scenario s = test::gpt_scenario(2, 2, 4);
  s.parallel.virtual_stages = 2;
  s.training.precision = Precision::fp8;
  const LayerCollective f = chunk_amax_sync(s, Phase::forward);
  EXPECT_EQ(f.dim, CommDim::dp);
  EXPECT_EQ(f.collective, Collective::all_reduce);
  EXPECT_EQ(f.group, 4);
  EXPECT_EQ(f.count, 1);
  EXPECT_DOUBLE_EQ(f.bytes, 288.0);
  EXPECT_DOUBLE_EQ(chunk_amax_sync(s, Phase::backward).bytes, 192.0);
  s.parallel.context = 2;
  EXPECT_EQ(chunk_amax_sync(s, Phase::forward).group, 8);
  s.parallel.context = 1;
  s.parallel.data = 1;
  const LayerCollective tp = chunk_amax_sync(s, Phase::forward);
  EXPECT_EQ(tp.dim, CommDim::tp);
  EXPECT_EQ(tp.group, 2);
  s.parallel.tensor = 1;
  EXPECT_EQ(chunk_amax_sync(s, Phase::forward).count, 0);
  s = test::gpt_scenario(2, 2, 4);
  EXPECT_EQ(chunk_amax_sync(s, Phase::forward).count, 0);  // bf16
  s.training.precision = Precision::fp8;
  s.training.fp8_recipe = Fp8Recipe::tensorwise;
  EXPECT_EQ(chunk_amax_sync(s, Phase::forward).count, 0);
}

// bf16 weights + the two cached quantized copies; gradients and fp32 master + Adam as for fp8.
TEST(BlockScaled, WeightsCarryTheQuantizedCopies) {
  TrainingConfig t;
  t.precision = Precision::mxfp8;
  StateBytes b = state_bytes_per_param(t);
  EXPECT_DOUBLE_EQ(b.weights, 2.0 + 2.0 * (1.0 + 1.0 / 32.0));  // 4.0625
  EXPECT_DOUBLE_EQ(b.gradients, 2.0);
  EXPECT_DOUBLE_EQ(b.optimizer, 12.0);
  t.precision = Precision::nvfp4;
  b = state_bytes_per_param(t);
  EXPECT_DOUBLE_EQ(b.weights, 2.0 + 2.0 * (0.5 + 1.0 / 16.0));  // 3.125
  t.precision = Precision::fp8;
  EXPECT_DOUBLE_EQ(state_bytes_per_param(t).weights, 4.0);  // bf16 + the fp8 copy and transpose
  t.fp8_recipe = Fp8Recipe::rowwise;                        // torchao keeps no quantized copy
  EXPECT_DOUBLE_EQ(state_bytes_per_param(t).weights, 2.0);
  t.fp8_recipe = Fp8Recipe::delayed;
  // 1e9 parameters under ZeRO-1 over 8 ranks: 3.125 + 2 + 12/8 = 6.625 GB.
  t.precision = Precision::nvfp4;
  EXPECT_DOUBLE_EQ(model_state_memory(1e9, 1, 8, t).total(), 6.625e9);
}

}  // namespace
}  // namespace wt
