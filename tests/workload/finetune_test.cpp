// training.finetune (docs/models.md, "Fine-tuning") against hand-computed values: adapter
// parameters (PEFT's printed counts), QLoRA's bytes per base weight (Dettmers et al. 2023, §3), the
// memory of frozen weights, the kernels of a frozen layer (no weight gradients: its GEMM backward
// equals its forward), the dequantization kernels, the model FLOPs and what validation refuses.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "core/error.hpp"

#include "sim/scenario/parse.hpp"
#include "sim/scenario/presets.hpp"
#include "sim/workload/finetune.hpp"
#include "sim/workload/layer_kernels.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/stage_memory.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/make_scenario.hpp"
#include "tests/workload/refused.hpp"

namespace wt {
namespace {

Scenario llama_on_one_gpu(const std::string& preset, FinetuneMethod method, int rank,
                          unsigned targets) {
  Scenario s = test::gpt_scenario(1, 1, 1);
  s.model = find_model_preset(preset)->model;
  s.training.global_batch_size = 4;
  s.training.finetune = {method, rank, targets};
  return s;
}

using test::refused;

double flops_of(const KernelList& list, bool adapters) {
  double total = 0.0;
  for (const Kernel& k : list) {
    if (k.cls != KernelClass::gemm) continue;
    if (k.name.starts_with("lora_") == adapters) total += k.flops;
  }
  return total;
}

TEST(Finetune, AdapterParametersAreRankTimesInPlusOutPerAdaptedMatrix) {
  const ModelConfig llama7 = find_model_preset("llama2-7b")->model;
  // PEFT's print_trainable_parameters for Llama-2-7B, r = 8 on q_proj and v_proj:
  // 32 layers × 2 matrices × 8 × (4096 + 4096) = 4,194,304.
  EXPECT_DOUBLE_EQ(32.0 * adapter_params_per_layer(llama7, {FinetuneMethod::lora, 8}), 4194304.0);
  // r = 16 doubles it: 8,388,608.
  EXPECT_DOUBLE_EQ(32.0 * adapter_params_per_layer(llama7, {FinetuneMethod::lora, 16}), 8388608.0);
  // QLoRA's setting (r = 64 on every linear layer): q, k, v, o 4 × 64 × 8192, gate and up
  // 2 × 64 × (4096 + 11008), down 64 × (11008 + 4096); × 32 = 159,907,840 (Guanaco 7B's count).
  EXPECT_DOUBLE_EQ(32.0 * adapter_params_per_layer(llama7, {FinetuneMethod::qlora, 64, kLoraAll}),
                   159907840.0);
  Scenario s = llama_on_one_gpu("llama2-7b", FinetuneMethod::lora, 8, kLoraQ | kLoraV);
  EXPECT_DOUBLE_EQ(trainable_params(s), 4194304.0);
  EXPECT_DOUBLE_EQ(stage_trainable_params(s, 32, 0), 4194304.0);
  // A two-matrix MLP has no gate: all-linear adapts q, k, v, o, fc1, fc2.
  const ModelConfig gpt = test::gpt_scenario(1, 1, 1).model;  // h 2048, f 8192
  EXPECT_DOUBLE_EQ(adapter_params_per_layer(gpt, {FinetuneMethod::lora, 4, kLoraAll}),
                   4.0 * (4 * 4096 + 2 * (2048 + 8192)));
}

TEST(Finetune, QloraStoresBaseWeightsInFourPointOneTwoSevenBits) {
  // NF4 4 bits + fp32 absmax per 64 quantized to 8 bits (8/64) + fp32 per 256 of those
  // (32/(64·256)): 4.126953125 bits, the paper's "0.127 bits per parameter" for the constants.
  EXPECT_DOUBLE_EQ(kNf4BitsPerParam, 4.126953125);
  // Llama-2-70B on one GPU: the layers' linear weights, biases included by this model's count,
  // 80 × 855,721,984 = 68,457,758,720 at 4.126953125 bits = 35,315,245,160 B; the embeddings,
  // output layer and norms (526,925,824) at 2 B = 1,053,851,648 B: 36,369,096,808 B = 33.9 GiB.
  Scenario s = llama_on_one_gpu("llama2-70b", FinetuneMethod::qlora, 64, kLoraAll);
  EXPECT_DOUBLE_EQ(stage_params(s, 80, 0), 68984684544.0);
  EXPECT_NEAR(stage_frozen_weight_bytes(s, 80, 0), 36369096808.0, 1.0);
  // LoRA keeps them in 16 bits: 2 B each.
  s.training.finetune.method = FinetuneMethod::lora;
  EXPECT_DOUBLE_EQ(stage_frozen_weight_bytes(s, 80, 0), 2.0 * 68984684544.0);
}

TEST(Finetune, FrozenWeightsKeepNoGradientsOrOptimizerState) {
  // Llama-2-7B with bf16 Adam on one GPU: full training holds 2 + 2 + 12 B per parameter; LoRA
  // (r 8, q and v) 2 B per frozen parameter and 16 B per adapter parameter.
  Scenario s = llama_on_one_gpu("llama2-7b", FinetuneMethod::lora, 8, kLoraQ | kLoraV);
  const double base = stage_params(s, 32, 0);
  const double adapters = 4194304.0;
  const MemoryUse lora = stage_memory(s, stage_weights(s, 32, 0), 0, false, 80e9);
  EXPECT_DOUBLE_EQ(lora.weights, 2.0 * base + 2.0 * adapters);
  EXPECT_DOUBLE_EQ(lora.gradients, 2.0 * adapters);
  EXPECT_DOUBLE_EQ(lora.optimizer, 12.0 * adapters);
  s.training.finetune.method = FinetuneMethod::full;
  const MemoryUse full = stage_memory(s, stage_weights(s, 32, 0), 0, false, 80e9);
  EXPECT_DOUBLE_EQ(full.weights + full.gradients + full.optimizer, 16.0 * base);
  // The saving: 14 B per base parameter less 16 B per adapter parameter (93.7 GiB for 7B).
  EXPECT_DOUBLE_EQ((full.weights + full.gradients + full.optimizer) -
                       (lora.weights + lora.gradients + lora.optimizer),
                   14.0 * base - 16.0 * adapters);
}

TEST(Finetune, ActivationsAreFullTrainingsPlusTheAdaptersRankWideIntermediates) {
  Scenario s = llama_on_one_gpu("llama2-7b", FinetuneMethod::lora, 16, kLoraQ | kLoraV);
  // b·s tokens × 2 adapted matrices × r 16 × 2 B, per layer.
  EXPECT_DOUBLE_EQ(adapter_activation_bytes_per_layer(s), 4096.0 * 2 * 16 * 2);
  const double with = stage_memory(s, stage_weights(s, 32, 0), 32, false, 80e9).activations;
  s.training.finetune.method = FinetuneMethod::full;
  const double without = stage_memory(s, stage_weights(s, 32, 0), 32, false, 80e9).activations;
  EXPECT_DOUBLE_EQ(with - without, 32.0 * 4096.0 * 2 * 16 * 2);
}

TEST(Finetune, QloraDequantizesOneWeightAtATime) {
  // Llama-2-70B's largest linear weight, the MLP's 8192 × 28672, in bf16: 469,762,048 B.
  Scenario s = llama_on_one_gpu("llama2-70b", FinetuneMethod::qlora, 64, kLoraAll);
  EXPECT_DOUBLE_EQ(dequantized_weight_bytes(s), 8192.0 * 28672.0 * 2.0);
  s.training.finetune.method = FinetuneMethod::lora;
  EXPECT_DOUBLE_EQ(dequantized_weight_bytes(s), 0.0);
}

TEST(Finetune, FrozenLayersRunNoWeightGradientsSoTheirBackwardEqualsTheirForward) {
  Scenario s = llama_on_one_gpu("llama2-7b", FinetuneMethod::lora, 16, kLoraQ | kLoraV);
  const KernelList fwd = layer_forward_kernels(s);
  const KernelList bwd = layer_backward_kernels(s);
  // The base GEMMs' backward is their dgrad only: the same FLOPs as their forward.
  EXPECT_DOUBLE_EQ(flops_of(bwd, false), flops_of(fwd, false));
  for (const Kernel& k : bwd) {
    if (!k.name.starts_with("lora_")) {
      EXPECT_FALSE(k.name.ends_with("_wgrad")) << k.name;
    }
  }
  // Each adapter: forward x·A and (xA)·B, 2·tokens·r·(d_in + d_out); backward twice that.
  const double tokens = 4096.0;
  EXPECT_DOUBLE_EQ(flops_of(fwd, true), 2.0 * 2.0 * tokens * 16.0 * (4096.0 + 4096.0));
  EXPECT_DOUBLE_EQ(flops_of(bwd, true), 2.0 * flops_of(fwd, true));
  // Full training: the base GEMMs' backward is twice their forward.
  s.training.finetune.method = FinetuneMethod::full;
  EXPECT_DOUBLE_EQ(flops_of(layer_backward_kernels(s), false), 2.0 * flops_of(fwd, false));
  // The output layer and the embedding: the output layer's dgrad only, no embedding backward.
  s.training.finetune.method = FinetuneMethod::lora;
  EXPECT_EQ(logits_backward_kernels(s).size(), 2u);  // cross_entropy_bwd, logits_dgrad
  EXPECT_TRUE(embedding_backward_kernels(s).empty());
  EXPECT_DOUBLE_EQ(embedding_grad_bytes(s, comm_sizes(s)), 0.0);
  // Data parallelism reduces the adapters' gradients only: 2 × 16 × 8192 × 2 B per layer.
  EXPECT_DOUBLE_EQ(layer_grad_bytes(s, comm_sizes(s)), 2.0 * 16.0 * 8192.0 * 2.0);
}

// fp8 LoRA (Transformer Engine's quantized linears with frozen weights): the base GEMMs run in fp8
// with their input casts, forward and input gradient, and still no weight gradient.
TEST(Finetune, Fp8LoraRunsTheFrozenGemmsQuantizedWithoutWeightGradients) {
  Scenario s = llama_on_one_gpu("llama2-7b", FinetuneMethod::lora, 16, kLoraQ | kLoraV);
  s.training.precision = Precision::fp8;
  const KernelList fwd = layer_forward_kernels(s);
  const KernelList bwd = layer_backward_kernels(s);
  EXPECT_DOUBLE_EQ(flops_of(bwd, false), flops_of(fwd, false));
  int casts = 0;
  for (const Kernel& k : bwd) {
    if (!k.name.starts_with("lora_")) {
      EXPECT_FALSE(k.name.ends_with("_wgrad")) << k.name;
    }
    casts += k.name.find("cast") != std::string::npos ? 1 : 0;
  }
  EXPECT_GT(casts, 0);  // the output gradients cast for the dgrad GEMMs
  // Memory: beside the 16-bit frozen weights, Transformer Engine's fp8 copy and transpose of each
  // linear weight, 2 B per linear parameter: Llama-2-7B's 32 × (4 · 4096² + 3 · 4096 · 11008 +
  // 42,496 biases, counted as this model counts them) = 6,477,365,248, 12,954,730,496 B.
  Scenario bf16 = llama_on_one_gpu("llama2-7b", FinetuneMethod::lora, 16, kLoraQ | kLoraV);
  EXPECT_DOUBLE_EQ(stage_frozen_weight_bytes(s, 32, 0) - stage_frozen_weight_bytes(bf16, 32, 0),
                   12954730496.0);
}

TEST(Finetune, QloraDequantizesEachWeightBeforeItsGemmForwardAndBackward) {
  Scenario s = llama_on_one_gpu("llama2-7b", FinetuneMethod::qlora, 16, kLoraQ | kLoraV);
  const KernelList fwd = layer_forward_kernels(s);
  ASSERT_EQ(fwd.front().name, "qkv_dequant");
  // QKV 4096 × 12288: read 4.126953125 / 8 B, write 2 B per parameter.
  EXPECT_DOUBLE_EQ(fwd.front().bytes, 4096.0 * 12288.0 * (4.126953125 / 8.0 + 2.0));
  int forward = 0, backward = 0;
  for (const Kernel& k : fwd)
    forward += k.name.ends_with("_dequant") ? 1 : 0;
  for (const Kernel& k : layer_backward_kernels(s))
    backward += k.name.ends_with("_dequant_bwd") ? 1 : 0;
  EXPECT_EQ(forward, 4);  // qkv, attn_proj, mlp_fc1 (gate and up), mlp_fc2
  EXPECT_EQ(backward, 4);
}

TEST(Finetune, ModelFlopsCountTheInputGradientsOnlyThroughFrozenWeights) {
  // GPT test model, 64 × 2048 tokens: forward F per layer, attention core C of it, adapters A;
  // full training 3(l·F + logits), LoRA l(2F + C + 3A) + 2·logits.
  Scenario s = test::gpt_scenario(1, 1, 1);
  const double full = model_flops_per_iteration(s);
  const LayerFlops f = layer_forward_flops(s.model, 64, 2048);
  const double logits = logits_forward_flops(s.model, 64, 2048);
  EXPECT_DOUBLE_EQ(full, 3.0 * (24.0 * f.total() + logits));
  s.training.finetune = {FinetuneMethod::lora, 8, kLoraQ | kLoraV};
  const double adapters = 2.0 * 64.0 * 2048.0 * 2.0 * 8.0 * (2048.0 + 2048.0);
  EXPECT_DOUBLE_EQ(model_flops_per_iteration(s),
                   24.0 * (2.0 * f.total() + f.attention + 3.0 * adapters) + 2.0 * logits);
}

TEST(Finetune, ValidationRefusesWhatIsNotModelled) {
  const std::string base = R"({"schema": 1, "model": {"preset": "llama2-7b"},
    "cluster": {"gpu": "h100-sxm5-80gb", "num_nodes": 1, "gpus_per_node": 1},
    "training": {"global_batch_size": 8, )";
  const auto parse = [&](const std::string& training) {
    return parse_scenario(nlohmann::json::parse(base + training + "}}"));
  };
  const Scenario ok = parse(R"("finetune": {"method": "qlora", "target_modules": "all-linear"})");
  EXPECT_EQ(ok.training.finetune.target_modules, kLoraAll);
  EXPECT_EQ(
      lora_targets_text(
          parse(R"("finetune": {"target_modules": "fc2, q"})").training.finetune.target_modules),
      "q,down");
  EXPECT_TRUE(refused([&] { parse(R"("precision": "fp8", "finetune": {"method": "qlora"})"); },
                      "training.precision", "bf16 or fp16"));
  EXPECT_TRUE(refused([&] { parse(R"("precision": "nvfp4", "finetune": {"method": "lora"})"); },
                      "training.precision", "bf16 or fp16"));
  EXPECT_EQ(parse(R"("precision": "fp8", "finetune": {"method": "lora"})").training.precision,
            Precision::fp8);
  EXPECT_TRUE(refused([&] { parse(R"("finetune": {"method": "lora", "target_modules": "q,q"})"); },
                      "training.finetune.target_modules", "twice"));
  EXPECT_TRUE(
      refused([&] { parse(R"("finetune": {"method": "lora", "target_modules": "q_proj"})"); },
              "training.finetune.target_modules", "unknown module"));
  EXPECT_TRUE(refused([&] { parse(R"("finetune": {"method": "lora", "rank": 8192})"); },
                      "training.finetune.rank", "model width"));
  EXPECT_TRUE(refused(
      [&] {
        parse_scenario(nlohmann::json::parse(
            R"({"schema": 1, "model": {"preset": "mixtral-8x7b"},
                "cluster": {"gpu": "h100-sxm5-80gb", "num_nodes": 1, "gpus_per_node": 8},
                "training": {"global_batch_size": 8, "finetune": {"method": "lora"}}})"));
      },
      "training.finetune.method", "dense models"));
  // rank and targets under full training only warn.
  EXPECT_EQ(parse(R"("finetune": {"rank": 16})").warnings.size() > 0, true);
}

}  // namespace
}  // namespace wt
