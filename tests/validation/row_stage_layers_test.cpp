// A row's stated first and last pipeline stage layers (Megatron-Core's
// --num-layers-in-first/last-pipeline-stage, sim/validation/row_parallel.cpp).
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

// DeepSeek-V3's 61 layers over 16 pipeline stages on 1,024 H100 (EP 64, ETP 1).
json deepseek_row() {
  return json::parse(R"json({
    "row_type": "training_throughput", "id": 13, "model_name": "DeepSeek-V3",
    "source": "a 2025 recipe table", "num_layers": 61, "hidden_size": 7168,
    "num_attention_heads": 128, "num_kv_heads": null, "ffn_hidden_size": 18432,
    "seq_length": 4096, "vocab_size": 129280,
    "moe": {"num_experts": 256, "top_k": 8, "moe_ffn_hidden_size": 2048, "shared_experts": 1},
    "global_batch_size": 4096, "micro_batch_size": 1, "grad_accum_steps": null, "tp": 2,
    "pp": 16, "dp": 32, "cp": 1, "ep": 64, "vp": null,
    "other": {"num_layers_in_first_pipeline_stage": 4, "num_layers_in_last_pipeline_stage": 1},
    "gpu_model": "NVIDIA H100 SXM", "gpu_memory_gb": 80, "num_gpus": 1024, "gpus_per_node": 8,
    "intra_node_interconnect": null, "inter_node_interconnect": null, "precision": "bf16",
    "framework": "NeMo 25.09", "metrics": {"tokens_per_sec_per_gpu": 1000}})json");
}

TEST(RowStageLayers, MegatronsFirstAndLastStageLayersAreRead) {
  const ValidationRow r = validate_training_row(deepseek_row(), {});
  ASSERT_TRUE(r.expressed) << r.why_not;
  const json& p = r.scenario.at("parallel");
  EXPECT_EQ(p.at("first_stage_layers"), 4);
  EXPECT_EQ(p.at("last_stage_layers"), 1);
  EXPECT_TRUE(says(
      r, "parallel.first_stage_layers = 4: the row's other.num_layers_in_first_pipeline_stage"));
  // Stated stages take the place of counting the embedding and loss as layers (61 + 2 does not
  // divide over 16 anyway; the two are exclusive).
  EXPECT_FALSE(p.contains("account_for_embedding_in_pipeline_split"));
  for (const std::string& w : r.warnings)
    EXPECT_EQ(w.find("do not split evenly"), std::string::npos) << w;
}

TEST(RowStageLayers, AStatedSplitThatDoesNotDivideIsNotExpressed) {
  json row = deepseek_row();
  row["other"]["num_layers_in_first_pipeline_stage"] = 5;  // 55 over 14 stages
  const ValidationRow r = validate_training_row(row, {});
  EXPECT_FALSE(r.expressed);
  EXPECT_NE(r.why_not.find("parallel.first_stage_layers"), std::string::npos) << r.why_not;
}

}  // namespace
}  // namespace wt::validation
