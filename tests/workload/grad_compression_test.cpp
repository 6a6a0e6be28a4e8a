// parallel.grad_compression against hand-computed wire bytes and kernel times (docs/models.md,
// "Gradient compression"), and the combinations validation refuses.
#include "sim/workload/grad_compression.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/parse.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

// 1e12 B/s for a memory-bound pass, 5 us per launch; plain alpha-beta wire (no NCCL protocols).
GradCompressionModel hand_model(GradCompression kind, double grad_width) {
  GradCompressionModel m;
  m.kind = kind;
  m.grad_width = grad_width;
  m.wire_width = kind == GradCompression::fp8 ? 1.0 : 2.0;
  m.cast = true;
  m.memory_s_per_byte = 1e-12;
  m.launch_s = 5e-6;
  return m;
}

const Fabric kNode{{1e-6, 200e9}, {5e-6, 25e9}, 10e-6};  // intra, inter, call overhead

TEST(GradCompression, Bf16OnTheWireHalvesAnFp32AllReducePlusTwoCasts) {
  // 1e8 fp32 values (4e8 B) over 8 GPUs of one node: the ring all-reduce of 2e8 B is
  // 2·7·1 us + 2·7/8 · 2e8 / 200e9 = 1.764 ms, plus 10 us per call; the casts move
  // 1e8·(4+2) + 1e8·(2+4) = 1.2e9 B at 1e12 B/s = 1.2 ms, plus two launches of 5 us.
  const GradCompressionModel m = hand_model(GradCompression::bf16, 4.0);
  const CompressedReduction r = compressed_reduction(m, Collective::all_reduce, 4e8, 8);
  ASSERT_EQ(r.calls, 1);
  EXPECT_DOUBLE_EQ(r.wire[0].bytes, 2e8);
  EXPECT_DOUBLE_EQ(r.kernel_bytes, 1.2e9);
  EXPECT_EQ(r.kernels, 2);
  const CollectiveCost c = compressed_reduction_cost(m, Collective::all_reduce, 4e8, {8, 1}, kNode,
                                                     CollectiveAlgorithm::ring);
  EXPECT_NEAR(c.time_s, 1.764e-3 + 10e-6 + 1.2e-3 + 10e-6, 1e-12);
  EXPECT_DOUBLE_EQ(c.bytes_sent_per_gpu, 2.0 * 7.0 / 8.0 * 2e8);
}

TEST(GradCompression, TheBufferDtypeOnTheWireIsTheUncompressedCall) {
  GradCompressionModel m = hand_model(GradCompression::bf16, 2.0);
  m.cast = false;  // a bf16 buffer reduced in bf16
  const CollectiveCost c =
      compressed_reduction_cost(m, Collective::all_reduce, 4e8, {16, 2}, kNode, {});
  const CollectiveCost plain = collective_cost(Collective::all_reduce, 4e8, {16, 2}, kNode);
  EXPECT_DOUBLE_EQ(c.time_s, plain.time_s);
}

TEST(GradCompression, Fp8ReduceScatterCastsBackOnlyTheShard) {
  // 1e8 bf16 values, ZeRO-1 reduce-scatter over 8: 1e8 B on the wire; amax 2e8 B, cast
  // 1e8·(2+1), back 1e8/8·(1+2): 5.375e8 B in three kernels.
  const CompressedReduction r = compressed_reduction(hand_model(GradCompression::fp8, 2.0),
                                                     Collective::reduce_scatter, 2e8, 8);
  EXPECT_EQ(r.wire[0].collective, Collective::reduce_scatter);
  EXPECT_DOUBLE_EQ(r.wire[0].bytes, 1e8);
  EXPECT_DOUBLE_EQ(r.kernel_bytes, 5.375e8);
  EXPECT_EQ(r.kernels, 3);
}

TEST(GradCompression, TopKAllGathersValuesAndIndices) {
  // 1e8 bf16 values, 1%: k = 1e6 pairs of 2 + 4 B from each of 8 ranks, an all-gather of 4.8e7 B.
  // Kernels: 5·2e8 (error feedback, threshold, compaction) + 6e6 (the pairs) + 2e8 (zeroing)
  // + 4.8e7 (reading the gathered pairs) + 2·8·1e6·2 (scatter-add) = 1.286e9 B.
  GradCompressionModel m = hand_model(GradCompression::topk, 2.0);
  m.ratio = 0.01;
  const CompressedReduction r = compressed_reduction(m, Collective::all_reduce, 2e8, 8);
  ASSERT_EQ(r.calls, 1);
  EXPECT_EQ(r.wire[0].collective, Collective::all_gather);
  EXPECT_DOUBLE_EQ(r.wire[0].bytes, 4.8e7);
  EXPECT_DOUBLE_EQ(r.kernel_bytes, 1.286e9);
  EXPECT_EQ(r.kernels, 5);
}

TEST(GradCompression, PowerSgdAllReducesPAndQ) {
  // 1e8 bf16 values, 90% in matrices with 0.001 P and 0.002 Q elements per matrix element:
  // P's call carries (9e4 + 1e7)·2 B (with the vectors), Q's 1.8e5·2 B; 9e7 · 1 ps of kernels.
  GradCompressionModel m = hand_model(GradCompression::powersgd, 2.0);
  m.matrix_share = 0.9;
  m.p_per_element = 0.001;
  m.q_per_element = 0.002;
  m.powersgd_s_per_element = 1e-12;
  const CompressedReduction r = compressed_reduction(m, Collective::all_reduce, 2e8, 8);
  ASSERT_EQ(r.calls, 2);
  EXPECT_EQ(r.wire[0].collective, Collective::all_reduce);
  EXPECT_DOUBLE_EQ(r.wire[0].bytes, 2.018e7);
  EXPECT_DOUBLE_EQ(r.wire[1].bytes, 3.6e5);
  EXPECT_DOUBLE_EQ(r.gemm_s, 9e-5);
}

TEST(GradCompression, PowerSgdFactorsOfAGptLayer) {
  // h 2048, ffn 8192, TP 1: the matrices 2048x6144, 2048x2048, 2048x8192, 8192x2048 hold
  // 2048·24576 elements; their rank-4 factors (Σ(m + n)·4) 4·(14336 + 18432) = 131072 of them:
  // 1/384 per element.
  Scenario s = test::gpt_scenario(1, 1, 8);
  s.parallel.grad_compression = GradCompression::powersgd;
  s.parallel.powersgd_rank = 4;
  const GradCompressionModel m = grad_compression_model(s, *find_gpu("h100-sxm5-80gb"), nullptr, 1);
  EXPECT_NEAR(m.p_per_element + m.q_per_element, 1.0 / 384.0, 1e-15);
  EXPECT_GT(m.matrix_share, 0.999);  // the norms and biases are the rest
  EXPECT_LT(m.matrix_share, 1.0);
  EXPECT_GT(m.powersgd_s_per_element, 0.0);
}

TEST(GradCompression, OneBitAdamSendsSignsAndScales) {
  // 1e8 values (bf16 gradients, fp32 momentum) over 8: 1.25e7 B of bits plus 8 scales of 4 B,
  // all-to-all then all-gather. Kernels: worker 7·4e8 + 2·1.25e7; owner 1.25e7 + 4e8/8 + 7·4e8/8
  // + 2·1.25e7/8; unpack 1.25e7 + 4e8: 3.653125e9 B in ten kernels.
  const CompressedReduction r = compressed_reduction(hand_model(GradCompression::onebit_adam, 2.0),
                                                     Collective::all_reduce, 2e8, 8);
  ASSERT_EQ(r.calls, 2);
  EXPECT_EQ(r.wire[0].collective, Collective::all_to_all);
  EXPECT_EQ(r.wire[1].collective, Collective::all_gather);
  EXPECT_DOUBLE_EQ(r.wire[0].bytes, 1.25e7 + 32.0);
  EXPECT_DOUBLE_EQ(r.wire[1].bytes, 1.25e7 + 32.0);
  EXPECT_DOUBLE_EQ(r.kernel_bytes, 3.653125e9);
  EXPECT_EQ(r.kernels, 10);
}

Scenario compressed(const std::string& kind, int zero, bool overlap, const std::string& opt) {
  nlohmann::json doc = nlohmann::json::parse(R"({
    "model": {"num_layers": 24, "hidden_size": 2048, "num_attention_heads": 16,
              "ffn_hidden_size": 8192, "seq_length": 2048, "vocab_size": 51200},
    "training": {"global_batch_size": 64, "micro_batch_size": 1},
    "cluster": {"gpu": "h100-sxm5-80gb", "num_nodes": 2, "gpus_per_node": 8}})");
  doc["parallel"]["grad_compression"] = kind;
  doc["parallel"]["zero_stage"] = zero;
  doc["parallel"]["overlap_grad_reduce"] = overlap;
  doc["training"]["optimizer"] = opt;
  return parse_scenario(doc);
}

TEST(GradCompression, RefusesWhatCannotApply) {
  EXPECT_NO_THROW(compressed("bf16", 3, true, "adam"));
  EXPECT_NO_THROW(compressed("powersgd", 1, true, "adam"));
  EXPECT_THROW(compressed("powersgd", 2, true, "adam"), InputError);
  EXPECT_THROW(compressed("topk", 3, true, "adam"), InputError);
  EXPECT_NO_THROW(compressed("onebit_adam", 0, false, "adamw"));
  EXPECT_THROW(compressed("onebit_adam", 0, true, "adam"), InputError);
  EXPECT_THROW(compressed("onebit_adam", 1, false, "adam"), InputError);
  EXPECT_THROW(compressed("onebit_adam", 0, false, "sgd"), InputError);
  EXPECT_THROW(compressed("int4", 0, true, "adam"), InputError);
}

TEST(GradCompression, EveryRunSaysConvergenceIsNotSimulated) {
  const Scenario s = compressed("powersgd", 0, true, "adam");
  bool said = false;
  for (const std::string& w : s.warnings)
    said = said || w.find("convergence is not") != std::string::npos;
  EXPECT_TRUE(said);
}

}  // namespace
}  // namespace wt
