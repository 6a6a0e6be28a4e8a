// How a row's MoE dispatcher is read (training.moe_dispatcher, sim/validation/row_methods.cpp):
// Megatron-Core's name in other.moe_token_dispatcher_type, the words "allgather dispatcher", flex
// (DeepEP) priced as the all-to-all, allgather with TP priced as the all-to-all, each said; and
// the expert-parallel communication overlap (parallel.ep_comm_overlap), stated by flag or words.
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

// Mixtral 8x7B on 8 H100 of one node: EP 8 over the 8 data ranks, TP 1.
json mixtral_row() {
  return json::parse(R"json({
    "row_type": "training_throughput", "id": 12, "model_name": "Mixtral 8x7B",
    "source": "a 2025 MoE benchmark", "framework": "Megatron-Core", "num_layers": 32,
    "hidden_size": 4096, "num_attention_heads": 32, "num_kv_heads": 8, "ffn_hidden_size": 14336,
    "seq_length": 4096, "vocab_size": 32000,
    "moe": {"num_experts": 8, "top_k": 2, "moe_ffn_hidden_size": 14336},
    "global_batch_size": 64, "micro_batch_size": 1, "grad_accum_steps": null, "tp": 1, "pp": 1,
    "dp": 8, "cp": 1, "ep": 8, "vp": null, "other": {}, "gpu_model": "NVIDIA H100 SXM",
    "gpu_memory_gb": 80, "num_gpus": 8, "gpus_per_node": 8, "intra_node_interconnect": null,
    "inter_node_interconnect": null, "precision": "bf16",
    "metrics": {"tokens_per_sec_per_gpu": 3000}})json");
}

std::string dispatcher(const ValidationRow& r) {
  return r.scenario.at("training").value("moe_dispatcher", std::string("(default)"));
}

TEST(RowMoeDispatcher, MegatronsNameInOtherIsRead) {
  for (const auto& [said, kind] :
       {std::pair{"allgather", "allgather"}, std::pair{"all-gather", "allgather"},
        std::pair{"alltoall", "alltoall"}, std::pair{"flex", "alltoall"},
        std::pair{"DeepEP", "alltoall"}, std::pair{"ring", "alltoall"}}) {
    json row = mixtral_row();
    row["other"]["moe_token_dispatcher_type"] = said;
    const ValidationRow r = validate_training_row(row, {});
    ASSERT_TRUE(r.expressed) << r.why_not;
    EXPECT_EQ(dispatcher(r), kind) << said;
    EXPECT_TRUE(says(r, std::string("training.moe_dispatcher = ") + kind +
                            ": the row's other.moe_token_dispatcher_type"))
        << said;
  }
  json row = mixtral_row();
  row["other"]["moe_token_dispatcher_type"] = "flex";
  EXPECT_TRUE(says(validate_training_row(row, {}),
                   "DeepEP/HybridEP kernels are not "
                   "modelled"));
  row["other"]["moe_token_dispatcher_type"] = 3;
  const ValidationRow number = validate_training_row(row, {});
  EXPECT_FALSE(number.expressed);
  EXPECT_NE(number.why_not.find("other.moe_token_dispatcher_type"), std::string::npos)
      << number.why_not;
}

TEST(RowMoeDispatcher, WordsNameItAndTensorParallelismFallsBackToTheAllToAll) {
  json row = mixtral_row();
  row["other"]["system_optimizations"] = "grouped GEMM, allgather dispatcher";
  const ValidationRow words = validate_training_row(row, {});
  ASSERT_TRUE(words.expressed) << words.why_not;
  EXPECT_EQ(dispatcher(words), "allgather");
  // With TP 2 (EP 4) Megatron-Core gathers over the TP x EP group: not modelled.
  row["tp"] = 2;
  row["dp"] = 4;
  row["ep"] = 4;
  const ValidationRow tp = validate_training_row(row, {});
  ASSERT_TRUE(tp.expressed) << tp.why_not;
  EXPECT_EQ(dispatcher(tp), "alltoall");
  EXPECT_TRUE(says(tp, "TP x EP group, which is not modelled"));
  // Not stated: the profile's, the all-to-all, and nothing said.
  const ValidationRow none = validate_training_row(mixtral_row(), {});
  EXPECT_EQ(dispatcher(none), "(default)");
  EXPECT_FALSE(says(none, "moe_dispatcher"));
}

// parallel.ep_comm_overlap from a row: Megatron-Core's other.overlap_moe_expert_parallel_comm
// (true or false; anything else refused, naming the field), or words among the row's methods.
TEST(RowEpOverlap, MegatronsFlagOrTheWordsTurnItOn) {
  json row = mixtral_row();
  const auto overlap = [](const ValidationRow& r) {
    return r.scenario.at("parallel").value("ep_comm_overlap", false);
  };
  EXPECT_FALSE(overlap(validate_training_row(row, {})));
  row["other"]["overlap_moe_expert_parallel_comm"] = true;
  const ValidationRow flag = validate_training_row(row, {});
  ASSERT_TRUE(flag.expressed) << flag.why_not;
  EXPECT_TRUE(overlap(flag));
  EXPECT_TRUE(says(flag,
                   "parallel.ep_comm_overlap = true: the row's "
                   "other.overlap_moe_expert_parallel_comm"));
  row["other"]["overlap_moe_expert_parallel_comm"] = "yes";
  const ValidationRow text = validate_training_row(row, {});
  EXPECT_FALSE(text.expressed);
  EXPECT_NE(text.why_not.find("other.overlap_moe_expert_parallel_comm"), std::string::npos)
      << text.why_not;
  row["other"] = {{"system_optimizations", "EP A2A overlap (combined 1F1B), FP8"}};
  const ValidationRow words = validate_training_row(row, {});
  EXPECT_TRUE(overlap(words));
  EXPECT_TRUE(says(words, "parallel.ep_comm_overlap = true: the row's 'EP A2A overlap"));
}

}  // namespace
}  // namespace wt::validation
