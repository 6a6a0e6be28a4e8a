// A parallel block (model.parallel_layers, PaLM §2) and sliding-window attention
// (model.attention_window) against hand-computed kernels and collectives (docs/models.md,
// "Parallel block", "Sliding-window attention").
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim/comm/fabric.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/workload/attention_kernels.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/tp_overlap.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

class Collect final : public KernelSink {
 public:
  void add(const KernelShape& k) override { kernels.push_back(k); }
  const KernelShape* find(const std::string& name) const {
    for (const KernelShape& k : kernels)
      if (std::string(k.name) + k.suffix == name) return &k;
    return nullptr;
  }
  std::vector<KernelShape> kernels;
};

// h 2048, 16 heads of 128, f 8192, s 2048, b 1, bf16, TP 4: 2048 tokens per micro-batch.
Scenario block(bool parallel) {
  Scenario s = test::gpt_scenario(4, 1, 2);
  s.model.parallel_layers = parallel;
  return s;
}

TEST(ParallelBlock, FusesTheInputGemmsIntoOneOfTheirSummedWidth) {
  Collect seq, par;
  emit_layer_forward_kernels(block(false), seq);
  emit_layer_forward_kernels(block(true), par);
  ASSERT_NE(seq.find("qkv"), nullptr);
  ASSERT_NE(seq.find("mlp_fc1"), nullptr);
  EXPECT_EQ(par.find("qkv"), nullptr);
  EXPECT_EQ(par.find("mlp_fc1"), nullptr);
  const KernelShape* fused = par.find("qkv_fc1");
  ASSERT_NE(fused, nullptr);
  // QKV 3 · 2048 / 4 = 1536 columns and fc1 8192 / 4 = 2048: one 2048 × 3584 × 2048 GEMM,
  // 2 · 2048 · 3584 · 2048 = 30,064,771,072 FLOPs, the two GEMMs' sum.
  EXPECT_EQ(fused->m, 2048);
  EXPECT_EQ(fused->n, 3584);
  EXPECT_EQ(fused->k, 2048);
  EXPECT_DOUBLE_EQ(fused->flops, 30'064'771'072.0);
  EXPECT_DOUBLE_EQ(fused->flops, seq.find("qkv")->flops + seq.find("mlp_fc1")->flops);
  // The outputs stay two GEMMs (different inner widths).
  EXPECT_NE(par.find("attn_proj"), nullptr);
  EXPECT_NE(par.find("mlp_fc2"), nullptr);

  Collect seq_bwd, par_bwd;
  emit_layer_backward_kernels(block(false), seq_bwd);
  emit_layer_backward_kernels(block(true), par_bwd);
  ASSERT_NE(par_bwd.find("qkv_fc1_dgrad"), nullptr);
  ASSERT_NE(par_bwd.find("qkv_fc1_wgrad"), nullptr);
  EXPECT_EQ(par_bwd.find("mlp_fc1_dgrad"), nullptr);
  // dgrad 2048 × 2048 over the 3584 columns; wgrad 2048 × 3584 over the 2048 tokens.
  EXPECT_EQ(par_bwd.find("qkv_fc1_dgrad")->n, 2048);
  EXPECT_EQ(par_bwd.find("qkv_fc1_dgrad")->k, 3584);
  EXPECT_EQ(par_bwd.find("qkv_fc1_wgrad")->n, 3584);
  EXPECT_DOUBLE_EQ(par_bwd.find("qkv_fc1_wgrad")->flops, 30'064'771'072.0);
}

TEST(ParallelBlock, RunsOneLayerNorm) {
  Collect seq, par;
  emit_layer_forward_kernels(block(false), seq);
  emit_layer_forward_kernels(block(true), par);
  // Per token: norms 2 · 2 · 2048 (one: 2 · 2048), residuals 2 · 3 · 2048, GELU 2048 + 2048
  // elements; × 2048 tokens × 2 B: 100,663,296 B sequential, 83,886,080 B parallel.
  EXPECT_DOUBLE_EQ(seq.find("elementwise")->bytes, 100'663'296.0);
  EXPECT_DOUBLE_EQ(par.find("elementwise")->bytes, 83'886'080.0);
  Collect par_bwd;
  emit_layer_backward_kernels(block(true), par_bwd);
  EXPECT_DOUBLE_EQ(par_bwd.find("elementwise_bwd")->bytes, 2.0 * 83'886'080.0);
}

TEST(ParallelBlock, ReducesOncePerPass) {
  // 2048 tokens × 2048 × 2 B = 8,388,608 B per TP collective.
  const Scenario seq = block(false), par = block(true);
  for (const Phase phase : {Phase::forward, Phase::backward}) {
    const LayerPassCollectives a = layer_pass_collectives(seq, comm_sizes(seq), phase);
    const LayerPassCollectives b = layer_pass_collectives(par, comm_sizes(par), phase);
    ASSERT_EQ(a.size, 1);
    ASSERT_EQ(b.size, 1);
    EXPECT_EQ(a.items[0].collective, Collective::all_reduce);
    EXPECT_EQ(a.items[0].count, 2);
    EXPECT_EQ(b.items[0].count, 1);
    EXPECT_DOUBLE_EQ(b.items[0].bytes, 8'388'608.0);
  }
  Scenario sp = par;
  sp.parallel.sequence_parallel = true;
  const LayerPassCollectives c = layer_pass_collectives(sp, comm_sizes(sp), Phase::forward);
  ASSERT_EQ(c.size, 2);
  EXPECT_EQ(c.items[0].collective, Collective::all_gather);
  EXPECT_EQ(c.items[0].count, 1);
  EXPECT_EQ(c.items[1].collective, Collective::reduce_scatter);
  EXPECT_EQ(c.items[1].count, 1);
}

TEST(ParallelBlock, MoeLayersStaySequential) {
  Scenario s = block(true);
  s.model.moe.num_experts = 8;
  s.model.moe.top_k = 2;
  s.model.moe.moe_ffn_hidden_size = 8192;
  EXPECT_FALSE(s.model.fused_parallel_block());
  EXPECT_EQ(layer_pass_collectives(s, comm_sizes(s), Phase::forward).items[0].count, 2);
  Collect k;
  emit_layer_forward_kernels(s, k);
  EXPECT_EQ(k.find("qkv_fc1"), nullptr);
}

TEST(ParallelBlock, TpOverlapPairsTheOneGatherAndTheOneScatterWithTheirGemms) {
  Scenario s = block(true);
  s.parallel.sequence_parallel = true;
  s.parallel.tp_comm_overlap = true;
  const GpuSpec& gpu = *find_gpu(s.cluster.gpu);
  const Fabric fabric = make_fabric(s, gpu);
  const TpOverlap o = tp_overlap(s, gpu, fabric, nullptr, 1.0);
  ASSERT_TRUE(o.on);
  const CommSizes z = comm_sizes(s);
  const GroupShape g = comm_group(CommDim::tp, 4, s);
  const double ag = collective_cost(Collective::all_gather, z.tp_bytes, g, fabric,
                                    s.parallel.collective_algorithm)
                        .time_s;
  const double rs = collective_cost(Collective::reduce_scatter, z.tp_bytes, g, fabric,
                                    s.parallel.collective_algorithm)
                        .time_s;
  Collect fwd, bwd;
  emit_layer_forward_kernels(s, fwd);
  emit_layer_backward_kernels(s, bwd);
  const auto t = [&](const Collect& c, const char* name) {
    return kernel_time_s(*c.find(name), gpu, s.training.precision, nullptr, 1.0);
  };
  const double share = 16.0 / 132.0;
  // Forward: the gather under the fused GEMM, the scatter under both output GEMMs.
  const OverlapPair fa = overlap_pair(ag, t(fwd, "qkv_fc1"), share);
  const OverlapPair fr = overlap_pair(rs, t(fwd, "attn_proj") + t(fwd, "mlp_fc2"), share);
  EXPECT_DOUBLE_EQ(o.forward.all_gather_s, fa.exposed_s);
  EXPECT_DOUBLE_EQ(o.forward.reduce_scatter_s, fr.exposed_s);
  EXPECT_NEAR(o.forward.gemm_stretch_s, fa.stretch_s + fr.stretch_s, 1e-18);
  // Backward: the output gradient's gather under both output dgrads, the fused GEMM's input
  // gathered again under its dgrad, the scatter of its input gradient under its wgrad.
  const OverlapPair ba =
      overlap_pair(ag, t(bwd, "attn_proj_dgrad") + t(bwd, "mlp_fc2_dgrad"), share);
  const OverlapPair bi = overlap_pair(ag, t(bwd, "qkv_fc1_dgrad"), share);
  const OverlapPair br = overlap_pair(rs, t(bwd, "qkv_fc1_wgrad"), share);
  EXPECT_DOUBLE_EQ(o.backward.all_gather_s, ba.exposed_s + bi.exposed_s);
  EXPECT_DOUBLE_EQ(o.backward.reduce_scatter_s, br.exposed_s);
  EXPECT_NEAR(o.backward.gemm_stretch_s, ba.stretch_s + bi.stretch_s + br.stretch_s, 1e-18);
}

TEST(SlidingWindow, WorkFractionCountsTheCausalPairsTheWindowKeeps) {
  // s = 2048, w = 512: 512 · 513 / 2 + 1536 · 512 = 917,760 of 2048 · 2049 / 2 = 2,098,176 pairs.
  EXPECT_DOUBLE_EQ(window_work_fraction(2048, 512), 917'760.0 / 2'098'176.0);
  // w = 1: each query its own key, 2048 of 2,098,176.
  EXPECT_DOUBLE_EQ(window_work_fraction(2048, 1), 2048.0 / 2'098'176.0);
  EXPECT_DOUBLE_EQ(window_work_fraction(2048, 0), 1.0);
  EXPECT_DOUBLE_EQ(window_work_fraction(2048, 2048), 1.0);
  EXPECT_DOUBLE_EQ(window_work_fraction(2048, 4096), 1.0);
}

TEST(SlidingWindow, AFusedKernelSkipsTheKeysOutsideTheWindowAnUnfusedCoreDoesNot) {
  Scenario s = block(false);
  s.training.attention = AttentionKernel::flash2;
  s.model.attention_window = 512;
  const AttentionShape a = attention_shape(s);
  EXPECT_DOUBLE_EQ(a.window_fraction, 917'760.0 / 2'098'176.0);
  Collect fused;
  emit_attention_forward(a, AttentionKernel::flash2, "", fused);
  // 4 heads of 128 on this GPU: 2 · 4 · 2048 · 2048 · (128 + 128) = 8,589,934,592 FLOPs full.
  EXPECT_DOUBLE_EQ(fused.kernels.at(0).flops, 8'589'934'592.0 * 917'760.0 / 2'098'176.0);
  Collect unfused;
  emit_attention_forward(a, AttentionKernel::unfused, "", unfused);
  EXPECT_DOUBLE_EQ(unfused.find("attn_scores")->flops, 2.0 * 4 * 2048.0 * 2048.0 * 128.0);
  // The model FLOPs count the same share: 4 · 2048² · 2048 · 0.4374 for one sequence.
  EXPECT_DOUBLE_EQ(layer_forward_flops(s.model, 1, 2048).attention,
                   4.0 * 2048.0 * 2048.0 * 2048.0 * 917'760.0 / 2'098'176.0);
}

}  // namespace
}  // namespace wt
