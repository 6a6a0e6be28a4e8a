// Encoder serving by hand (docs/serving.md, "Encoder serving"): no KV cache, a workspace without
// logits, and a prefill-only step on the roofline of its GEMMs and its bidirectional attention,
// with BERT's pooler as the head.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "sim/hardware/gemm_efficiency.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/runtime_memory.hpp"
#include "sim/workload/serving_cost.hpp"
#include "tests/workload/serving_test_util.hpp"

namespace wt {
namespace {

std::string bert_on_l4_text(const std::string& extra = "") {
  return R"({"model": {"preset": "bert-large"}, "cluster": {"gpu": "L4"}, "serving": {"encode": true, "weight_precision": "fp16")" +
         extra + "}}";
}

Scenario bert_on_l4(const std::string& extra = "") {
  return parse_scenario_text(bert_on_l4_text(extra));
}

TEST(ServingEncode, NoCacheAndNoLogitsWorkspace) {
  const Scenario s = bert_on_l4();
  const StepCost cost(s);
  const ServingMemory mem = serving_memory(s, cost.gpu());
  EXPECT_TRUE(mem.fits);
  EXPECT_EQ(mem.kv_blocks, 0);
  EXPECT_DOUBLE_EQ(mem.kv_bytes_per_token, 0.0);
  EXPECT_DOUBLE_EQ(mem.kv_cache, 0.0);
  // 8192 tokens · (2 · 1024 + max(3072, 4096 + 4096)) · 2 B; no logits rows.
  EXPECT_DOUBLE_EQ(mem.activations, 8192.0 * (2 * 1024 + 8192) * 2);
}

TEST(ServingEncode, APassIsTheGemmAndAttentionRoofline) {
  // 8 sequences of 512 tokens in one step on an L4 (fp16): per layer four GEMMs of 4096 rows
  // (QKV 3072 wide, output 1024, MLP 4096 in and 1024 out), each the larger of its FLOPs at the
  // catalog efficiency for the shape and its bytes (fp16 weights and activations) at the HBM
  // bandwidth, plus a launch; attention bidirectional: 8 · 512² pairs · 2 · (64 + 64) FLOPs ·
  // 16 heads at 0.6 of peak; the head is BERT's pooler, 8 rows of a 1024 × 1024 layer.
  const Scenario s = bert_on_l4();
  const StepCost cost(s);
  const GpuSpec& gpu = cost.gpu();
  StepWork w;
  w.prefill_tokens = 8 * 512;
  w.prefill_pairs = 8 * 512.0 * 512.0;
  w.prefill_kv_tokens = 8 * 512;
  w.sampled = 8;
  const StepTime t = cost.step_time(w);
  const int sms = static_cast<int>(gpu.sm_count.value);
  const double peak = gpu.peak_flops(Precision::fp16);
  const double bw = gpu.memory_bw_GBps.value * 1e9 * gpu.memory_efficiency.value;
  const double launch = gpu.kernel_launch_us.value * 1e-6;
  auto gemm = [&](double m, double n, double k) {
    const double eff = gpu.gemm_efficiency.value *
                       gemm_shape_factor(static_cast<int64_t>(m), static_cast<int64_t>(n),
                                         static_cast<int64_t>(k), 1, sms);
    const double compute = 2 * m * n * k / (peak * eff);
    const double memory = (n * k + m * (n + k)) * 2 / bw;
    return std::max(compute, memory) + launch;
  };
  const double layer = gemm(4096, 3072, 1024) + gemm(4096, 1024, 1024) + gemm(4096, 4096, 1024) +
                       gemm(4096, 1024, 4096);
  EXPECT_NEAR(t.gemm_s, 24 * layer, 1e-9 * t.gemm_s);
  const double attn_flops = 8 * 512.0 * 512 * 2 * 128 * 16;
  const double attn_bytes = 4096.0 * 2 * 16 * 64 * 2 + 2 * 4096.0 * 16 * 64 * 2;
  EXPECT_NEAR(t.attention_s,
              24 * (std::max(attn_flops / (peak * kAttentionEfficiency), attn_bytes / bw) + launch),
              1e-9 * t.attention_s);
  // The pooler's 8 rows are a skinny, weight-bandwidth-bound GEMM.
  EXPECT_NEAR(t.logits_s, (1024.0 * 1024 * 2 + 8 * 2048.0 * 2) / bw + launch, 1e-12);
  EXPECT_DOUBLE_EQ(t.tp_comm_s, 0.0);
}

// A T4 has no bf16 tensor cores: int8 weight-only GEMMs dequantise to fp16 there, so a pass
// costs what it does with fp16 weights, less the weight bytes (compute-bound GEMMs: the same).
TEST(ServingEncode, WeightOnlyOnAGpuWithoutBf16ComputesInFp16) {
  const std::string t4 = R"({"model": {"preset": "bert-large"}, "cluster": {"gpu": "T4"},
    "serving": {"encode": true, "weight_precision": ")";
  const StepCost int8(parse_scenario_text(t4 + R"(int8"}})"));
  const StepCost fp16(parse_scenario_text(t4 + R"(fp16"}})"));
  StepWork w;
  w.prefill_tokens = 8 * 512;
  w.prefill_pairs = 8 * 512.0 * 512.0;
  w.prefill_kv_tokens = 8 * 512;
  w.sampled = 8;
  const StepTime a = int8.step_time(w);
  const StepTime b = fp16.step_time(w);
  EXPECT_TRUE(std::isfinite(a.total()));
  EXPECT_NEAR(a.gemm_s, b.gemm_s, 1e-12);
  EXPECT_NEAR(a.attention_s, b.attention_s, 1e-12);
}

TEST(ServingEncode, RulesOfTheEncodeMode) {
  auto path_of = [](const std::string& extra) { return error_path(bert_on_l4_text(extra)); };
  // A whole 512-token input must fit one step.
  EXPECT_EQ(path_of(R"(, "max_num_batched_tokens": 256)"), "serving.max_num_batched_tokens");
  EXPECT_EQ(path_of(R"(, "speculative": {"draft_model": "bert-large"})"),
            "serving.speculative.draft_model");
  // No token is decoded, so no time-per-output-token target.
  EXPECT_EQ(path_of(R"(, "slo": {"tpot_ms": 20})"), "serving.slo.tpot_ms");
  // No output lengths are needed.
  EXPECT_EQ(path_of(R"(, "traffic": {"rate_rps": 10, "prompt_tokens": {"mean": 128}})"), "none");
}

}  // namespace
}  // namespace wt
