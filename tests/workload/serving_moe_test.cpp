// MoE serving step costs by hand (docs/serving.md, "Mixture of experts"): the expected experts a
// batch hits, a batch-1 decode that reads the attention weights, the router and only the two
// experts its token is routed to, expert parallelism's dispatch and combine all-to-alls, the
// weights per GPU (the experts sharded over the replica alike with and without expert
// parallelism) and the serving.expert rules.
#include <gtest/gtest.h>

#include <algorithm>
#include "core/error.hpp"

#include "sim/comm/collective.hpp"
#include "sim/hardware/gemm_efficiency.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/hardware_setup.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/serving_cost.hpp"
#include "tests/workload/serving_test_util.hpp"

namespace wt {
namespace {

Scenario mixtral(int tensor, int expert) {
  return parse_scenario_text(
      R"({"model": {"preset": "mixtral-8x7b"}, "cluster": {"gpu": "H100"}, "serving": {"tensor": )" +
      std::to_string(tensor) + R"(, "expert": )" + std::to_string(expert) + "}}");
}

TEST(ServingMoe, ExpectedExpertsHitByHand) {
  // One token hits exactly its top_k experts.
  EXPECT_DOUBLE_EQ(expected_experts_hit(8, 2, 1.0), 2.0);
  // Mixtral, 4 tokens: 8 · (1 − 0.75^4) = 8 · (1 − 0.31640625) = 5.46875.
  EXPECT_DOUBLE_EQ(expected_experts_hit(8, 2, 4.0), 5.46875);
  // DeepSeek-V3, 32 tokens of top-8 out of 256: 256 · (1 − (31/32)^32) = 163.3138...
  EXPECT_NEAR(expected_experts_hit(256, 8, 32.0), 163.31384595, 1e-6);
  // Large batches hit every expert; a dense model none.
  EXPECT_NEAR(expected_experts_hit(8, 2, 256.0), 8.0, 1e-12);
  EXPECT_DOUBLE_EQ(expected_experts_hit(0, 0, 64.0), 0.0);
}

TEST(ServingMoe, DecodeOfOneTokenReadsOnlyItsTwoExperts) {
  // Mixtral 8x7B over TP 2, batch 1: every GEMM is HBM-bound (bytes / (bandwidth · efficiency)
  // + its launch). Per layer and GPU: QKV 4096 × 6144 / 2 and output 4096 × 4096 / 2, the
  // router 8 × 4096 (16-bit, on every rank), and the token's 2 experts, each 2 · 14336 / 2 wide
  // in and 14336 / 2 out.
  const Scenario s = mixtral(2, 1);
  const StepCost cost(s);
  const StepTime t = cost.step_time(decode_step(1, 1000));
  const auto [bw, launch] = HbmRoofline(cost.gpu());
  const double qkv = 6144.0 / 2 * 4096 * 2 + (3072.0 + 4096) * 2;
  const double out = 4096.0 * 2048 * 2 + (4096.0 + 2048) * 2;
  const double router = 8.0 * 4096 * 2 + (8.0 + 4096) * 2;
  // Two routed rows (the token's two copies) over two experts.
  const double in = 2 * 14336.0 * 4096 * 2 + 2 * (14336.0 + 4096) * 2;
  const double down = 2 * 4096.0 * 7168 * 2 + 2 * (4096.0 + 7168) * 2;
  EXPECT_NEAR(t.gemm_s, 32 * ((qkv + out + router + in + down) / bw + 5 * launch), 1e-9);
  // Against a dense read of all 8 experts, the decode reads about a third of the layer weights.
  const double all_experts = 8 * 3 * 14336.0 * 4096 * 2 / 2;
  EXPECT_LT(in + down, 0.26 * all_experts);
}

TEST(ServingMoe, ExpertParallelDispatchesAndCombinesByAllToAll) {
  // 64 decoding tokens, Mixtral over 2 GPUs. Experts split by TP: two all-reduces of 64 · 4096 ·
  // 2 B per layer. Whole experts on each GPU (EP 2): the attention's all-reduce, then per MoE
  // layer each rank sends its 32 tokens' 2 copies (64 · 2 / 2 rows of 4096 · 2 B) out and back.
  const StepWork w = decode_step(64, 1000);
  const Scenario tp = mixtral(2, 1);
  const HardwareSetup hw(tp);
  const double ar =
      collective_cost(Collective::all_reduce, 64.0 * 4096 * 2, GroupShape{2, 1}, hw.fabric).time_s;
  const double a2a =
      collective_cost(Collective::all_to_all, 64.0 * 4096 * 2, GroupShape{2, 1}, hw.fabric).time_s;
  const double gather =
      collective_cost(Collective::all_gather, 64.0 * 32000 * 2, GroupShape{2, 1}, hw.fabric).time_s;
  EXPECT_NEAR(StepCost(tp).step_time(w).tp_comm_s, 32 * 2 * ar + gather, 1e-12);
  EXPECT_NEAR(StepCost(mixtral(2, 2)).step_time(w).tp_comm_s, 32 * (ar + 2 * a2a) + gather, 1e-12);
}

TEST(ServingMoe, ExpertsAreShardedOverTheReplica) {
  // 46.7B parameters in bf16 over 2 GPUs: about 46.7 GB each (the embeddings counted), the same
  // whether each expert is split over both GPUs or each GPU holds 4 whole experts.
  const Scenario tp = mixtral(2, 1);
  const Scenario ep = mixtral(2, 2);
  const HardwareSetup hw(tp);
  const ServingMemory a = serving_memory(tp, hw.gpu);
  const ServingMemory b = serving_memory(ep, hw.gpu);
  EXPECT_DOUBLE_EQ(a.weights, b.weights);
  EXPECT_NEAR(a.weights, total_params(tp.model) * 2.0 / 2, 1e6);
  EXPECT_NEAR(a.weights / 1e9, 46.7, 0.3);
  EXPECT_GT(a.kv_blocks, 0);
}

TEST(ServingMoe, ExpertParallelismRules) {
  const auto path_of = error_path;
  const std::string head = R"({"model": {"preset": ")";
  EXPECT_EQ(
      path_of(
          head +
          R"(mixtral-8x7b"}, "cluster": {"gpu": "H100"}, "serving": {"tensor": 4, "expert": 2}})"),
      "serving.expert");
  EXPECT_EQ(
      path_of(head +
              R"(llama3-8b"}, "cluster": {"gpu": "H100"}, "serving": {"tensor": 2, "expert": 2}})"),
      "serving.expert");
  // 60 experts do not split over 8 GPUs.
  EXPECT_EQ(
      path_of(
          head +
          R"(qwen1.5-moe-a2.7b"}, "cluster": {"gpu": "H100"}, "serving": {"tensor": 8, "expert": 8}})"),
      "serving.expert");
  EXPECT_EQ(
      path_of(
          head +
          R"(mixtral-8x7b"}, "cluster": {"gpu": "H100"}, "serving": {"tensor": 8, "expert": 8}})"),
      "none");
}

Scenario mixtral_imbalanced(int tensor, int expert, double imbalance) {
  Scenario s = mixtral(tensor, expert);
  s.serving.expert_load_imbalance = imbalance;
  return s;
}

TEST(ServingMoe, BusiestRankRowsByHand) {
  const ModelConfig m = mixtral(2, 2).model;
  // Even routing, or no expert parallelism: tokens · k / e rows.
  EXPECT_DOUBLE_EQ(busiest_rank_rows(m, 2, 1.0, 4.0), 4.0);
  EXPECT_DOUBLE_EQ(busiest_rank_rows(m, 1, 3.0, 4.0), 8.0);
  // One token hits 2 experts once each: no expert can carry more than the token.
  EXPECT_DOUBLE_EQ(busiest_rank_rows(m, 2, 3.0, 1.0), 1.0);
  // 4 tokens hit 5.46875 experts, μ = 8 / 5.46875 = 1.462857 rows each; at I = 2 the hottest
  // carries 2.925714, its rank 4 + 1.462857; at I = 4 the hottest is capped at the 4 tokens.
  const double mu = 8.0 / 5.46875;
  EXPECT_NEAR(busiest_rank_rows(m, 2, 2.0, 4.0), 4.0 + mu, 1e-12);
  EXPECT_NEAR(busiest_rank_rows(m, 2, 4.0, 4.0), 4.0 + (4.0 - mu), 1e-12);
}

TEST(ServingMoe, TheHottestExpertsRankSetsTheStep) {
  // Mixtral over 8 H100s with one whole expert each (EP 8), a prefill of 1024 tokens: all 8
  // experts are hit, μ = 1024 · 2 / 8 = 256 rows each. At imbalance 1.5 the hottest expert's GPU
  // computes 384 rows: per MoE layer its two GEMMs (384 × 28672 × 4096 and 384 × 4096 × 14336,
  // compute-bound: FLOPs at the catalog's best efficiency × the shape factor (none under one wave
  // of tiles), else the bf16
  // weights and activations over HBM, plus a launch) instead of 256 rows', its permutation moves
  // 4 · 128 · 4096 · 2 B more, and its dispatch and combine all-to-alls carry 384 rows of
  // 4096 · 2 B instead of 256.
  StepWork w;
  w.prefill_tokens = 1024;
  w.prefill_pairs = 1024.0 * 1025.0 / 2.0;
  w.prefill_kv_tokens = 1024;
  w.sampled = 1;
  const StepCost even(mixtral_imbalanced(8, 8, 1.0));
  const StepCost hot(mixtral_imbalanced(8, 8, 1.5));
  const StepTime a = even.step_time(w);
  const StepTime b = hot.step_time(w);
  const GpuSpec& gpu = even.gpu();
  const auto [bw, launch] = HbmRoofline(gpu);
  const double peak = gpu.peak_flops(Precision::bf16);
  const int sms = static_cast<int>(gpu.sm_count.value);
  auto gemm = [&](double rows, double n, double k) {
    const auto m = static_cast<int64_t>(rows);
    // Under one wave of tiles (the down GEMM's 256 or 384 × 4096) cuBLAS splits K: no shape factor.
    const double shape =
        under_one_wave(m, static_cast<int64_t>(n), 1, sms)
            ? 1.0
            : gemm_shape_factor(m, static_cast<int64_t>(n), static_cast<int64_t>(k), 1, sms);
    const double eff = best_gemm_efficiency(gpu, Precision::bf16) * shape;
    const double compute = 2 * rows * n * k / (peak * eff);
    const double memory = (n * k * 2 + rows * (n + k) * 2) / bw;
    return std::max(compute, memory) + launch;
  };
  auto experts = [&](double rows) {
    return gemm(rows, 2 * 14336.0, 4096) + gemm(rows, 4096, 14336);
  };
  EXPECT_NEAR(b.gemm_s - a.gemm_s, 32 * (experts(384) - experts(256)), 1e-9 * b.gemm_s);
  EXPECT_NEAR(b.elementwise_s - a.elementwise_s, 32 * 4 * 128.0 * 4096 * 2 / bw, 1e-12);
  const HardwareSetup hw(mixtral(8, 8));
  auto a2a = [&](double rows) {
    return collective_cost(Collective::all_to_all, rows * 4096 * 2, GroupShape{8, 1}, hw.fabric)
        .time_s;
  };
  EXPECT_NEAR(b.tp_comm_s - a.tp_comm_s, 32 * 2 * (a2a(384) - a2a(256)), 1e-12);
  EXPECT_DOUBLE_EQ(a.attention_s, b.attention_s);
}

TEST(ServingMoe, LoadImbalanceRules) {
  const std::string mixtral_text =
      R"({"model": {"preset": "mixtral-8x7b"}, "cluster": {"gpu": "H100"}, "serving": {"tensor": 2, "expert": )";
  EXPECT_EQ(error_path(mixtral_text + R"(2, "expert_load_imbalance": 0.9}})"),
            "serving.expert_load_imbalance");
  // An expert takes each token once: at most 8 / 2 = 4 times the mean.
  EXPECT_EQ(error_path(mixtral_text + R"(2, "expert_load_imbalance": 4.5}})"),
            "serving.expert_load_imbalance");
  EXPECT_EQ(error_path(mixtral_text + R"(2, "expert_load_imbalance": 4}})"), "none");
  EXPECT_EQ(
      error_path(
          R"({"model": {"preset": "llama3-8b"}, "cluster": {"gpu": "H100"}, "serving": {"expert_load_imbalance": 1.2}})"),
      "serving.expert_load_imbalance");
  // Without expert parallelism the figure changes nothing, and says so.
  const Scenario s = parse_scenario_text(mixtral_text + R"(1, "expert_load_imbalance": 2}})");
  const bool warned = std::any_of(s.warnings.begin(), s.warnings.end(), [](const std::string& w) {
    return w.rfind("serving.expert_load_imbalance", 0) == 0;
  });
  EXPECT_TRUE(warned);
}

}  // namespace
}  // namespace wt
