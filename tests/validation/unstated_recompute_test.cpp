// A published run trained, so it fit: NVIDIA's recipe rows whose recompute is not stated and whose
// profile default does not fit take the least recompute that fits, Megatron-LM rows with TP whose
// sequence parallelism is not stated take it when it fits (sim/validation/training_row.cpp);
// others keep their verdict.
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
  const ValidationRow megatron = validate_training_row(recipe_row("Megatron-LM"), {});
  EXPECT_FALSE(megatron.fits_in_memory);
  EXPECT_FALSE(says(megatron, "the least that fits"));
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
  json row = megatron_lm_row();
  row["other"]["sequence_parallel"] = false;
  EXPECT_FALSE(validate_training_row(row, {}).fits_in_memory);
  EXPECT_FALSE(validate_training_row(megatron_lm_row(), {"parallel.sequence_parallel=false"})
                   .fits_in_memory);
}

}  // namespace
}  // namespace wt::validation
