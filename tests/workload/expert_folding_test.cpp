// MoE parallel folding (sim/scenario/expert_layout.hpp) against hand-computed values: the expert
// layers regroup a stage's TP × CP × DP ranks as ETP × EP × EDP; group sizes and shapes, experts
// and their parameters per GPU, the expert GEMMs, the expert gradients' own buckets and the
// optimizer state sharded over EDP.
#include <gtest/gtest.h>

#include "sim/scenario/expert_layout.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/stage_memory.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

// TP 2 × DP 8 on two nodes of 8 H100s; 16 experts of inner width 4096, top-2, not gated.
Scenario moe(int expert, int expert_tensor) {
  Scenario s = test::gpt_scenario(2, 1, 8);
  s.model.moe = {16, 2, 4096};
  s.parallel.expert = expert;
  s.parallel.expert_tensor = expert_tensor;
  s.parallel.sequence_parallel = true;
  return s;
}

const Kernel& find(const KernelList& list, const std::string& name) {
  for (const Kernel& k : list) {
    if (k.name == name) return k;
  }
  throw std::runtime_error("no kernel " + name);
}

TEST(ExpertFolding, GroupSizesRegroupTheStageRanks) {
  // Default ETP = TP 2, EP 4: EDP = 2 × 1 × 8 / (4 × 2) = 2.
  EXPECT_EQ(expert_tensor_size(moe(4, 0).parallel), 2);
  EXPECT_EQ(expert_data_size(moe(4, 0).parallel), 2);
  // Folded: ETP 1, EP 16 = TP × DP: EDP 1, no expert gradient reduction.
  EXPECT_EQ(expert_data_size(moe(16, 1).parallel), 1);
  EXPECT_EQ(expert_data_size(moe(8, 1).parallel), 2);
  // Without EP and with ETP = TP the experts share the dense data-parallel group.
  EXPECT_TRUE(experts_share_dense_dp(moe(1, 0).parallel));
  EXPECT_FALSE(experts_share_dense_dp(moe(1, 1).parallel));
}

TEST(ExpertFolding, ExpertGroupsFollowMegatronRankOrder) {
  // EP ranks at stride ETP: 16 ranks at stride 1 over nodes of 8 span 2 nodes.
  const Scenario folded = moe(16, 1);
  const GroupShape ep = comm_group(CommDim::ep, 16, folded);
  EXPECT_EQ(ep.ranks, 16);
  EXPECT_EQ(ep.nodes, 2);
  // ETP 2, EP 4: EP ranks at stride 2 (8 GPUs, one node); EDP 2 at stride 8: two nodes.
  const Scenario unfolded = moe(4, 0);
  EXPECT_EQ(comm_group(CommDim::ep, 4, unfolded).nodes, 1);
  const GroupShape edp = comm_group(CommDim::edp, 2, unfolded);
  EXPECT_EQ(edp.ranks, 2);
  EXPECT_EQ(edp.nodes, 2);
}

TEST(ExpertFolding, ExpertsAndTheirParametersPerGpu) {
  // One expert: 2 · 2048 · 4096 weights + 4096 + 2048 biases = 16,783,360; 16 of them.
  const double experts = 16.0 * 16'783'360.0;
  EXPECT_DOUBLE_EQ(layer_params(moe(4, 0).model).expert, experts);
  // EP 4 × ETP 2: 4 experts per GPU, each halved.
  EXPECT_DOUBLE_EQ(layer_expert_params_on_gpu(moe(4, 0)), experts / 8.0);
  // EP 16 × ETP 1: one whole expert per GPU.
  EXPECT_DOUBLE_EQ(layer_expert_params_on_gpu(moe(16, 1)), experts / 16.0);
}

TEST(ExpertFolding, ExpertGemmsTakeTheWholeExpertAndHalfTheTokens) {
  // 2048 tokens × top-2 = 4096 routed rows per TP rank's view. ETP 2, EP 4: 4 local experts of
  // 4096 / 4 = 1024 rows, inner width 4096 / 2.
  const Kernel split =
      find(layer_forward_kernels(moe(4, 0)), "mlp_fc1");  // a copy: the list is a temporary
  EXPECT_EQ(split.batch, 4);
  EXPECT_EQ(split.m, 1024);
  EXPECT_EQ(split.n, 2048);
  // ETP 1, EP 16: one local expert, whole width 4096, over 4096 × ETP / TP = 2048 rows.
  const Kernel whole = find(layer_forward_kernels(moe(16, 1)), "mlp_fc1");
  EXPECT_EQ(whole.batch, 1);
  EXPECT_EQ(whole.m, 2048);
  EXPECT_EQ(whole.n, 4096);
  EXPECT_DOUBLE_EQ(whole.flops, split.flops);  // the same expert work per GPU
}

TEST(ExpertFolding, ExpertGradientsReduceOverTheExpertDataParallelRanks) {
  // EP 8 × ETP 1: EDP 2. All 24 layers' expert gradients (bf16, 2 bytes) go to EDP ops.
  Scenario s = moe(8, 1);
  const Workload w = build_workload(s);
  double edp_bytes = 0.0;
  for (const Op& op : w.programs[0].ops) {
    if (op.dim != CommDim::edp) continue;
    EXPECT_EQ(op.group_size, 2);
    edp_bytes += op.bytes * op.count;
  }
  EXPECT_DOUBLE_EQ(edp_bytes, 24.0 * 16.0 * 16'783'360.0 / 8.0 * 2.0);
  EXPECT_DOUBLE_EQ(w.stage_expert_params[0], 24.0 * 16.0 * 16'783'360.0 / 8.0);
  // EP 16: EDP 1, nothing to reduce.
  const Workload whole = build_workload(moe(16, 1));
  for (const Op& op : whole.programs[0].ops)
    EXPECT_NE(op.dim, CommDim::edp);
}

TEST(ExpertFolding, DistributedOptimizerShardsExpertStatesOverEdp) {
  // ZeRO-1, 12 bytes of optimizer state per parameter: 1e9 parameters per GPU, 0.6e9 experts.
  // EP 16 (EDP 1): 0.4e9 · 12 / 8 + 0.6e9 · 12 / 1 = 7.8e9; the weights stay 2 bytes each.
  Scenario s = moe(16, 1);
  s.parallel.zero_stage = 1;
  MemoryUse m = stage_memory(s, 1e9, 0.6e9, 1, false, 80e9);
  EXPECT_DOUBLE_EQ(m.optimizer, 7.8e9);
  EXPECT_DOUBLE_EQ(m.weights, 2e9);
  EXPECT_DOUBLE_EQ(optimizer_owned_params(s, 1e9, 0.6e9), 0.4e9 / 8 + 0.6e9);
  // EP 8 × ETP 1 (EDP 2): 0.6e9 · 12 / 2 = 3.6e9 for the experts.
  s = moe(8, 1);
  s.parallel.zero_stage = 1;
  EXPECT_DOUBLE_EQ(stage_memory(s, 1e9, 0.6e9, 1, false, 80e9).optimizer, 0.6e9 + 3.6e9);
  // Without EP (experts share DP 8): 1e9 · 12 / 8.
  s = moe(1, 0);
  s.parallel.zero_stage = 1;
  EXPECT_DOUBLE_EQ(stage_memory(s, 1e9, 0.6e9, 1, false, 80e9).optimizer, 1.5e9);
}

}  // namespace
}  // namespace wt
