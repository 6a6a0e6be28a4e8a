// deepspeed_config.json read back with nlohmann: batch arithmetic, ZeRO stage and precision.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "launch_parse.hpp"
#include "planner/emit/deepspeed_config.hpp"
#include "planner/emit/emit.hpp"

namespace wt {
namespace {

using test::shipped_scenario;

nlohmann::json written_config(const Scenario& s) {
  for (const LaunchFile& f : launch_files(s)) {
    if (f.name == "deepspeed_config.json") return nlohmann::json::parse(f.text);
  }
  ADD_FAILURE() << "no deepspeed_config.json";
  return {};
}

TEST(EmitDeepSpeed, BatchSizesOfLlama3_8b) {
  // global 128 = micro 1 × accumulation 32 × DP 4.
  const nlohmann::json c = written_config(shipped_scenario("llama3-8b-1node-h100"));
  EXPECT_EQ(c.at("train_batch_size"), 128);
  EXPECT_EQ(c.at("train_micro_batch_size_per_gpu"), 1);
  EXPECT_EQ(c.at("gradient_accumulation_steps"), 32);
  EXPECT_EQ(c.at("zero_optimization").at("stage"), 1);
  EXPECT_EQ(c.at("zero_optimization").at("overlap_comm"), true);
  EXPECT_EQ(c.at("zero_optimization").at("reduce_bucket_size"), 12500000);  // 25 MB of 2 bytes
  EXPECT_EQ(c.at("bf16").at("enabled"), true);
  EXPECT_FALSE(c.contains("fp16"));
  EXPECT_FALSE(c.contains("activation_checkpointing"));
}

TEST(EmitDeepSpeed, Zero3WithFullRecompute) {
  // global 256 = micro 2 × accumulation 4 × DP 32.
  const nlohmann::json c = written_config(shipped_scenario("zero3-llama2-13b"));
  EXPECT_EQ(c.at("train_batch_size"), 256);
  EXPECT_EQ(c.at("train_micro_batch_size_per_gpu"), 2);
  EXPECT_EQ(c.at("gradient_accumulation_steps"), 4);
  EXPECT_EQ(c.at("zero_optimization").at("stage"), 3);
  EXPECT_TRUE(c.contains("activation_checkpointing"));
}

TEST(EmitDeepSpeed, Fp16HasLossScalingAndNoBf16) {
  const nlohmann::json c =
      written_config(shipped_scenario("llama3-8b-1node-h100", {"training.precision=fp16"}));
  EXPECT_EQ(c.at("fp16").at("enabled"), true);
  EXPECT_EQ(c.at("fp16").at("loss_scale"), 0);  // dynamic
  EXPECT_FALSE(c.contains("bf16"));
}

TEST(EmitDeepSpeed, Fp32GradientsSetTheCommunicationType) {
  EXPECT_FALSE(
      written_config(shipped_scenario("llama3-8b-1node-h100")).contains("communication_data_type"));
  const nlohmann::json c = written_config(
      shipped_scenario("llama3-8b-1node-h100", {"training.grad_reduce_in_fp32=true"}));
  EXPECT_EQ(c.at("communication_data_type"), "fp32");
}

TEST(EmitDeepSpeed, BatchIdentityHoldsForEveryShippedScenario) {
  for (const char* name : {"llama3-8b-1node-h100", "gpt3-175b-1024-a100", "interleaved-gpt3-13b",
                           "mixtral-8x7b-ep", "zero3-llama2-13b", "one-gpu"}) {
    const Scenario s = shipped_scenario(name);
    const nlohmann::json c = deepspeed_config(s);
    EXPECT_EQ(c.at("train_batch_size").get<int64_t>(),
              c.at("train_micro_batch_size_per_gpu").get<int64_t>() *
                  c.at("gradient_accumulation_steps").get<int64_t>() * s.parallel.data)
        << name;
  }
}

TEST(EmitDeepSpeed, NoZeroBlockDetailsAtStage0) {
  const nlohmann::json c =
      written_config(shipped_scenario("llama3-8b-1node-h100", {"parallel.zero_stage=0"}));
  EXPECT_EQ(c.at("zero_optimization"), nlohmann::json({{"stage", 0}}));
}

}  // namespace
}  // namespace wt
