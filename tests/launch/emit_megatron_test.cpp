// megatron_args.sh read back: every flag matches the scenario it was written for.
#include <gtest/gtest.h>

#include <algorithm>

#include "launch_parse.hpp"
#include "planner/emit/megatron_args.hpp"

namespace wt {
namespace {

using test::megatron_flags;
using test::shipped_scenario;

TEST(EmitMegatron, LayoutBatchAndModelOfLlama3_8b) {
  const Scenario s = shipped_scenario("llama3-8b-1node-h100");
  const auto f = megatron_flags(megatron_args_sh(s));
  EXPECT_EQ(f.at("--tensor-model-parallel-size"), "2");
  EXPECT_EQ(f.at("--pipeline-model-parallel-size"), "1");
  EXPECT_EQ(f.at("--context-parallel-size"), "1");
  EXPECT_EQ(f.count("--expert-model-parallel-size"), 0u);  // dense model
  EXPECT_EQ(f.at("--sequence-parallel"), "");
  EXPECT_EQ(f.at("--micro-batch-size"), "1");
  EXPECT_EQ(f.at("--global-batch-size"), "128");
  EXPECT_EQ(f.at("--seq-length"), "8192");
  EXPECT_EQ(f.at("--num-layers"), "32");
  EXPECT_EQ(f.at("--hidden-size"), "4096");
  EXPECT_EQ(f.at("--ffn-hidden-size"), "14336");
  EXPECT_EQ(f.at("--num-attention-heads"), "32");
  EXPECT_EQ(f.at("--group-query-attention"), "");
  EXPECT_EQ(f.at("--num-query-groups"), "8");
  EXPECT_EQ(f.at("--swiglu"), "");
  EXPECT_EQ(f.at("--untie-embeddings-and-output-weights"), "");
  EXPECT_EQ(f.at("--bf16"), "");
  EXPECT_EQ(f.at("--recompute-granularity"), "selective");
  EXPECT_EQ(f.at("--recompute-modules"), "core_attn");  // Megatron-Core's default, stated
  EXPECT_EQ(f.count("--recompute-method"), 0u);
  EXPECT_EQ(f.at("--use-distributed-optimizer"), "");  // ZeRO-1
  EXPECT_EQ(f.at("--overlap-grad-reduce"), "");
  EXPECT_EQ(f.at("--overlap-param-gather"), "");
  EXPECT_EQ(f.count("--tp-comm-overlap"), 0u);  // off unless the scenario asks
  // 1e12 tokens / (128 × 8192 tokens per iteration) = 953,674.3 → 953,675 iterations.
  EXPECT_EQ(f.at("--train-iters"), "953675");
}

TEST(EmitMegatron, PlaceholdersAreVariablesWithFillMeDefaults) {
  const std::string sh = megatron_args_sh(shipped_scenario("llama3-8b-1node-h100"));
  const auto f = megatron_flags(sh);
  EXPECT_EQ(f.at("--data-path"), "${DATA_PATH}");
  EXPECT_EQ(f.at("--tokenizer-model"), "${TOKENIZER_MODEL}");
  EXPECT_EQ(f.at("--save"), "${CHECKPOINT_DIR}");
  EXPECT_EQ(f.at("--lr"), "${LR}");
  EXPECT_NE(sh.find("DATA_PATH=\"${DATA_PATH:-FILL_ME_data_prefix}\""), std::string::npos);
}

TEST(EmitMegatron, InterleavedScheduleSetsLayersPerVirtualStage) {
  // gpt3-13b: 40 layers over PP 4 × 5 virtual stages = 2 layers per chunk.
  const auto f = megatron_flags(megatron_args_sh(shipped_scenario("interleaved-gpt3-13b")));
  EXPECT_EQ(f.at("--pipeline-model-parallel-size"), "4");
  EXPECT_EQ(f.at("--num-layers-per-virtual-pipeline-stage"), "2");
  EXPECT_EQ(f.count("--untie-embeddings-and-output-weights"), 0u);  // tied
  EXPECT_EQ(f.count("--group-query-attention"), 0u);                // kv heads = heads
  EXPECT_EQ(f.at("--train-iters"), "${TRAIN_ITERS}");  // no total_tokens in the scenario
}

TEST(EmitMegatron, MixtureOfExpertsFlags) {
  const auto f = megatron_flags(megatron_args_sh(shipped_scenario("mixtral-8x7b-ep")));
  EXPECT_EQ(f.at("--expert-model-parallel-size"), "8");
  EXPECT_EQ(f.at("--num-experts"), "8");
  EXPECT_EQ(f.at("--moe-router-topk"), "2");
  EXPECT_EQ(f.at("--moe-ffn-hidden-size"), "14336");
  EXPECT_EQ(f.count("--moe-expert-capacity-factor"), 0u);  // dropless
  const auto padded = megatron_flags(
      megatron_args_sh(shipped_scenario("mixtral-8x7b-ep", {"model.moe.capacity_factor=1.25"})));
  EXPECT_EQ(padded.at("--moe-expert-capacity-factor"), "1.25");
  EXPECT_EQ(padded.at("--moe-pad-expert-input-to-capacity"), "");
}

// --recompute-modules takes several words (nargs="*"): each module its own word.
TEST(EmitMegatron, RecomputeModulesAreWordsAfterTheFlag) {
  const std::string sh = megatron_args_sh(shipped_scenario(
      "llama3-8b-1node-h100", {R"(training.recompute_modules=["core_attn", "mlp"])"}));
  EXPECT_NE(sh.find("--recompute-modules core_attn\n  mlp"), std::string::npos) << sh;
}

TEST(EmitMegatron, FullRecomputeAndZero3) {
  const Scenario s = shipped_scenario("zero3-llama2-13b");
  const auto f = megatron_flags(megatron_args_sh(s));
  EXPECT_EQ(f.at("--recompute-granularity"), "full");
  EXPECT_EQ(f.at("--recompute-method"), "uniform");
  EXPECT_EQ(f.at("--recompute-num-layers"), "1");
  EXPECT_EQ(f.at("--micro-batch-size"), "2");
  EXPECT_EQ(f.count("--sequence-parallel"), 0u);
  ASSERT_EQ(megatron_caveats(s).size(), 1u);
  EXPECT_NE(megatron_caveats(s)[0].find("ZeRO-3"), std::string::npos);
}

TEST(EmitMegatron, PrecisionFlags) {
  const auto fp16 = megatron_flags(
      megatron_args_sh(shipped_scenario("llama3-8b-1node-h100", {"training.precision=fp16"})));
  EXPECT_EQ(fp16.count("--fp16"), 1u);
  EXPECT_EQ(fp16.count("--bf16"), 0u);
  const auto fp8 = megatron_flags(
      megatron_args_sh(shipped_scenario("llama3-8b-1node-h100", {"training.precision=fp8"})));
  EXPECT_EQ(fp8.at("--fp8-format"), "hybrid");
  EXPECT_EQ(fp8.count("--bf16"), 1u);
  EXPECT_EQ(fp8.count("--fp8-recipe"), 0u);  // delayed, Megatron-Core's default
  // Megatron-Core's other per-tensor and block recipes by name; torchao's rowwise has none, and a
  // caveat says the file trains delayed scaling instead.
  for (const char* recipe : {"tensorwise", "blockwise"}) {
    const auto f = megatron_flags(megatron_args_sh(shipped_scenario(
        "llama3-8b-1node-h100",
        {"training.precision=fp8", std::string("training.fp8_recipe=") + recipe})));
    EXPECT_EQ(f.at("--fp8-recipe"), recipe);
  }
  const Scenario rowwise = shipped_scenario(
      "llama3-8b-1node-h100", {"training.precision=fp8", "training.fp8_recipe=rowwise"});
  EXPECT_EQ(megatron_flags(megatron_args_sh(rowwise)).count("--fp8-recipe"), 0u);
  const std::vector<std::string> caveats = megatron_caveats(rowwise);
  EXPECT_TRUE(std::any_of(caveats.begin(), caveats.end(), [](const std::string& c) {
    return c.rfind("fp8 rowwise: torchao's recipe", 0) == 0;
  }));
  const auto fp32 = megatron_flags(
      megatron_args_sh(shipped_scenario("llama3-8b-1node-h100", {"training.precision=fp32"})));
  EXPECT_EQ(fp32.count("--bf16") + fp32.count("--fp16") + fp32.count("--fp8-format"), 0u);
}

TEST(EmitMegatron, Fp32GradientsAreWrittenOutOnlyWhenAsked) {
  const auto plain = megatron_flags(megatron_args_sh(shipped_scenario("llama3-8b-1node-h100")));
  EXPECT_EQ(plain.count("--accumulate-allreduce-grads-in-fp32"), 0u);
  const auto fp32 = megatron_flags(megatron_args_sh(
      shipped_scenario("llama3-8b-1node-h100", {"training.grad_reduce_in_fp32=true"})));
  EXPECT_EQ(fp32.at("--accumulate-allreduce-grads-in-fp32"), "");
}

TEST(EmitMegatron, TpCommOverlapIsWrittenWithSequenceParallelism) {
  const auto on = megatron_flags(megatron_args_sh(
      shipped_scenario("llama3-8b-1node-h100", {"parallel.tp_comm_overlap=true"})));
  EXPECT_EQ(on.at("--tp-comm-overlap"), "");
  // Megatron-LM refuses --tp-comm-overlap without --sequence-parallel: neither is written.
  const auto no_sp = megatron_flags(megatron_args_sh(
      shipped_scenario("llama3-8b-1node-h100",
                       {"parallel.tp_comm_overlap=true", "parallel.sequence_parallel=false"})));
  EXPECT_EQ(no_sp.count("--tp-comm-overlap"), 0u);
}

TEST(EmitMegatron, NoDistributedOptimizerWithoutZero) {
  const auto f = megatron_flags(
      megatron_args_sh(shipped_scenario("llama3-8b-1node-h100", {"parallel.zero_stage=0"})));
  EXPECT_EQ(f.count("--use-distributed-optimizer"), 0u);
  EXPECT_EQ(f.count("--overlap-param-gather"), 0u);  // needs the distributed optimizer
  EXPECT_EQ(f.count("--overlap-grad-reduce"), 1u);
}

}  // namespace
}  // namespace wt
