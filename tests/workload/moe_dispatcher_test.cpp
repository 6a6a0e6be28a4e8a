// Megatron-Core's allgather token dispatcher (training.moe_dispatcher allgather): its all-gather
// and reduce-scatter over the EP group and its local permutation against hand-computed bytes, the
// layouts it refuses, and the warning without expert parallelism (sim/workload/layer_work.cpp,
// layer_kernels.cpp; sim/scenario/validate_layout.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sim/scenario/parse.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/kernel_bytes.hpp"
#include "tests/workload/make_scenario.hpp"
#include "tests/workload/pass_collectives.hpp"
#include "tests/workload/refused.hpp"

namespace wt {
namespace {

using test::kernel_bytes;

// 8 experts over EP 2 (4 local), top-2, h 2,048, bf16, 2,048 tokens per GPU (TP 1), as the token
// dispatch tests: the EP group gathers 4,096 tokens, and the rank's experts receive 4,096 rows.
Scenario allgather_scenario(MoeDispatcher d = MoeDispatcher::allgather) {
  Scenario s = test::gpt_scenario(1, 1, 8);
  s.model.moe = {8, 2, 4096};
  s.parallel.expert = 2;
  s.training.moe_dispatcher = d;
  return s;
}

TEST(AllGatherDispatcher, GathersTheGroupsTokensAndReduceScattersTheOutputs) {
  // Gathered: 2 × 2,048 tokens × 2,048 × 2 B = 16,777,216 B; their routing map 4,096 × 8 × 1 B =
  // 32,768 B and probabilities 4,096 × 8 × 2 B = 65,536 B go with the forward's all-gather, the
  // probabilities' gradients with the backward's reduce-scatter.
  const Scenario s = allgather_scenario();
  for (const Phase phase : {Phase::forward, Phase::recompute, Phase::backward}) {
    const std::vector<LayerCollective> ep = test::pass_collectives(s, phase, CommDim::ep);
    ASSERT_EQ(ep.size(), 2u);
    EXPECT_EQ(ep[0].collective, Collective::all_gather);
    EXPECT_EQ(ep[1].collective, Collective::reduce_scatter);
    EXPECT_EQ(ep[0].count, 1);
    EXPECT_EQ(ep[1].count, 1);
    EXPECT_EQ(ep[0].group, 2);
    const bool backward = phase == Phase::backward;
    EXPECT_DOUBLE_EQ(ep[0].bytes, backward ? 16777216.0 : 16777216.0 + 32768.0 + 65536.0);
    EXPECT_DOUBLE_EQ(ep[1].bytes, backward ? 16777216.0 + 65536.0 : 16777216.0);
  }
  // The all-to-all dispatcher instead sends each rank's 2,048 × 2 copies of 4,096 B, twice.
  const std::vector<LayerCollective> a2a = test::pass_collectives(
      allgather_scenario(MoeDispatcher::alltoall), Phase::forward, CommDim::ep);
  ASSERT_EQ(a2a.size(), 1u);
  EXPECT_EQ(a2a[0].collective, Collective::all_to_all);
  EXPECT_DOUBLE_EQ(a2a[0].bytes, 16777216.0);
  EXPECT_EQ(a2a[0].count, 2);
}

TEST(AllGatherDispatcher, PermutesOnlyTheLocalRowsOfTheGatheredTokens) {
  // Router scores on the rank's own 2,048 tokens; no chunk sort (the permutation is already in
  // local expert order); permute moves the 4,096 received rows of 4,096 B; unpermute sums them
  // into the 4,096 gathered tokens' output (plus the unfused weighting of the rows).
  const KernelList fwd = layer_forward_kernels(allgather_scenario());
  EXPECT_DOUBLE_EQ(kernel_bytes(fwd, "moe_router_scores"), 2048.0 * 8 * (2 + 8));
  EXPECT_EQ(kernel_bytes(fwd, "moe_sort_chunks"), -1.0);
  EXPECT_DOUBLE_EQ(kernel_bytes(fwd, "moe_permute"), 2.0 * 4096 * 4096);
  EXPECT_DOUBLE_EQ(kernel_bytes(fwd, "moe_unpermute"), (4096.0 + 4096) * 4096 + 2.0 * 4096 * 4096);
  EXPECT_DOUBLE_EQ(kernel_bytes(fwd, "moe_scatter_add"), 4096.0 * 2048 * 26);
  const KernelList bwd = layer_backward_kernels(allgather_scenario());
  EXPECT_DOUBLE_EQ(kernel_bytes(bwd, "moe_unpermute_bwd"), 6.0 * 4096 * 4096);
  EXPECT_DOUBLE_EQ(kernel_bytes(bwd, "moe_permute_bwd"), (4096.0 + 4096) * 4096);
}

TEST(AllGatherDispatcher, TheIterationKeepsItsFlops) {
  Scenario s = allgather_scenario();
  s.cluster.gpus_per_node = 8;
  s.cluster.num_nodes = 1;
  s.training.global_batch_size = 16;
  EXPECT_NEAR(test::total_op_flops(build_workload(s)) / hardware_flops_per_iteration(s), 1.0,
              1e-12);
}

nlohmann::json mixtral_doc(int tensor, int expert, const char* dispatcher) {
  return {{"schema", 1},
          {"name", "allgather"},
          {"model", {{"preset", "mixtral-8x7b"}, {"num_layers", 4}}},
          {"training",
           {{"global_batch_size", 16}, {"micro_batch_size", 1}, {"moe_dispatcher", dispatcher}}},
          {"parallel", {{"tensor", tensor}, {"expert", expert}, {"sequence_parallel", tensor > 1}}},
          {"cluster", {{"gpu", "h100-sxm5-80gb"}, {"num_nodes", 1}, {"gpus_per_node", 8}}}};
}

TEST(AllGatherDispatcher, WithTensorParallelismItIsRefused) {
  EXPECT_NO_THROW(parse_scenario(mixtral_doc(1, 8, "allgather")));
  EXPECT_TRUE(test::refused([] { parse_scenario(mixtral_doc(2, 4, "allgather")); },
                            "training.moe_dispatcher", "TP x EP group"));
  EXPECT_NO_THROW(parse_scenario(mixtral_doc(2, 4, "alltoall")));
  EXPECT_TRUE(test::refused([] { parse_scenario(mixtral_doc(1, 8, "flex")); },
                            "training.moe_dispatcher", "allgather"));
}

TEST(AllGatherDispatcher, WithoutExpertParallelismItIsAWarning) {
  const Scenario s = parse_scenario(mixtral_doc(1, 1, "allgather"));
  EXPECT_TRUE(std::any_of(s.warnings.begin(), s.warnings.end(), [](const std::string& w) {
    return w.find("training.moe_dispatcher allgather has no effect") != std::string::npos;
  }));
}

}  // namespace
}  // namespace wt
