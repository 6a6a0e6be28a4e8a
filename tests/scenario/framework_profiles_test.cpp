// training.framework: each profile fills what the file leaves out, where its mechanism exists, and
// an explicit field always wins.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/error.hpp"
#include "sim/scenario/framework_profiles.hpp"
#include "sim/scenario/parse.hpp"
#include "tests/scenario/scenario_test_util.hpp"

namespace wt {
namespace {

// small_base(): TP 2 × PP 2 × DP 2 on one node of 8 GPUs, bf16.
Scenario with(const std::string& framework, const std::string& patch = "{}") {
  nlohmann::json doc = test::patched_base(patch);
  doc["training"]["framework"] = framework;
  return parse_scenario(doc);
}

bool lists(const Scenario& s, const std::string& prefix) {
  return std::any_of(s.framework_defaults.begin(), s.framework_defaults.end(),
                     [&](const std::string& line) { return line.rfind(prefix, 0) == 0; });
}

TEST(FrameworkProfiles, NoneLeavesEveryDefault) {
  const Scenario s = with("none");
  EXPECT_TRUE(s.framework_defaults.empty());
  EXPECT_EQ(s.parallel.zero_stage, 0);
  EXPECT_FALSE(s.parallel.sequence_parallel);
  EXPECT_TRUE(s.parallel.overlap_grad_reduce);
}

TEST(FrameworkProfiles, NemoShardsTheOptimizerAndTurnsOnSequenceParallelismWithTp) {
  const Scenario s = with("nemo");
  EXPECT_EQ(s.parallel.zero_stage, 1);        // distributed optimizer, DP 2
  EXPECT_TRUE(s.parallel.sequence_parallel);  // TP 2
  EXPECT_TRUE(s.parallel.overlap_grad_reduce);
  EXPECT_TRUE(s.parallel.overlap_param_gather);
  EXPECT_FALSE(s.parallel.tp_comm_overlap);
  EXPECT_FALSE(s.training.grad_reduce_in_fp32);  // performance_mode
  EXPECT_EQ(s.training.attention, AttentionKernel::cudnn);
  EXPECT_TRUE(lists(s, "parallel.zero_stage = 1 (NVIDIA/NeMo@8cfedd7203"));
  EXPECT_TRUE(lists(s, "parallel.sequence_parallel = true"));
}

// The PyTorch-native frameworks run FlashAttention-2 through scaled_dot_product_attention (or the
// flash-attn package); Megatron-Core, NeMo and MaxText run Transformer Engine's fused attention.
TEST(FrameworkProfiles, PyTorchNativeFrameworksRunFlashAttention2) {
  EXPECT_EQ(with("torchtitan").training.attention, AttentionKernel::flash2);
  EXPECT_EQ(with("fsdp").training.attention, AttentionKernel::flash2);
  EXPECT_EQ(with("llm-foundry").training.attention, AttentionKernel::flash2);
  EXPECT_EQ(with("megatron-core").training.attention, AttentionKernel::cudnn);
  EXPECT_EQ(with("maxtext").training.attention, AttentionKernel::fused);
}

// torchtitan's Float8 is torchao's dynamic tensorwise scaling (v0.2.2's default recipe),
// DeepSpeed's sequence parallelism Ulysses, torchtitan's context parallelism an all-gather ring;
// each only where its mechanism is on.
TEST(FrameworkProfiles, Fp8RecipeAndContextExchangeFollowTheFramework) {
  const std::string fp8 =
      R"({"training": {"precision": "fp8"}, "cluster": {"gpu": "h100-sxm5-80gb"}})";
  EXPECT_EQ(with("torchtitan", fp8).training.fp8_recipe, Fp8Recipe::tensorwise);
  EXPECT_EQ(with("nemo", fp8).training.fp8_recipe, Fp8Recipe::delayed);
  EXPECT_FALSE(lists(with("torchtitan"), "training.fp8_recipe"));  // bf16: not listed
  const std::string cp = R"({"parallel": {"context": 2, "data": 1}})";
  EXPECT_EQ(with("deepspeed", cp).parallel.cp_comm_type, CpCommType::a2a);
  EXPECT_EQ(with("torchtitan", cp).parallel.cp_comm_type, CpCommType::all_gather);
  EXPECT_EQ(with("nemo", cp).parallel.cp_comm_type, CpCommType::p2p);
  EXPECT_FALSE(lists(with("deepspeed"), "parallel.cp_comm_type"));  // no CP: not listed
}

TEST(FrameworkProfiles, PlainPyTorchRunsEagerUnderAutocastAndMoeFusionFollowsTheRecipes) {
  const Scenario s = with("pytorch");
  EXPECT_EQ(s.training.kernel_fusion, KernelFusion::eager_amp);
  EXPECT_EQ(s.training.attention, AttentionKernel::flash2);
  EXPECT_TRUE(s.training.grad_reduce_in_fp32);
  EXPECT_EQ(with("nemo").training.kernel_fusion, KernelFusion::fused);
  // Transformer Engine's fused permutation: only for MoE models, and only where the recipes set it.
  const std::string moe = R"({"model": {"moe": {"num_experts": 8, "top_k": 2}}})";
  EXPECT_TRUE(with("nemo", moe).training.moe_permute_fusion);
  EXPECT_TRUE(with("megatron-core", moe).training.moe_permute_fusion);
  EXPECT_FALSE(with("megatron-lm", moe).training.moe_permute_fusion);
  EXPECT_FALSE(with("torchtitan", moe).training.moe_permute_fusion);
  EXPECT_FALSE(lists(with("nemo"), "training.moe_permute_fusion"));  // dense: not listed
}

TEST(FrameworkProfiles, ConditionsFollowTheLayout) {
  // TP 1 × PP 2 × DP 4: no sequence parallelism to turn on.
  const Scenario no_tp = with("megatron-core", R"({"parallel": {"tensor": 1, "data": null}})");
  EXPECT_FALSE(no_tp.parallel.sequence_parallel);
  EXPECT_FALSE(lists(no_tp, "parallel.sequence_parallel"));
  EXPECT_EQ(no_tp.parallel.zero_stage, 1);
  // TP 2 × PP 4 × DP 1: no distributed optimizer to shard over.
  const Scenario no_dp = with("megatron-core", R"({"parallel": {"pipeline": 4, "data": 1}})");
  EXPECT_EQ(no_dp.parallel.data, 1);
  EXPECT_EQ(no_dp.parallel.zero_stage, 0);
  EXPECT_FALSE(lists(no_dp, "parallel.zero_stage"));
}

TEST(FrameworkProfiles, AnExplicitFieldAlwaysWins) {
  const Scenario s = with("torchtitan", R"({"parallel": {"zero_stage": 1},
      "training": {"activation_recompute": "full", "grad_reduce_in_fp32": false}})");
  EXPECT_EQ(s.parallel.zero_stage, 1);
  EXPECT_EQ(s.training.activation_recompute, Recompute::full);
  EXPECT_FALSE(s.training.grad_reduce_in_fp32);
  EXPECT_FALSE(lists(s, "parallel.zero_stage"));
  EXPECT_FALSE(lists(s, "training.activation_recompute"));
  EXPECT_TRUE(s.parallel.sequence_parallel);  // still the profile's
}

TEST(FrameworkProfiles, FsdpFrameworksShardEverything) {
  for (const char* name : {"fsdp", "torchtitan", "maxtext", "llm-foundry"}) {
    EXPECT_EQ(with(name).parallel.zero_stage, 3) << name;
  }
  EXPECT_EQ(with("maxtext").training.activation_recompute, Recompute::full);
  EXPECT_EQ(with("llm-foundry").training.activation_recompute, Recompute::full);
  EXPECT_EQ(with("torchtitan").training.activation_recompute, Recompute::per_op);
  EXPECT_TRUE(with("torchtitan").training.grad_reduce_in_fp32);
  EXPECT_FALSE(with("llm-foundry").training.grad_reduce_in_fp32);  // PURE mixed precision
}

TEST(FrameworkProfiles, MegatronLmReducesInFp32OnlyWithBf16) {
  EXPECT_TRUE(with("megatron-lm").training.grad_reduce_in_fp32);
  EXPECT_FALSE(
      with("megatron-lm", R"({"training": {"precision": "fp16"}})").training.grad_reduce_in_fp32);
  const Scenario old = with("megatron-lm-2021");
  EXPECT_EQ(old.training.attention, AttentionKernel::unfused);
  EXPECT_FALSE(old.parallel.overlap_grad_reduce);
  EXPECT_EQ(old.parallel.zero_stage, 0);
}

TEST(FrameworkProfiles, DeepSpeedOverlapsItsReductionOnlyAtStage3) {
  EXPECT_FALSE(
      with("deepspeed", R"({"parallel": {"zero_stage": 2}})").parallel.overlap_grad_reduce);
  EXPECT_TRUE(with("deepspeed", R"({"parallel": {"zero_stage": 3}})").parallel.overlap_grad_reduce);
  EXPECT_DOUBLE_EQ(with("deepspeed").parallel.dp_bucket_mb, 1000.0);  // 5e8 elements × 2 B
  EXPECT_EQ(with("deepspeed-2021").training.attention, AttentionKernel::unfused);
}

TEST(FrameworkProfiles, NamesAreFoundWhateverTheSpellingAndUnknownOnesRefused) {
  EXPECT_EQ(with("Megatron_Core").training.framework, "megatron-core");
  EXPECT_EQ(with("LLM Foundry").training.framework, "llm-foundry");
  EXPECT_TRUE(test::throws_input_error([] { with("megatorn-core"); }, "training.framework",
                                       "did you mean \"megatron-core\""));
}

TEST(FrameworkProfiles, EveryDefaultNamesAFieldAndASource) {
  for (const FrameworkProfile& p : framework_profiles()) {
    for (const ProfileDefault& d : p.defaults) {
      EXPECT_FALSE(d.source.empty()) << p.name << " " << d.path;
      EXPECT_NO_THROW(with(p.name)) << p.name;
    }
  }
}

}  // namespace
}  // namespace wt
