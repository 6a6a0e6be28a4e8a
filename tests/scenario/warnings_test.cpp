// Findings that do not stop a run end up in Scenario::warnings.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "scenario_test_util.hpp"

namespace wt {
namespace {

Scenario parse_patched(const std::string& patch) {
  return parse_scenario(test::patched_base(patch));
}

TEST(Warnings, TheBaseScenarioHasNone) {
  EXPECT_TRUE(parse_patched("{}").warnings.empty());
}

// What the workload does not yet simulate is named, field by field, never silently approximated.
TEST(Warnings, ModelFieldsTheWorkloadApproximatesAreNamed) {
  const Scenario s = parse_scenario(nlohmann::json::parse(R"({
    "model": {"preset": "deepseek-v3"}, "training": {"global_batch_size": 8},
    "cluster": {"gpus_per_node": 1}})"));
  // MLA, shared experts and head_dim are simulated (sim/workload/layer_shape.hpp), and the dense
  // first layers and the MTP layers (sim/workload/layer_mix.hpp): no warning.
  EXPECT_FALSE(test::has_warning_containing(s, "model.mla"));
  EXPECT_FALSE(test::has_warning_containing(s, "model.moe.num_shared_experts"));
  EXPECT_FALSE(test::has_warning_containing(s, "model.moe.first_dense_layers"));
  EXPECT_FALSE(test::has_warning_containing(s, "model.mtp_layers"));
  const Scenario palm = parse_scenario(nlohmann::json::parse(R"({
    "model": {"preset": "palm-540b", "num_layers": 2}, "training": {"global_batch_size": 8},
    "cluster": {"gpus_per_node": 1}})"));
  // A dense parallel block is priced as one (docs/models.md, "Parallel block"): no warning; a MoE
  // model's is timed as a sequential layer and says so.
  EXPECT_FALSE(test::has_warning_containing(palm, "model.parallel_layers"));
  const Scenario moe_parallel = parse_scenario(nlohmann::json::parse(R"({
    "model": {"preset": "mixtral-8x7b", "num_layers": 2, "parallel_layers": true},
    "training": {"global_batch_size": 8}, "cluster": {"gpus_per_node": 1}})"));
  EXPECT_TRUE(test::has_warning_containing(moe_parallel, "model.parallel_layers"));
  // A window saves an unfused core nothing, and the scenario says so.
  const Scenario unfused_window = parse_scenario(nlohmann::json::parse(R"({
    "model": {"preset": "gpt3-1.3b", "attention_window": 512},
    "training": {"global_batch_size": 8, "attention": "unfused"},
    "cluster": {"gpus_per_node": 1}})"));
  EXPECT_TRUE(test::has_warning_containing(unfused_window, "model.attention_window 512"));
  EXPECT_FALSE(test::has_warning_containing(palm, "model.head_dim"));
  const Scenario llama = parse_scenario(nlohmann::json::parse(R"({
    "model": {"preset": "llama3-8b"}, "training": {"global_batch_size": 8},
    "cluster": {"gpus_per_node": 1}})"));
  EXPECT_TRUE(llama.warnings.empty());
}

TEST(Warnings, UnevenPipelineSplit) {
  // 10 layers over 4 stages: two stages of 3 and two of 2.
  const Scenario s = parse_patched(R"({"model": {"num_layers": 10},
    "parallel": {"tensor": 2, "pipeline": 4, "data": 1}})");
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_TRUE(test::has_warning_containing(s, "10 layers do not split evenly over 4 stages"));
  EXPECT_TRUE(test::has_warning_containing(s, "3 or 2 layers per stage"));
}

TEST(Warnings, UnevenInterleavedSplitIsAllowedAsMegatronCoreDoes) {
  // 10 layers over 2 stages x 3 chunks: 10 / 6 = 1 rest 4, so some chunks hold 2 layers.
  const Scenario s = parse_patched(R"({"model": {"num_layers": 10},
    "parallel": {"tensor": 2, "pipeline": 2, "data": 2, "pipeline_schedule": "interleaved",
                 "virtual_stages": 3}})");
  EXPECT_TRUE(test::has_warning_containing(s, "10 layers do not split evenly over 6 model chunks"));
  EXPECT_TRUE(test::has_warning_containing(s, "2 or 1 layers per chunk"));
}

TEST(Warnings, EmbeddingAndLossSlotsThatFillTheChunksSplitEvenly) {
  // 8 layers + embedding + loss over 2 stages x 5 chunks: one slot each, no warning.
  const Scenario s = parse_patched(R"({"model": {"num_layers": 8},
    "parallel": {"tensor": 2, "pipeline": 2, "data": 2, "pipeline_schedule": "interleaved",
                 "virtual_stages": 5, "account_for_embedding_in_pipeline_split": true,
                 "account_for_loss_in_pipeline_split": true}})");
  EXPECT_FALSE(test::has_warning_containing(s, "split evenly"));
  // 8 layers + the embedding over 2 stages x 4 chunks: 9 slots, 2 or 1 per chunk.
  const Scenario uneven = parse_patched(R"({"model": {"num_layers": 8},
    "parallel": {"tensor": 2, "pipeline": 2, "data": 2, "pipeline_schedule": "interleaved",
                 "virtual_stages": 4, "account_for_embedding_in_pipeline_split": true}})");
  EXPECT_TRUE(test::has_warning_containing(
      uneven,
      "8 layers + 1 (embedding counted as layers) do not split evenly over 8 model chunks"));
}

TEST(Warnings, UnevenSplitIsAllowedForGpipeToo) {
  const Scenario s = parse_patched(R"({"model": {"num_layers": 9},
    "parallel": {"pipeline_schedule": "gpipe"}})");
  EXPECT_TRUE(test::has_warning_containing(s, "9 layers"));
}

TEST(Warnings, SequenceParallelWithoutTensorParallel) {
  const Scenario s = parse_patched(R"({"parallel": {"tensor": 1, "data": 4,
    "sequence_parallel": true}})");
  EXPECT_TRUE(test::has_warning_containing(s, "sequence_parallel has no effect"));
}

TEST(Warnings, ZeroWithoutDataParallel) {
  const Scenario s = parse_patched(R"({"parallel": {"tensor": 4, "data": 1, "zero_stage": 2}})");
  EXPECT_TRUE(test::has_warning_containing(s, "zero_stage 2 has no effect"));
}

TEST(Warnings, TensorParallelAcrossNodes) {
  const Scenario s = parse_patched(R"({"parallel": {"tensor": 16, "pipeline": 1, "data": 1},
    "cluster": {"num_nodes": 2}})");
  EXPECT_TRUE(
      test::has_warning_containing(s, "parallel.tensor 16 exceeds cluster.gpus_per_node 8"));
}

TEST(Calibration, AReadableProfileIsAcceptedWithoutWarnings) {
  test::TempDir dir;
  nlohmann::json doc = test::small_base();
  doc["calibration"] = "a100.json";
  dir.write("a100.json", test::kMinimalProfile);
  const Scenario s = parse_scenario(doc, {}, dir.path().string());
  EXPECT_TRUE(s.warnings.empty());
  EXPECT_EQ(*s.calibration, (dir.path() / "a100.json").string());
}

TEST(Calibration, AnUnreadableProfileIsRefusedWithItsPath) {
  test::TempDir dir;
  nlohmann::json doc = test::small_base();
  doc["calibration"] = "broken.json";
  dir.write("broken.json", R"({"schema": 2})");
  try {
    parse_scenario(doc, {}, dir.path().string());
    FAIL() << "a schema-2 profile was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("broken.json"), std::string::npos) << e.what();
  }
}

TEST(Calibration, AProfileAsTheGpuStandsForTheCatalogGpuItMeasured) {
  test::TempDir dir;
  nlohmann::json doc = test::small_base();
  doc["cluster"]["gpu"] = "mine.json";
  dir.write("mine.json", test::kMinimalProfile);
  const Scenario s = parse_scenario(doc, {}, dir.path().string());
  EXPECT_EQ(s.cluster.gpu, "a100-sxm4-80gb");
  ASSERT_TRUE(s.calibration.has_value());
  EXPECT_EQ(*s.calibration, (dir.path() / "mine.json").string());
}

TEST(Warnings, SpotPreemptionIsNotModelledYet) {
  EXPECT_TRUE(test::has_warning_containing(parse_patched(R"({"cost": {"spot": true}})"),
                                           "preemptions are counted as further failures"));
}

TEST(Warnings, NvSwitchOnAGpuWithoutNvLink) {
  const Scenario s = parse_patched(R"({"cluster": {"gpu": "l4"}})");
  EXPECT_TRUE(test::has_warning_containing(s, "l4 has no NVLink"));
  const Scenario pcie = parse_patched(R"({"cluster": {"gpu": "l4",
    "intra_node": {"fabric": "pcie"}}})");
  EXPECT_TRUE(pcie.warnings.empty());
}

TEST(Warnings, AmdGpusSayRcclIsPricedAsNccl) {
  const Scenario s = parse_patched(R"({"cluster": {"gpu": "mi300x",
    "intra_node": {"fabric": "xgmi"}}})");
  EXPECT_EQ(s.cluster.intra_node.fabric, IntraNodeFabric::xgmi);
  EXPECT_TRUE(test::has_warning_containing(s, "mi300x: RCCL is priced with NCCL's"));
  EXPECT_FALSE(test::has_warning_containing(parse_patched("{}"), "RCCL"));
}

}  // namespace
}  // namespace wt
