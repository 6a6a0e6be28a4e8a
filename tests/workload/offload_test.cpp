// parallel.offload against hand-computed values (docs/models.md, "Offload"): the host's memory
// bandwidth per GPU, the host work that replaces the GPU optimizer step and its time, the model
// states that move to host memory, and the layouts that cannot offload.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "sim/hardware/host_platform.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/stage_memory.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

TEST(Offload, HostMemoryBandwidthIsTheServersChannelsSharedByItsGpus) {
  // DGX A100: 2 sockets × 8 channels × 3200 MT/s × 8 B = 409.6 GB/s over 8 GPUs.
  EXPECT_DOUBLE_EQ(host_memory_share_GBps(*find_gpu("a100-sxm4-80gb")).value, 51.2);
  // DGX H100: 2 × 8 × 4800 MT/s × 8 B = 614.4 GB/s over 8 GPUs.
  EXPECT_DOUBLE_EQ(host_memory_share_GBps(*find_gpu("h100-sxm5-80gb")).value, 76.8);
  // GB200: one Grace's 512 GB/s per two GPUs.
  EXPECT_DOUBLE_EQ(host_memory_share_GBps(*find_gpu("gb200")).value, 256.0);
}

TEST(Offload, TheOptimizerStepRunsOnTheHostBetweenTwoCopies) {
  Scenario s = test::gpt_scenario(1, 1, 8);
  s.parallel.zero_stage = 2;
  s.parallel.offload = Offload::optimizer;
  s.parallel.overlap_grad_reduce = false;
  const KernelList k = optimizer_kernels(s, 1e9);
  ASSERT_EQ(k.size(), 3u);
  EXPECT_EQ(k[0].name, "grads_to_host");
  EXPECT_DOUBLE_EQ(k[0].bytes, 2e9);  // bf16 gradient shard
  EXPECT_EQ(k[1].name, "cpu_optimizer_step");
  EXPECT_EQ(k[1].cls, KernelClass::host_cpu);
  EXPECT_DOUBLE_EQ(k[1].bytes, 28e9);  // the same 28 B per parameter the GPU step moves
  EXPECT_EQ(k[2].name, "params_to_gpu");
  EXPECT_DOUBLE_EQ(k[2].bytes, 2e9);  // bf16 parameters back
  // Overlapped with backward, the gradients' copy leaves the step.
  s.parallel.overlap_grad_reduce = true;
  EXPECT_EQ(optimizer_kernels(s, 1e9).size(), 2u);
}

TEST(Offload, HostWorkIsTimedByTheHostLinkAndTheHostMemory) {
  const GpuSpec& h100 = *find_gpu("h100-sxm5-80gb");
  KernelShape copy{KernelClass::host_link, "params_to_gpu"};
  copy.bytes = 2e9;
  // PCIe Gen5 x16: 63 GB/s × 0.88 = 55.44 GB/s, no launch overhead.
  EXPECT_NEAR(kernel_time_s(copy, h100, Precision::bf16), 2e9 / 55.44e9, 1e-12);
  KernelShape step{KernelClass::host_cpu, "cpu_optimizer_step"};
  step.bytes = 18e9;
  // 76.8 GB/s × 0.7 = 53.76 GB/s.
  EXPECT_NEAR(kernel_time_s(step, h100, Precision::bf16), 18e9 / 53.76e9, 1e-12);
}

TEST(Offload, ParameterOffloadUploadsTheShardForEveryForwardAndBackward) {
  Scenario s = test::gpt_scenario(1, 1, 8);
  s.parallel.zero_stage = 3;
  s.parallel.offload = Offload::parameters;
  const KernelList k = optimizer_kernels(s, 1e8);
  ASSERT_EQ(k.size(), 3u);
  EXPECT_EQ(k[2].name, "param_shard_uploads");
  // 64 sequences / (micro-batch 1 × DP 8) = 8 micro-batches, forward and backward, 2 B each.
  EXPECT_DOUBLE_EQ(k[2].bytes, 2.0 * 8 * 1e8 * 2.0);
}

Scenario zero_scenario(int stage, const std::string& offload) {
  nlohmann::json doc = nlohmann::json::parse(R"({
    "model": {"num_layers": 24, "hidden_size": 2048, "num_attention_heads": 16,
              "ffn_hidden_size": 8192, "seq_length": 2048, "vocab_size": 51200},
    "training": {"global_batch_size": 64, "micro_batch_size": 1},
    "cluster": {"gpu": "h100-sxm5-80gb", "num_nodes": 1, "gpus_per_node": 8}})");
  doc["parallel"]["zero_stage"] = stage;
  doc["parallel"]["offload"] = offload;
  return parse_scenario(doc);
}

TEST(Offload, OptimizerStateAndGradientShardMoveToTheHost) {
  // 1e9 parameters on each GPU, ZeRO-1 over DP 8, bf16 with 2 B gradients, 25 MB bucket.
  const MemoryUse m = stage_memory(zero_scenario(1, "optimizer"), 1e9, 0.0, 1, false, 80 * kGiB);
  EXPECT_DOUBLE_EQ(m.weights, 2e9);
  EXPECT_DOUBLE_EQ(m.optimizer, 0.0);
  EXPECT_DOUBLE_EQ(m.gradients, 25e6);           // one reduction bucket stays
  EXPECT_DOUBLE_EQ(m.host, 12e9 / 8 + 2e9 / 8);  // the optimizer and gradient shards
  const Scenario z3 = zero_scenario(3, "parameters");
  const MemoryUse p = stage_memory(z3, 1e9, 0.0, 1, false, 80 * kGiB);
  EXPECT_DOUBLE_EQ(p.weights, 2 * 2 * layer_params_on_gpu(z3));  // only the gathered layers stay
  EXPECT_DOUBLE_EQ(p.host, 12e9 / 8 + 2e9 / 8 + 2e9 / 8);
}

TEST(Offload, NeedsTheShardsItMoves) {
  try {
    zero_scenario(0, "optimizer");
    FAIL() << "offload without ZeRO was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "parallel.zero_stage");
  }
  EXPECT_THROW(zero_scenario(2, "parameters"), InputError);
  EXPECT_THROW(zero_scenario(1, "disk"), InputError);
}

}  // namespace
}  // namespace wt
