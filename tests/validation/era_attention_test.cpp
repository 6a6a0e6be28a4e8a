// A row published before 2023 ran its attention unfused unless it names a fused kernel of the
// time (sim/validation/row_methods.cpp, era_attention; docs/validation.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/validation/rows.hpp"
#include "tests/validation/says.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;
using test::says;

// A GPT 6.7B on 32 A100 (TP 1, DP 32), from a source of `year`, run by `framework`.
json era_gpt_row(const std::string& framework, const std::string& year) {
  json row = json::parse(R"json({
    "row_type": "training_throughput", "id": 12, "model_name": "GPT 6.7B",
    "num_layers": 32, "hidden_size": 4096, "num_attention_heads": 32, "num_kv_heads": null,
    "ffn_hidden_size": null, "seq_length": 2048, "vocab_size": 50272, "moe": null,
    "global_batch_size": 512, "micro_batch_size": 4, "grad_accum_steps": null, "tp": 1, "pp": 1,
    "dp": 32, "cp": null, "ep": null, "vp": null, "other": {"zero_stage": 3},
    "gpu_model": "NVIDIA A100 SXM4 80GB", "gpu_memory_gb": 80, "num_gpus": 32, "gpus_per_node": 8,
    "intra_node_interconnect": null, "inter_node_interconnect": null, "precision": "bf16",
    "metrics": {"tokens_per_sec_per_gpu": 3000}})json");
  row["framework"] = framework;
  row["source"] = "a training report, " + year;
  return row;
}

std::string era_attention_of(const ValidationRow& r) {
  return r.scenario.at("training").value("attention", std::string("(default)"));
}

TEST(EraAttention, ARowFromBefore2023RanItsAttentionUnfused) {
  for (const char* framework : {"metaseq", "PyTorch FSDP", "PaxML"}) {
    const ValidationRow r = validate_training_row(era_gpt_row(framework, "2022"), {});
    ASSERT_TRUE(r.expressed) << r.why_not;
    EXPECT_EQ(era_attention_of(r), "unfused") << framework;
    EXPECT_TRUE(says(r, "published in 2022, before fused attention reached the frameworks"));
  }
  // From 2023 on the profile (or the field table) decides: the row sets nothing.
  EXPECT_EQ(era_attention_of(validate_training_row(era_gpt_row("PyTorch FSDP", "2023"), {})),
            "(default)");
  EXPECT_NE(era_attention_of(validate_training_row(era_gpt_row("metaseq", "2024"), {})), "unfused");
}

TEST(EraAttention, AFusedKernelNamedByTheRowIsKept) {
  json row = era_gpt_row("MosaicML Composer", "2022");
  row["notes"] = "Mosaic GPT with FlashAttention and ALiBi";
  const ValidationRow r = validate_training_row(row, {});
  EXPECT_EQ(era_attention_of(r), "fused");
  EXPECT_TRUE(says(r, "the row's notes names 'flashattention' (published in 2022)"));
  // A negation names none.
  row["notes"] = "trained without FlashAttention";
  EXPECT_EQ(era_attention_of(validate_training_row(row, {})), "unfused");
  // A stated attention wins over the era.
  json stated = era_gpt_row("metaseq", "2022");
  stated["other"]["attention"] = "fused";
  EXPECT_EQ(era_attention_of(validate_training_row(stated, {})), "fused");
}

}  // namespace
}  // namespace wt::validation
