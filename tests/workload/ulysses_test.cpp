// DeepSpeed-Ulysses context parallelism (parallel.cp_comm_type a2a): its all-to-alls against
// hand-computed bytes, the attention kernel it runs, and the layouts it refuses
// (sim/workload/layer_work.cpp, attention_kernels.cpp; sim/scenario/validate_layout.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/attention_kernels.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/make_scenario.hpp"
#include "tests/workload/pass_collectives.hpp"
#include "tests/workload/refused.hpp"

namespace wt {
namespace {

// Llama 3 8B's attention (32 query heads, 8 KV heads of 128) at TP 2, CP 4, s 8,192, b 1.
Scenario ulysses_scenario() {
  Scenario s = test::llama3_8b_scenario(2, 1, 1);
  s.parallel.context = 4;
  s.parallel.cp_comm_type = CpCommType::a2a;
  s.cluster.gpus_per_node = 8;
  s.cluster.num_nodes = 1;
  return s;
}

TEST(Ulysses, AllToAllsCarryEachRanksQkvAndOutput) {
  const Scenario s = ulysses_scenario();
  // A rank's s/c = 2,048 tokens; per tensor rank Q 32·128/2 = 2,048 wide, K and V 8·128/2 = 512
  // each: 3,072 elements of 2 bytes per token = 12,582,912 B over three all-to-alls; the output
  // 2,048 wide = 8,388,608 B in one. The same four run on the gradients in backward and again in
  // a full recompute.
  for (const Phase phase : {Phase::forward, Phase::backward, Phase::recompute}) {
    const std::vector<LayerCollective> cp = test::pass_collectives(s, phase, CommDim::cp);
    ASSERT_EQ(cp.size(), 2u);
    EXPECT_EQ(cp[0].collective, Collective::all_to_all);
    EXPECT_DOUBLE_EQ(cp[0].bytes, 12582912.0 / 3.0);
    EXPECT_EQ(cp[0].count, 3);
    EXPECT_EQ(cp[0].group, 4);
    EXPECT_EQ(cp[1].collective, Collective::all_to_all);
    EXPECT_DOUBLE_EQ(cp[1].bytes, 8388608.0);
    EXPECT_EQ(cp[1].count, 1);
  }
}

TEST(Ulysses, TheRingGathersKeysAndValuesInstead) {
  Scenario s = ulysses_scenario();
  s.parallel.cp_comm_type = CpCommType::p2p;
  // K and V of all 8,192 tokens, (512 + 512) · 2 B each: 16,777,216 B; twice in backward.
  const std::vector<LayerCollective> forward =
      test::pass_collectives(s, Phase::forward, CommDim::cp);
  ASSERT_EQ(forward.size(), 1u);
  EXPECT_EQ(forward[0].collective, Collective::all_gather);
  EXPECT_DOUBLE_EQ(forward[0].bytes, 16777216.0);
  EXPECT_EQ(test::pass_collectives(s, Phase::backward, CommDim::cp)[0].count, 2);
}

TEST(Ulysses, PerOpCheckpointingKeepsTheAllToAllOutputs) {
  Scenario s = ulysses_scenario();
  s.training.activation_recompute = Recompute::per_op;
  EXPECT_TRUE(test::pass_collectives(s, Phase::recompute, CommDim::cp).empty());
  EXPECT_EQ(test::pass_collectives(s, Phase::forward, CommDim::cp).size(), 2u);
}

TEST(Ulysses, EachRankAttendsOverTheWholeSequenceWithAQuarterOfItsHeads) {
  Scenario s = ulysses_scenario();
  const AttentionShape ulysses = attention_shape(s);
  EXPECT_EQ(ulysses.heads, 4);  // 32 / TP 2 / CP 4
  EXPECT_EQ(ulysses.seq_local, 8192);
  EXPECT_EQ(ulysses.seq, 8192);
  s.parallel.cp_comm_type = CpCommType::p2p;
  const AttentionShape ring = attention_shape(s);
  EXPECT_EQ(ring.heads, 16);
  EXPECT_EQ(ring.seq_local, 2048);
  // The same score elements either way: b · heads · s_q · s_k = 4 · 8,192² = 16 · 2,048 · 8,192.
  EXPECT_EQ(ulysses.heads * ulysses.seq_local * ulysses.seq,
            ring.heads * ring.seq_local * ring.seq);
}

TEST(Ulysses, TheIterationKeepsItsFlops) {
  Scenario s = ulysses_scenario();
  s.training.global_batch_size = 4;
  EXPECT_NEAR(test::total_op_flops(build_workload(s)) / hardware_flops_per_iteration(s), 1.0,
              1e-12);
}

// The InputError parsing `doc` raises at `path`, its message holding `fragment`.
::testing::AssertionResult refused(const nlohmann::json& doc, const std::string& path,
                                   const std::string& fragment) {
  return test::refused([&] { parse_scenario(doc); }, path, fragment);
}

nlohmann::json llama_doc(int tensor, int context, const char* cp_comm_type) {
  return {{"schema", 1},
          {"name", "ulysses"},
          {"model", {{"preset", "llama3-8b"}}},
          {"training", {{"global_batch_size", 8}, {"micro_batch_size", 1}}},
          {"parallel", {{"tensor", tensor}, {"context", context}, {"cp_comm_type", cp_comm_type}}},
          {"cluster",
           {{"gpu", "h100-sxm5-80gb"},
            {"num_nodes", std::max(1, tensor * context / 8)},
            {"gpus_per_node", 8}}}};
}

TEST(Ulysses, KvHeadsPerTensorRankMustDivideByContext) {
  // Llama 3 8B at TP 2 has 16 query and 4 KV heads per tensor rank: CP 4 splits both, CP 8 only
  // the query heads.
  EXPECT_NO_THROW(parse_scenario(llama_doc(2, 4, "a2a")));
  EXPECT_TRUE(refused(llama_doc(2, 8, "a2a"), "parallel.context", "model.num_kv_heads"));
  EXPECT_NO_THROW(parse_scenario(llama_doc(2, 8, "p2p")));  // the ring has no such limit
  EXPECT_TRUE(refused(llama_doc(2, 4, "ring"), "parallel.cp_comm_type", "a2a"));
}

TEST(Ulysses, WithoutContextParallelismItIsAWarning) {
  const Scenario s = parse_scenario(llama_doc(2, 1, "a2a"));
  EXPECT_TRUE(std::any_of(s.warnings.begin(), s.warnings.end(), [](const std::string& w) {
    return w.find("parallel.cp_comm_type a2a has no effect") != std::string::npos;
  }));
}

}  // namespace
}  // namespace wt
