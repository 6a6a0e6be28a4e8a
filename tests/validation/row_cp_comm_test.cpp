// How a row's context parallelism exchanges the sequence (parallel.cp_comm_type,
// sim/validation/row_parallel.cpp): Megatron-Core's spelling in other.cp_comm_type, "Ulysses" or
// "ring attention" in the row's words, DeepSpeed's profile (Ulysses), and none without CP.
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

// Llama 3 8B at 32k on 16 H100: TP 1, CP 4, DP 4.
json long_context_row(const std::string& framework) {
  json row = json::parse(R"json({
    "row_type": "training_throughput", "id": 11, "model_name": "Llama 3 8B",
    "source": "a long-context report", "num_layers": 32, "hidden_size": 4096,
    "num_attention_heads": 32, "num_kv_heads": 8, "ffn_hidden_size": 14336, "seq_length": 32768,
    "vocab_size": 128256, "moe": null, "global_batch_size": 16, "micro_batch_size": 1,
    "grad_accum_steps": null, "tp": 1, "pp": 1, "dp": 4, "cp": 4, "ep": null, "vp": null,
    "other": {}, "gpu_model": "NVIDIA H100 SXM", "gpu_memory_gb": 80, "num_gpus": 16,
    "gpus_per_node": 8, "intra_node_interconnect": null, "inter_node_interconnect": null,
    "precision": "bf16", "metrics": {"tokens_per_sec_per_gpu": 3000}})json");
  row["framework"] = framework;
  return row;
}

std::string cp_comm_type(const ValidationRow& r) {
  return r.scenario.at("parallel").value("cp_comm_type", std::string("(profile or default)"));
}

TEST(RowCpCommType, MegatronsSpellingInOtherIsRead) {
  for (const auto& [said, kind] :
       {std::pair{"a2a", "a2a"}, std::pair{"all-to-all", "a2a"}, std::pair{"p2p", "p2p"},
        std::pair{"allgather", "all_gather"}, std::pair{"a2a+p2p", "p2p"}}) {
    json row = long_context_row("Megatron-Core");
    row["other"]["cp_comm_type"] = said;
    const ValidationRow r = validate_training_row(row, {});
    ASSERT_TRUE(r.expressed) << r.why_not;
    EXPECT_EQ(cp_comm_type(r), kind) << said;
  }
  json row = long_context_row("Megatron-Core");
  row["other"]["cp_comm_type"] = "hierarchical";
  const ValidationRow r = validate_training_row(row, {});
  EXPECT_FALSE(r.expressed);
  EXPECT_NE(r.why_not.find("p2p, all_gather, a2a (Ulysses) or a2a+p2p"), std::string::npos)
      << r.why_not;
  row["other"]["cp_comm_type"] = 5;
  const ValidationRow number = validate_training_row(row, {});
  EXPECT_FALSE(number.expressed);
  EXPECT_NE(number.why_not.find("other.cp_comm_type: must be text"), std::string::npos)
      << number.why_not;
}

TEST(RowCpCommType, UlyssesOrRingAttentionInTheRowsWords) {
  const ValidationRow ulysses =
      validate_training_row(long_context_row("Megatron-DeepSpeed (Ulysses)"), {});
  ASSERT_TRUE(ulysses.expressed) << ulysses.why_not;
  EXPECT_EQ(cp_comm_type(ulysses), "a2a");
  EXPECT_TRUE(
      says(ulysses,
           "parallel.cp_comm_type = a2a: the row's 'Megatron-DeepSpeed (Ulysses)' (framework)"));
  json ring = long_context_row("PyTorch");
  ring["other"]["parallelism"] = "ring attention over 4 GPUs, FSDP";
  EXPECT_EQ(cp_comm_type(validate_training_row(ring, {})), "p2p");
}

TEST(RowCpCommType, DeepSpeedsSequenceParallelismIsUlysses) {
  const ValidationRow r = validate_training_row(long_context_row("DeepSpeed"), {});
  ASSERT_TRUE(r.expressed) << r.why_not;
  EXPECT_TRUE(says(
      r, "parallel.cp_comm_type = \"a2a\" (DeepSpeed's sequence parallelism is DeepSpeed-Ulysses"));
  // Megatron-Core keeps its ring; no CP, no setting.
  const ValidationRow nemo = validate_training_row(long_context_row("NeMo 25.04"), {});
  EXPECT_FALSE(says(nemo, "cp_comm_type"));
  json no_cp = long_context_row("DeepSpeed");
  no_cp["cp"] = 1;
  no_cp["dp"] = 16;
  EXPECT_FALSE(says(validate_training_row(no_cp, {}), "cp_comm_type"));
}

}  // namespace
}  // namespace wt::validation
