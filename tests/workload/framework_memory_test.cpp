// Per-GPU memory under each framework profile, against hand-computed values: the model states by
// the profile's ZeRO stage and gradient dtype, the activations by its sequence parallelism and
// recompute (Korthikanti et al. 2022), and the runtime lines (CUDA context, NCCL buffers).
#include <gtest/gtest.h>

#include "sim/report/run_result.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/runtime_memory.hpp"
#include "sim/workload/stage_memory.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {
namespace {

// The CUDA context as measured on an H100: 783,089,664 B in use less PyTorch's pool, 56,623,104 B.
constexpr double kContext = 783089664.0 - 56623104.0;

// 24 layers, h 2048, 16 heads, f 8192, s 2048, micro-batch 1, bf16; TP 2 × DP 4 on 8 H100s.
Scenario under(const std::string& framework) {
  nlohmann::json doc = nlohmann::json::parse(R"({
    "model": {"num_layers": 24, "hidden_size": 2048, "num_attention_heads": 16,
              "ffn_hidden_size": 8192, "seq_length": 2048, "vocab_size": 51200},
    "training": {"global_batch_size": 64, "micro_batch_size": 1},
    "parallel": {"tensor": 2},
    "cluster": {"gpu": "h100-sxm5-80gb", "num_nodes": 1, "gpus_per_node": 8}})");
  doc["training"]["framework"] = framework;
  return parse_scenario(doc);
}

constexpr double kParams = 1e9;  // per GPU, after TP
constexpr double kSbh = 2048.0 * 1.0 * 2048.0;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
// NCCL: the TP ring and the DP ring, 16 channels of 4 MiB + 4,915,200 B + 512 KiB each.
constexpr double kNccl = 2 * 16 * (4194304.0 + 4915200.0 + 524288.0);  // 308,281,344 B

MemoryUse one_layer(const Scenario& s) {
  return stage_memory(s, kParams, 0.0, 1, false, 80 * kGiB);
}

TEST(FrameworkMemory, NemoShardsTheOptimizerAndSplitsActivationsBySequenceParallelism) {
  const MemoryUse m = one_layer(under("nemo"));
  EXPECT_DOUBLE_EQ(m.weights, 2e9);
  EXPECT_DOUBLE_EQ(m.gradients, 2e9);              // bf16 reduction (performance_mode)
  EXPECT_DOUBLE_EQ(m.optimizer, 12e9 / 4);         // distributed optimizer over DP 4
  EXPECT_DOUBLE_EQ(m.activations, kSbh / 2 * 34);  // SP: sbh/t · 34 (fused: no 5as/h term)
  EXPECT_DOUBLE_EQ(m.cuda_context, 726466560.0);   // measured on an H100 (runtime_memory.hpp)
  EXPECT_DOUBLE_EQ(m.comm_buffers, kNccl);
  EXPECT_DOUBLE_EQ(m.total, 2e9 + 2e9 + 3e9 + kSbh / 2 * 34 + kContext + kNccl);
}

TEST(FrameworkMemory, MegatronLmKeepsEverythingWholeWithFp32Gradients) {
  const MemoryUse m = one_layer(under("megatron-lm"));
  EXPECT_DOUBLE_EQ(m.gradients, 4e9);                       // fp32 with bf16
  EXPECT_DOUBLE_EQ(m.optimizer, 12e9);                      // no distributed optimizer
  EXPECT_DOUBLE_EQ(m.activations, kSbh * (10 + 24 / 2.0));  // no SP: sbh(10 + 24/t)
}

TEST(FrameworkMemory, MegatronCoreIsNemoWithFp32Gradients) {
  const MemoryUse m = one_layer(under("megatron-core"));
  EXPECT_DOUBLE_EQ(m.gradients, 4e9);
  EXPECT_DOUBLE_EQ(m.optimizer, 3e9);
}

TEST(FrameworkMemory, FsdpFrameworksShardWeightsGradientsAndOptimizer) {
  const Scenario s = under("torchtitan");
  const MemoryUse titan = one_layer(s);
  // A layer on one TP rank: (4h² + 2hf)/t = 25,165,824 matrix parameters, plus its biases and
  // norms.
  const double layer = layer_params_on_gpu(s);
  EXPECT_NEAR(layer, (4.0 * 2048 * 2048 + 2.0 * 2048 * 8192) / 2, 0.001 * layer);
  // The shards, plus two layers gathered whole in bf16 and one layer's whole gradient in backward.
  EXPECT_DOUBLE_EQ(titan.weights, 2e9 / 4 + 2 * 2 * layer);
  EXPECT_DOUBLE_EQ(titan.gradients, 4e9 / 4 + 4 * layer);  // reduce dtype fp32
  EXPECT_DOUBLE_EQ(titan.optimizer, 12e9 / 4);
  EXPECT_DOUBLE_EQ(titan.activations, kSbh / 2 * 34);  // SP with TP; selective drops nothing more
  const MemoryUse foundry = one_layer(under("llm-foundry"));
  EXPECT_DOUBLE_EQ(foundry.gradients, 2e9 / 4 + 2 * layer);  // PURE: bf16 reduction
  // Full recompute keeps the layer input, 2sbh (no SP), plus one layer's working set while it is
  // recomputed, sbh(10 + 24/t).
  EXPECT_DOUBLE_EQ(foundry.activations, 2 * kSbh + kSbh * (10 + 24 / 2.0));
}

TEST(FrameworkMemory, DeepSpeedAndHorovodReplicateTheOptimizerWithoutSequenceParallelism) {
  // DeepSpeed's default ZeRO stage is 0: the whole model state on every rank, bf16 gradients; no
  // Megatron SP, so each layer keeps sbh(10 + 24/t) (fused attention).
  const MemoryUse ds = one_layer(under("deepspeed"));
  EXPECT_DOUBLE_EQ(ds.weights, 2e9);
  EXPECT_DOUBLE_EQ(ds.gradients, 2e9);
  EXPECT_DOUBLE_EQ(ds.optimizer, 12e9);
  EXPECT_DOUBLE_EQ(ds.activations, kSbh * (10 + 24 / 2.0));
  // Horovod: the same, with fp32 gradients (of fp32 parameters).
  const MemoryUse hvd = one_layer(under("horovod"));
  EXPECT_DOUBLE_EQ(hvd.gradients, 4e9);
  EXPECT_DOUBLE_EQ(hvd.optimizer, 12e9);
}

TEST(FrameworkMemory, ProfilesOf2021KeepTheUnfusedAttentionScores) {
  // Unfused attention keeps the softmax output, its dropout mask and the dropout output:
  // 5as/h more per sbh, split by TP: 5 · 16 · 2048 / 2048 / 2 = 40, so sbh(10 + 12 + 40).
  const MemoryUse lm = one_layer(under("megatron-lm-2021"));
  EXPECT_DOUBLE_EQ(lm.gradients, 4e9);  // fp32 accumulation with bf16
  EXPECT_DOUBLE_EQ(lm.optimizer, 12e9);
  EXPECT_DOUBLE_EQ(lm.activations, kSbh * 62);
  EXPECT_DOUBLE_EQ(one_layer(under("deepspeed-2021")).activations, kSbh * 62);
}

TEST(FrameworkMemory, FsdpAndMaxTextShardEverythingOverTheDataParallelRanks) {
  const Scenario fsdp = under("fsdp");
  const double layer = layer_params_on_gpu(fsdp);
  const MemoryUse f = one_layer(fsdp);
  EXPECT_DOUBLE_EQ(f.weights, 2e9 / 4 + 2 * 2 * layer);  // two layers gathered whole in bf16
  EXPECT_DOUBLE_EQ(f.gradients, 2e9 / 4 + 2 * layer);    // bf16 reduction
  EXPECT_DOUBLE_EQ(f.optimizer, 12e9 / 4);
  EXPECT_DOUBLE_EQ(f.activations, kSbh * (10 + 24 / 2.0));  // no SP, no recompute
  // MaxText: fp32 gradients and full recompute (the layer input plus one layer's working set).
  const MemoryUse mt = one_layer(under("maxtext"));
  EXPECT_DOUBLE_EQ(mt.gradients, 4e9 / 4 + 4 * layer);
  EXPECT_DOUBLE_EQ(mt.optimizer, 12e9 / 4);
  EXPECT_DOUBLE_EQ(mt.activations, 2 * kSbh + kSbh * (10 + 24 / 2.0));
}

TEST(FrameworkMemory, EagerPyTorchKeepsFp32ParametersAndGradients) {
  // torch.autocast with fp32 parameters: the parameters are the master weights (4 B) and autocast
  // saves a 16-bit copy of each for backward (2 B), their gradients fp32 (4 B), Adam's two moments
  // 8 B; DDP replicates all of it: 18 B per parameter, as Megatron's 2 + 4 + 12.
  const MemoryUse m = one_layer(under("pytorch"));
  EXPECT_DOUBLE_EQ(m.weights, 6e9);
  EXPECT_DOUBLE_EQ(m.gradients, 4e9);
  EXPECT_DOUBLE_EQ(m.optimizer, 8e9);
}

// One H100, one micro-batch per iteration, eager PyTorch: optimizer.zero_grad() sets the
// gradients to None after each step (PyTorch 2.0's default), so at the start of the backward pass
// (every activation held, the loss at 12 B per logit: fp32 log_softmax output, nll_loss's dense
// gradient and log_softmax's input gradient) there are none; at its end the gradients exist and
// autocast's 16-bit copies and the activations are gone. The peak is the larger moment.
Scenario eager_on_one_gpu(int64_t global_batch) {
  Scenario s = under("pytorch");
  s.parallel.tensor = 1;
  s.parallel.data = 1;
  s.cluster.gpus_per_node = 1;
  s.training.global_batch_size = global_batch;
  return s;
}

TEST(FrameworkMemory, EagerPyTorchOnOneGpuHoldsNoGradientsAtTheStartOfBackward) {
  const Scenario s = eager_on_one_gpu(1);
  const double logits = 12.0 * 2048 * 51200;  // 1,258,291,200 B
  EXPECT_DOUBLE_EQ(stage_memory_terms(s).logits, logits);
  // All 24 layers' activations held (one GPU): about 4.7 GB with the logits, more than the 2 GB
  // the end of the backward pass adds (gradients 4 B, less the 2 B copies per parameter).
  const MemoryUse m = stage_memory(s, kParams, 0.0, 24, true, 80 * kGiB);
  EXPECT_DOUBLE_EQ(m.weights, 6e9);  // fp32 parameters and their 16-bit copies
  EXPECT_DOUBLE_EQ(m.gradients, 0.0);
  EXPECT_DOUBLE_EQ(m.optimizer, 8e9);
  EXPECT_DOUBLE_EQ(m.activations, 24 * stage_memory_terms(s).activation_per_layer + logits);
  EXPECT_DOUBLE_EQ(m.total, 14e9 + m.activations + kContext);
}

TEST(FrameworkMemory, EagerPyTorchPeaksAtTheEndOfBackwardWhenItsActivationsAreSmall) {
  // No layer in flight and no logits: 4 + 2 + 8 = 14 B per parameter before backward, 4 + 4 + 8
  // after it.
  const MemoryUse m = stage_memory(eager_on_one_gpu(1), kParams, 0.0, 0, false, 80 * kGiB);
  EXPECT_DOUBLE_EQ(m.weights, 4e9);
  EXPECT_DOUBLE_EQ(m.gradients, 4e9);
  EXPECT_DOUBLE_EQ(m.optimizer, 8e9);
  EXPECT_DOUBLE_EQ(m.activations, 0.0);
  EXPECT_DOUBLE_EQ(m.total, 16e9 + kContext);
}

TEST(FrameworkMemory, EagerAutocastNormsSaveTheirFp32Inputs) {
  // The fp32 residual stream: the two norms' inputs are 4 + 4 bytes per element, not 2 + 2; the
  // rest of the layer as Megatron's (no sequence parallelism, so the norms are not split by TP).
  Scenario eager = under("pytorch");
  Scenario fused = eager;
  fused.training.kernel_fusion = KernelFusion::fused;
  EXPECT_DOUBLE_EQ(stage_memory_terms(eager).activation_per_layer -
                       stage_memory_terms(fused).activation_per_layer,
                   4 * kSbh);
  // fp32 training (no autocast) holds every activation in fp32 already: nothing to add.
  eager.training.precision = Precision::fp32;
  fused.training.precision = Precision::fp32;
  EXPECT_DOUBLE_EQ(stage_memory_terms(eager).activation_per_layer,
                   stage_memory_terms(fused).activation_per_layer);
}

TEST(FrameworkMemory, EagerPyTorchHoldsItsGradientsWhenItAccumulatesOrRunsDdp) {
  // Two micro-batches: the first one's gradients wait through the second's backward.
  EXPECT_DOUBLE_EQ(stage_memory(eager_on_one_gpu(2), kParams, 0.0, 24, true, 80 * kGiB).gradients,
                   4e9);
  // DDP (EagerPyTorchKeepsFp32ParametersAndGradients): its buckets live for the whole run.
  EXPECT_DOUBLE_EQ(one_layer(under("pytorch")).gradients, 4e9);
  // Megatron-Core's cross-entropy works on the fp32 logits in place: 4 B each; torchtitan and FSDP
  // loops call PyTorch's (training.cross_entropy pytorch): 12.
  EXPECT_DOUBLE_EQ(stage_memory_terms(under("nemo")).logits, 4.0 * 2048 * 51200 / 2);
  EXPECT_DOUBLE_EQ(stage_memory_terms(under("torchtitan")).logits, 12.0 * 2048 * 51200 / 2);
  EXPECT_DOUBLE_EQ(stage_memory_terms(under("fsdp")).logits, 12.0 * 2048 * 51200 / 2);
}

TEST(FrameworkMemory, TheRangeIsTheChannelCountAndTheAllocatorsSlack) {
  const MemoryUse m = one_layer(under("nemo"));
  const double tensors = m.weights + m.gradients + m.optimizer + m.activations;
  EXPECT_DOUBLE_EQ(m.total_low, tensors + kContext + kNccl / 2);  // 8 channels
  EXPECT_DOUBLE_EQ(m.total_high, tensors + kContext + kNccl * 2 + 0.10 * m.activations);
}

TEST(FrameworkMemory, PipelineStagesAddTheirPointToPointBuffers) {
  Scenario s = under("none");
  s.parallel.pipeline = 2;
  s.parallel.data = 2;
  // TP ring + DP ring + two peers × two channels × the 4 MiB Simple buffer.
  EXPECT_DOUBLE_EQ(nccl_buffer_bytes(s, 16), kNccl + 2 * 2 * 4194304.0);
}

TEST(FrameworkMemory, TheVerdictHasThreeLevels) {
  MemoryUse m;
  m.total = 70;
  m.total_low = 68;
  m.total_high = 75;
  m.capacity = 80;
  EXPECT_EQ(memory_verdict(m), MemoryVerdict::fits);
  m.capacity = 72;
  EXPECT_EQ(memory_verdict(m), MemoryVerdict::tight);
  m.capacity = 69;
  EXPECT_EQ(memory_verdict(m), MemoryVerdict::tight);  // the expected total is over, the low not
  m.capacity = 67;
  EXPECT_EQ(memory_verdict(m), MemoryVerdict::does_not_fit);
  EXPECT_NE(memory_warning(m, 0).find("does not fit in memory"), std::string::npos);
  m.capacity = 72;
  EXPECT_NE(memory_warning(m, 3).find("memory is tight: GPUs of pipeline stage 3"),
            std::string::npos);
}

}  // namespace
}  // namespace wt
