// Serving step costs against hand-computed values (docs/serving.md): KV bytes per token for MHA,
// GQA and MLA, weights by precision, the KV blocks that fit, a decode step bound by HBM bandwidth
// and a prefill step bound by the GEMMs' FLOPs, and the tensor-parallel all-reduces.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "sim/comm/collective.hpp"
#include "sim/hardware/gemm_efficiency.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/scenario/presets.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/hardware_setup.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/runtime_memory.hpp"
#include "sim/workload/serving_cost.hpp"
#include "tests/workload/serving_test_util.hpp"

namespace wt {
namespace {

Scenario serving(const std::string& preset, int tensor, const std::string& extra = "") {
  return parse_scenario_text(R"({"model": {"preset": ")" + preset +
                             R"("}, "cluster": {"gpu": "H100"}, "serving": {"tensor": )" +
                             std::to_string(tensor) + extra + "}}");
}

ModelConfig served_model(const std::string& name) {
  return serving(name, 1).model;
}

TEST(ServingCost, KvBytesPerTokenMhaGqaMla) {
  // Llama 2 7B, MHA: 2 · 32 layers · 32 heads · 128 · 2 B = 524,288 B (0.5 MiB).
  EXPECT_DOUBLE_EQ(kv_bytes_per_token(served_model("llama2-7b"), KvCachePrecision::bf16), 524288.0);
  // Llama 3 8B, GQA with 8 KV heads: 2 · 32 · 8 · 128 · 2 = 131,072 B; fp8 half.
  const ModelConfig l3 = served_model("llama3-8b");
  EXPECT_DOUBLE_EQ(kv_bytes_per_token(l3, KvCachePrecision::bf16), 131072.0);
  EXPECT_DOUBLE_EQ(kv_bytes_per_token(l3, KvCachePrecision::fp8), 65536.0);
  // Llama 2 70B, 8 KV heads over TP 4: 2 · 80 · 2 · 128 · 2 = 81,920 B per GPU; over TP 16 each
  // rank keeps one head: 2 · 80 · 1 · 128 · 2 = 40,960.
  const ModelConfig l70 = served_model("llama2-70b");
  EXPECT_DOUBLE_EQ(kv_bytes_per_token_per_gpu(l70, KvCachePrecision::bf16, 4), 81920.0);
  EXPECT_DOUBLE_EQ(kv_bytes_per_token_per_gpu(l70, KvCachePrecision::bf16, 16), 40960.0);
  // DeepSeek-V3's MLA: 61 layers · (512 latent + 64 rotary) · 2 B = 70,272 B, on every rank.
  ModelConfig mla;
  mla.num_layers = 61;
  mla.hidden_size = 7168;
  mla.num_attention_heads = 128;
  mla.num_kv_heads = 128;
  mla.mla = {1536, 512, 64, 128, 128};
  EXPECT_DOUBLE_EQ(kv_bytes_per_token(mla, KvCachePrecision::bf16), 70272.0);
  EXPECT_DOUBLE_EQ(kv_bytes_per_token_per_gpu(mla, KvCachePrecision::bf16, 8), 70272.0);
}

TEST(ServingCost, WeightBytesByPrecision) {
  EXPECT_DOUBLE_EQ(weight_bytes_per_param(WeightPrecision::bf16), 2.0);
  EXPECT_DOUBLE_EQ(weight_bytes_per_param(WeightPrecision::fp8), 1.0);
  EXPECT_DOUBLE_EQ(weight_bytes_per_param(WeightPrecision::int8), 1.0);
  EXPECT_DOUBLE_EQ(weight_bytes_per_param(WeightPrecision::int4), 0.515625);
  // Llama 3 8B: 32 layers of 4096·6144 QKV + 4096² out + 3·4096·14336 MLP weights, with the
  // biases and norms the parameter model counts (6144 + 4096 + 28672 + 4096 biases, 4 · 4096
  // norm weights and biases; sim/workload/model_math.hpp), and two 128,256 × 4096 embeddings.
  const ModelConfig m = served_model("llama3-8b");
  const double layer = 4096.0 * 6144 + 4096.0 * 4096 + 3.0 * 4096 * 14336 + 43008 + 4.0 * 4096;
  const double embed = 2.0 * 128256 * 4096;
  EXPECT_NEAR(serving_weight_bytes_per_gpu(m, WeightPrecision::bf16, 1), (32 * layer + embed) * 2.0,
              1.0);
  EXPECT_NEAR(serving_weight_bytes_per_gpu(m, WeightPrecision::int4, 2),
              (32 * layer * 0.515625 + embed * 2.0) / 2, 1.0);
}

TEST(ServingCost, KvBlocksAreWhatIsLeftOfTheBudget) {
  const Scenario s = serving("llama3-8b", 1, R"(, "max_num_batched_tokens": 8192)");
  const HardwareSetup hw(s);
  const ServingMemory mem = serving_memory(s, hw.gpu);
  const double capacity = 80.0 * 1024 * 1024 * 1024;
  const double budget = capacity * 0.9;
  const double weights = serving_weight_bytes_per_gpu(s.model, WeightPrecision::bf16, 1);
  // 8192 tokens · (2 · 4096 + max(6144, 2 · 14336 + 14336)) · 2 B + 256 rows · 128,256 · 4 B.
  const double activations = 8192.0 * (2 * 4096 + 3 * 14336) * 2 + 256.0 * 128256 * 4;
  EXPECT_DOUBLE_EQ(mem.activations, activations);
  const double left = budget - weights - activations - kCudaContextBytes;
  const double block = 131072.0 * 16;
  EXPECT_EQ(mem.kv_blocks, static_cast<int64_t>(left / block));
  EXPECT_DOUBLE_EQ(mem.kv_bytes_per_block, block);
}

TEST(ServingCost, DecodeOfOneSequenceReadsTheWeightsAndItsCache) {
  // Batch 1 is HBM-bound: every kernel takes bytes / (bandwidth · efficiency) + its launch.
  const Scenario s = serving("llama3-8b", 1);
  const StepCost cost(s);
  const StepTime t = cost.step_time(decode_step(1, 1000));
  const auto [bw, launch] = HbmRoofline(cost.gpu());
  const double layer_weights = (4096.0 * 6144 + 4096.0 * 4096 + 3.0 * 4096 * 14336) * 2;
  // The GEMMs: weights plus one token's input and output.
  const double gemm_acts = (6144.0 + 4096 + 4096 + 4096 + 28672 + 4096 + 4096 + 14336) * 2;
  EXPECT_NEAR(t.gemm_s, 32 * ((layer_weights + gemm_acts) / bw + 4 * launch), 1e-9);
  // Attention: 1000 cached tokens of 2 · 8 · 128 · 2 B per layer, and q and o of 32 · 128.
  const double attn_bytes = 1000.0 * 4096 + 2.0 * 32 * 128 * 2;
  EXPECT_NEAR(t.attention_s, 32 * (attn_bytes / bw + launch), 1e-9);
  // Logits: a 128,256 × 4096 16-bit output layer.
  EXPECT_NEAR(t.logits_s, (128256.0 * 4096 * 2 + (128256.0 + 4096) * 2) / bw + launch, 1e-9);
  EXPECT_DOUBLE_EQ(t.tp_comm_s, 0.0);
  // About 15 GB read per token at 3.35 TB/s · 0.9: 5 ms and then some.
  EXPECT_GT(t.total(), 0.005);
  EXPECT_LT(t.total(), 0.007);
}

TEST(ServingCost, DecodeGemmsUnderOneWaveOfTilesStayBoundByTheWeights) {
  // At 128 decode rows every Llama 3 8B GEMM has less than one wave of 128 × 256 tiles on 132 SMs
  // (the gate/up's 128 × 28,672 is the largest, 3.67e6 < 4.33e6 outputs): cuBLAS splits K and the
  // step reads the weights as at 127 rows, 1/128 more activations apart, not the 2 × of a wave
  // factor of 24/132 on a 128 × 6144 grid.
  const StepCost cost(serving("llama3-8b", 1));
  const StepTime at127 = cost.step_time(decode_step(127, 1000));
  const StepTime at128 = cost.step_time(decode_step(128, 1000));
  EXPECT_GT(at128.gemm_s, at127.gemm_s);
  EXPECT_LT(at128.gemm_s / at127.gemm_s, 1.01);
}

TEST(ServingCost, PrefillIsComputeBoundAtTheCatalogGemmEfficiency) {
  const Scenario s = serving("llama3-8b", 1);
  const StepCost cost(s);
  const GpuSpec& gpu = cost.gpu();
  StepWork w;
  w.prefill_tokens = 4096;
  w.prefill_pairs = 4096.0 * (4097.0 / 2.0);
  w.prefill_kv_tokens = 4096;
  w.sampled = 1;
  const StepTime t = cost.step_time(w);
  const int sms = static_cast<int>(gpu.sm_count.value);
  const double peak = gpu.peak_flops(Precision::bf16);
  const double launch = gpu.kernel_launch_us.value * 1e-6;
  auto gemm = [&](double m, double n, double k) {
    const double eff = gpu.gemm_efficiency.value *
                       gemm_shape_factor(static_cast<int64_t>(m), static_cast<int64_t>(n),
                                         static_cast<int64_t>(k), 1, sms);
    return 2 * m * n * k / (peak * eff) + launch;
  };
  const double layer = gemm(4096, 6144, 4096) + gemm(4096, 4096, 4096) + gemm(4096, 28672, 4096) +
                       gemm(4096, 4096, 14336);
  EXPECT_NEAR(t.gemm_s, 32 * layer, 1e-9 * t.gemm_s);
  // Causal attention: 4096 · 4097 / 2 pairs · 2 · (128 + 128) FLOPs · 32 heads at 60 % of peak.
  const double attn_flops = 4096.0 * 4097 / 2 * 2 * 256 * 32;
  EXPECT_NEAR(t.attention_s, 32 * (attn_flops / (peak * kAttentionEfficiency) + launch),
              1e-9 * t.attention_s);
  // 2 · 4096 · 4096 · 218 M FLOPs per layer ≈ 57 TFLOP: tens of ms on one H100.
  EXPECT_GT(t.total(), 0.05);
}

// A power limit stretches the compute-bound prefill by 1 / the clock it leaves: an H100 at 500 W
// runs at ((500 - 140) / 560)^(1/3) = 0.863054 of its clock (docs/hardware.md, "Power limits").
TEST(ServingCost, APowerLimitStretchesTheComputeBoundPrefill) {
  StepWork w;
  w.prefill_tokens = 4096;
  w.prefill_pairs = 4096.0 * (4097.0 / 2.0);
  w.prefill_kv_tokens = 4096;
  w.sampled = 1;
  const StepTime full = StepCost(serving("llama3-8b", 1)).step_time(w);
  Scenario capped = serving("llama3-8b", 1);
  capped.cluster.gpu_power_limit_W = 500.0;
  const StepTime slow = StepCost(capped).step_time(w);
  const double launches = 32 * 4 * 2e-6;  // four GEMMs per layer keep their launch time
  EXPECT_NEAR(slow.gemm_s - launches, (full.gemm_s - launches) / 0.863054, 1e-5 * full.gemm_s);
}

TEST(ServingCost, TensorParallelAddsTwoAllReducesPerLayer) {
  const Scenario s = serving("llama2-70b", 4);
  const StepCost cost(s);
  const HardwareSetup hw(s);
  const StepWork w = decode_step(64, 1000);
  const double ar =
      collective_cost(Collective::all_reduce, 64.0 * 8192 * 2, GroupShape{4, 1}, hw.fabric).time_s;
  const double gather =
      collective_cost(Collective::all_gather, 64.0 * 32000 * 2, GroupShape{4, 1}, hw.fabric).time_s;
  EXPECT_NEAR(cost.step_time(w).tp_comm_s, 80 * 2 * ar + gather, 1e-12);
}

TEST(ServingCost, Fp8WeightsHalveTheDecodeWeightTraffic) {
  StepWork w;
  w.decode_seqs = 1;
  w.decode_kv_tokens = 10;
  w.sampled = 1;
  const double bf16 = StepCost(serving("llama3-8b", 1)).step_time(w).gemm_s;
  const double fp8 =
      StepCost(serving("llama3-8b", 1, R"(, "weight_precision": "fp8")")).step_time(w).gemm_s;
  // The weights halve; the launches and the 16-bit activations stay.
  EXPECT_GT(fp8 / bf16, 0.5);
  EXPECT_LT(fp8 / bf16, 0.53);
}

TEST(ServingCost, SpeculativeTokensPerVerificationByHand) {
  // (1 − a^(k+1)) / (1 − a): k = 4, a = 0.7 gives (1 − 0.16807) / 0.3 = 2.77310; k = 3, a = 0.8
  // gives (1 − 0.4096) / 0.2 = 2.952; every draft accepted gives k + 1; none gives 1.
  EXPECT_NEAR(expected_tokens_per_verification(4, 0.7), 2.7731, 1e-9);
  EXPECT_NEAR(expected_tokens_per_verification(3, 0.8), 2.952, 1e-12);
  EXPECT_DOUBLE_EQ(expected_tokens_per_verification(5, 1.0), 6.0);
  EXPECT_DOUBLE_EQ(expected_tokens_per_verification(5, 0.0), 1.0);
}

TEST(ServingCost, ADraftAddsItsWeightsItsCacheAndItsSteps) {
  const std::string spec =
      R"(, "speculative": {"draft_model": "llama3.2-1b", "num_tokens": 4, "acceptance_rate": 0.7})";
  const Scenario plain = serving("llama3-70b", 4);
  const Scenario s = serving("llama3-70b", 4, spec);
  const HardwareSetup hw(s);
  const ServingMemory with = serving_memory(s, hw.gpu);
  const ServingMemory without = serving_memory(plain, hw.gpu);
  const ModelConfig draft = served_model("llama3.2-1b");
  EXPECT_DOUBLE_EQ(with.weights - without.weights,
                   serving_weight_bytes_per_gpu(draft, WeightPrecision::bf16, 4));
  // Llama 3.2 1B: 16 layers, 8 KV heads of 64 split over 4 ranks: 2 · 16 · 2 · 64 · 2 = 8,192 B.
  EXPECT_DOUBLE_EQ(with.kv_bytes_per_token - without.kv_bytes_per_token, 8192.0);
  // A verification of 5 tokens for 8 sequences: the target computes 40 query tokens, then the
  // draft's 4 single-token steps, each a decode step of the draft alone.
  StepWork w;
  w.decode_seqs = 8;
  w.decode_kv_tokens = 8000;
  w.decode_tokens_per_seq = 5;
  w.sampled = 40;
  const StepTime t = StepCost(s).step_time(w);
  const StepCost draft_cost(draft_scenario(s));
  double draft_s = 0.0;
  for (int j = 0; j < 4; ++j) {
    StepWork d;
    d.decode_seqs = 8;
    d.decode_kv_tokens = 8000 + 8 * j;
    d.sampled = 8;
    draft_s += draft_cost.step_time_s(d);
  }
  EXPECT_NEAR(t.draft_s, draft_s, 1e-12);
  EXPECT_GT(t.draft_s, 0.0);
  // 40 rows of a 70B model's GEMMs still read each weight once: the verification costs little
  // more than one plain decode of the 8 sequences (below 1.2 times).
  StepWork one = w;
  one.decode_tokens_per_seq = 1;
  one.sampled = 8;
  const StepCost target(plain);
  EXPECT_LT(t.gemm_s, 1.2 * target.step_time(one).gemm_s);
  EXPECT_GE(t.gemm_s, target.step_time(one).gemm_s);
}

TEST(ServingCost, ADraftMustShareTheVocabularyAndSplitLikeTheTarget) {
  auto path_of = [](const std::string& extra) {
    try {
      serving("llama3-70b", 4, extra);
    } catch (const InputError& e) {
      return e.path() + ": " + e.problem();
    }
    return std::string("accepted");
  };
  // GPT-2's 50,257 tokens against Llama 3's 128,256.
  EXPECT_NE(path_of(R"(, "speculative": {"draft_model": "gpt2"})").find("vocabulary"),
            std::string::npos);
  EXPECT_EQ(path_of(R"(, "speculative": {"draft_model": "gpt2"})")
                .rfind("serving.speculative.draft_model", 0),
            0u);
  EXPECT_NE(path_of(R"(, "speculative": {"draft_model": "no-such-model"})").find("unknown preset"),
            std::string::npos);
  EXPECT_NE(path_of(R"(, "batching": "static", "speculative": {"draft_model": "llama3.2-1b"})")
                .find("continuous batching"),
            std::string::npos);
  EXPECT_EQ(path_of(R"(, "speculative": {"draft_model": "llama3.2-1b"})"), "accepted");
  EXPECT_NE(path_of(R"(, "traffic": {"burst_factor": 2, "burst_s": 700, "burst_period_s": 600})")
                .find("burst_period_s"),
            std::string::npos);
}

}  // namespace
}  // namespace wt
