// A row whose stated parameter count is far from the one its mapped model counts is run as
// mapped, with a warning that says so (sim/validation/training_row.cpp, parameter_gap;
// docs/validation.md, "From a row to a scenario").
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/validation/rows.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

// A GPT of 40 layers, hidden 5120 on 32 A100: 40 · 12 · 5120² = 12.58B in its layers, 12.85B
// with the tied 51200 × 5120 embedding, 2048 learned positions, norms and biases.
json gpt_row(const json& params) {
  json row = json::parse(R"json({
    "row_type": "training_throughput", "id": 31, "model_name": "GPT 13B",
    "num_layers": 40, "hidden_size": 5120, "num_attention_heads": 40, "num_kv_heads": null,
    "ffn_hidden_size": null, "seq_length": 2048, "vocab_size": 51200, "moe": null,
    "global_batch_size": 256, "micro_batch_size": 1, "grad_accum_steps": null, "tp": 2, "pp": 1,
    "dp": 16, "cp": null, "ep": null, "vp": null, "other": {},
    "gpu_model": "NVIDIA A100 SXM4 80GB", "gpu_memory_gb": 80, "num_gpus": 32, "gpus_per_node": 8,
    "intra_node_interconnect": null, "inter_node_interconnect": null, "precision": "bf16",
    "framework": "Megatron-LM", "source": "a report, 2024",
    "metrics": {"tokens_per_sec_per_gpu": 1000}})json");
  row["params"] = params;
  return row;
}

bool warns_of_gap(const ValidationRow& r) {
  return std::any_of(r.warnings.begin(), r.warnings.end(), [](const std::string& w) {
    return w.find("the row states") != std::string::npos &&
           w.find("the model as mapped counts") != std::string::npos;
  });
}

TEST(ParameterGap, AFarStatedCountIsWarnedOfAndTheRowStillRuns) {
  for (const json& params : {json("13B"), json(12.85e9), json("10.5B")}) {
    const ValidationRow r = validate_training_row(gpt_row(params), {});
    ASSERT_TRUE(r.expressed) << r.why_not;
    EXPECT_FALSE(warns_of_gap(r)) << params.dump();  // within 25 %
  }
  const ValidationRow far = validate_training_row(gpt_row("8B"), {});  // 12.85 / 8: +61 %
  ASSERT_TRUE(far.expressed) << far.why_not;
  EXPECT_TRUE(warns_of_gap(far));
  const auto w = std::find_if(far.warnings.begin(), far.warnings.end(),
                              [](const std::string& s) { return s.find("row states") != s.npos; });
  ASSERT_NE(w, far.warnings.end());
  EXPECT_NE(w->find("states 8e+09 parameters"), std::string::npos) << *w;
  EXPECT_NE(w->find("(+61 %)"), std::string::npos) << *w;
  EXPECT_FALSE(warns_of_gap(validate_training_row(gpt_row(nullptr), {})));
}

}  // namespace
}  // namespace wt::validation
