// A published run trained, so it fit: NVIDIA's recipe rows whose recompute is not stated and whose
// profile default does not fit take the least recompute that fits, Megatron-LM rows with TP whose
// sequence parallelism is not stated take it when it fits, rows that name no ZeRO stage take the
// least one their framework offers (sim/validation/training_row.cpp); others keep their verdict.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "sim/validation/rows.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

// A 39B GPT on 64 H100 at micro-batch 8 of 8k tokens without recompute: 119 GiB, with full 25.
json recipe_row(const std::string& framework) {
  json row = json::parse(R"json({
    "row_type": "training_throughput", "id": 7, "model_name": "GPT 39.1B",
    "source": "a 2025 performance table", "num_layers": 48, "hidden_size": 8192,
    "num_attention_heads": 64, "num_kv_heads": null, "ffn_hidden_size": null, "seq_length": 8192,
    "vocab_size": 51200, "moe": null, "global_batch_size": 512, "micro_batch_size": 8,
    "grad_accum_steps": null, "tp": 8, "pp": 2, "dp": 4, "cp": null, "ep": null, "vp": null,
    "other": {}, "gpu_model": "NVIDIA H100 SXM", "gpu_memory_gb": 80, "num_gpus": 64,
    "gpus_per_node": 8, "intra_node_interconnect": null, "inter_node_interconnect": null,
    "precision": "bf16", "metrics": {"tokens_per_sec_per_gpu": 500}})json");
  row["framework"] = framework;
  return row;
}

bool says(const ValidationRow& r, const std::string& text) {
  return std::any_of(r.assumptions.begin(), r.assumptions.end(),
                     [&](const std::string& a) { return a.find(text) != std::string::npos; });
}

TEST(UnstatedRecompute, ARecipeRowThatDoesNotFitTakesTheLeastRecomputeThatFits) {
  const ValidationRow r = validate_training_row(recipe_row("NeMo 25.04"), {});
  ASSERT_TRUE(r.expressed) << r.why_not;
  EXPECT_TRUE(r.fits_in_memory);
  EXPECT_TRUE(
      says(r, "the run trained, so training.activation_recompute = \"full\", the least that fits"));
  EXPECT_EQ(r.scenario.at("training").at("activation_recompute"), "full");
}

TEST(UnstatedRecompute, OtherFrameworksAndStatedRecomputeKeepTheVerdict) {
  // Plain PyTorch (DDP under autocast) offers no sharding and checkpoints nothing by itself.
  const ValidationRow eager = validate_training_row(recipe_row("PyTorch"), {});
  EXPECT_FALSE(eager.fits_in_memory);
  EXPECT_FALSE(says(eager, "the least that fits"));
  json stated = recipe_row("NeMo 25.04");
  stated["other"]["activation_recompute"] = "none";
  const ValidationRow none = validate_training_row(stated, {});
  EXPECT_FALSE(none.fits_in_memory);
  const ValidationRow pinned =
      validate_training_row(recipe_row("NeMo 25.04"), {"training.activation_recompute=none"});
  EXPECT_FALSE(pinned.fits_in_memory);
}

// The 39B row at micro-batch 1: 81.2 GiB without sequence parallelism on TP 8, 54.9 with it, which
// divides the norm and dropout activations (10 of 34 bytes per token and hidden unit, Korthikanti
// et al. 2022) by 8.
json megatron_lm_row() {
  json row = recipe_row("Megatron-LM");
  row["micro_batch_size"] = 1;
  return row;
}

TEST(UnstatedSequenceParallel, AMegatronLmRowWithTpThatDoesNotFitTakesSequenceParallelism) {
  const ValidationRow r = validate_training_row(megatron_lm_row(), {});
  ASSERT_TRUE(r.expressed) << r.why_not;
  EXPECT_TRUE(r.fits_in_memory);
  EXPECT_TRUE(says(r, "so parallel.sequence_parallel = true, the least that fits"));
  EXPECT_EQ(r.scenario.at("parallel").at("sequence_parallel"), true);
}

TEST(UnstatedSequenceParallel, StatedSequenceParallelismKeepsTheVerdict) {
  // With the ZeRO stage and the recompute stated too, nothing is left to choose.
  json row = megatron_lm_row();
  row["other"]["sequence_parallel"] = false;
  row["other"]["zero_stage"] = 0;
  row["other"]["activation_recompute"] = "none";
  EXPECT_FALSE(validate_training_row(row, {}).fits_in_memory);
  EXPECT_FALSE(validate_training_row(megatron_lm_row(),
                                     {"parallel.sequence_parallel=false", "parallel.zero_stage=0",
                                      "training.activation_recompute=none"})
                   .fits_in_memory);
}

// A GPT 6.7B on 32 A100-80GB, all data-parallel at micro-batch 4 of 2,048 tokens, no recompute:
// 16 B per parameter unsharded (weights, fp32 gradients and Adam's states: 107 GB) does not fit.
json data_parallel_row(const std::string& framework) {
  json row = json::parse(R"json({
    "row_type": "training_throughput", "id": 8, "model_name": "GPT 6.7B",
    "source": "a 2023 paper", "num_layers": 32, "hidden_size": 4096,
    "num_attention_heads": 32, "num_kv_heads": null, "ffn_hidden_size": null, "seq_length": 2048,
    "vocab_size": 50304, "moe": null, "global_batch_size": 256, "micro_batch_size": 4,
    "grad_accum_steps": null, "tp": 1, "pp": 1, "dp": 32, "cp": null, "ep": null, "vp": null,
    "other": {}, "gpu_model": "NVIDIA A100 SXM", "gpu_memory_gb": 80, "num_gpus": 32,
    "gpus_per_node": 8, "intra_node_interconnect": null, "inter_node_interconnect": null,
    "precision": "bf16", "metrics": {"tokens_per_sec_per_gpu": 3000}})json");
  row["framework"] = framework;
  return row;
}

TEST(UnstatedZeroStage, ARowNamingNoStageTakesTheLeastItsFrameworkOffersThatFits) {
  for (const char* framework : {"PaxML", "DeepSpeed"}) {
    const ValidationRow r = validate_training_row(data_parallel_row(framework), {});
    ASSERT_TRUE(r.expressed) << r.why_not;
    EXPECT_TRUE(r.fits_in_memory) << framework;
    const int stage = r.scenario.at("parallel").at("zero_stage").get<int>();
    EXPECT_GE(stage, 1) << framework;
    EXPECT_TRUE(says(r, "ZeRO stage not stated")) << framework;
    EXPECT_TRUE(
        says(r, "so parallel.zero_stage = " + std::to_string(stage) + ", the least that fits"))
        << framework;
    // The stage below does not fit: it is the least.
    json lower = data_parallel_row(framework);
    lower["other"]["zero_stage"] = stage - 1;
    EXPECT_FALSE(validate_training_row(lower, {}).fits_in_memory) << framework;
  }
}

TEST(UnstatedZeroStage, MegatronLmOffersItsDistributedOptimizerAndRecompute) {
  // Megatron-LM shards only the optimizer (--use-distributed-optimizer): ZeRO-1 at most, then
  // recompute with it.
  json row = data_parallel_row("Megatron-LM");
  row["micro_batch_size"] = 16;
  row["global_batch_size"] = 512;
  const ValidationRow r = validate_training_row(row, {});
  ASSERT_TRUE(r.expressed) << r.why_not;
  EXPECT_TRUE(r.fits_in_memory);
  EXPECT_EQ(r.scenario.at("parallel").at("zero_stage"), 1);
  EXPECT_EQ(r.scenario.at("training").at("activation_recompute"), "full");
  EXPECT_TRUE(says(r, "nor does ZeRO-1 without recompute"));
}

TEST(UnstatedZeroStage, AStageInTheRowsWordsOrASetIsKept) {
  json row = data_parallel_row("DeepSpeed ZeRO stage 2");
  const ValidationRow r = validate_training_row(row, {});
  EXPECT_EQ(r.scenario.at("parallel").at("zero_stage"), 2);
  EXPECT_TRUE(says(r, "zero_stage 2: the row's 'DeepSpeed ZeRO stage 2' (framework)"));
  const ValidationRow pinned =
      validate_training_row(data_parallel_row("PaxML"), {"parallel.zero_stage=0"});
  EXPECT_FALSE(pinned.fits_in_memory);
  EXPECT_FALSE(says(pinned, "the least that fits"));
}

}  // namespace
}  // namespace wt::validation
