// ZeRO-3 / FSDP gather the embedding and the output layer as units of their own (torchtitan's
// apply_fsdp; DeepSpeed gathers each module): by hand on Llama 3 8B (V 128,256, h 4,096).
#include <gtest/gtest.h>

#include "sim/workload/builder.hpp"
#include "sim/workload/memory.hpp"
#include "sim/workload/stage_memory.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

Scenario llama3_8b_zero3(int pipeline) {
  Scenario s = test::llama3_8b_scenario(1, pipeline, 8);
  s.parallel.zero_stage = 3;
  return s;
}

constexpr double kVocabUnit = 128256.0 * 4096;  // 525,336,576 parameters

TEST(VocabUnit, TheFirstAndLastStagesHoldTheVocabularyUnit) {
  const Scenario s = llama3_8b_zero3(4);
  EXPECT_DOUBLE_EQ(stage_vocab_unit(s, 0), kVocabUnit);
  EXPECT_DOUBLE_EQ(stage_vocab_unit(s, 1), 0.0);
  EXPECT_DOUBLE_EQ(stage_vocab_unit(s, 3), kVocabUnit);
  Scenario tp = s;
  tp.parallel.tensor = 2;
  EXPECT_DOUBLE_EQ(stage_vocab_unit(tp, 3), kVocabUnit / 2);
}

// At the logits the gathered 16-bit output weight (2 · V · h = 1,050,673,152 B) is held with the
// last layer prefetched for backward, more than two layers;
// its whole gradient (bf16) waits for its reduce-scatter.
TEST(VocabUnit, TheGatheredOutputWeightIsInMemoryAtTheLogits) {
  const Scenario s = llama3_8b_zero3(1);
  const double layer = layer_params_on_gpu(s);
  // 2h² + 2h²/4 (GQA 8 of 32) + 3hf = 218,103,808 matrix parameters, then norms and biases.
  EXPECT_NEAR(layer, 218'103'808.0, 0.001 * layer);
  EXPECT_GT(kVocabUnit + layer, 2.0 * layer);
  EXPECT_DOUBLE_EQ(2.0 * kVocabUnit, 1'050'673'152.0);
  const StageWeights w = stage_weights(s, 32, 0);
  const MemoryUse m = stage_memory(s, w, 1, true, 80e9);
  const ModelStateMemory shards = model_state_memory(w.trainable, 3, 8, s.training);
  EXPECT_DOUBLE_EQ(m.weights - shards.weights, 1'050'673'152.0 + 2.0 * layer);
  EXPECT_DOUBLE_EQ(m.gradients - shards.gradients, 1'050'673'152.0);
  // A middle stage of a pipeline gathers layers only: two of them, one layer's gradient.
  const Scenario p4 = llama3_8b_zero3(4);
  const StageWeights mid = stage_weights(p4, 8, 1);
  const MemoryUse mm = stage_memory(p4, mid, 1, false, 80e9);
  const ModelStateMemory mid_shards = model_state_memory(mid.trainable, 3, 8, p4.training);
  EXPECT_DOUBLE_EQ(mm.weights - mid_shards.weights, 2.0 * 2.0 * layer);
  EXPECT_DOUBLE_EQ(mm.gradients - mid_shards.gradients, 2.0 * layer);
}

// Each micro-batch gathers the embedding for its forward and again for its backward (resharded
// after forward) and the output layer once (kept from its forward through its backward), 1 GB
// each, and reduce-scatters the two gradients.
TEST(VocabUnit, ItsGathersAndReduceScattersAreCollectivesOfTheirOwn) {
  Scenario s = llama3_8b_zero3(1);
  s.model.seq_length = 1024;
  s.training.global_batch_size = 16;  // 2 micro-batches on 8 replicas
  const Workload w = build_workload(s);
  int gathers = 0, reductions = 0;
  for (const Op& op : w.programs[0].ops) {
    if (op.kind != OpKind::collective || op.layer != -1) continue;
    if (op.phase == Phase::param_gather) {
      ++gathers;
      EXPECT_DOUBLE_EQ(op.bytes, 1'050'673'152.0);
    }
    if (op.phase == Phase::grad_sync) {
      ++reductions;
      EXPECT_DOUBLE_EQ(op.bytes, 1'050'673'152.0);  // bf16 gradients
    }
  }
  EXPECT_EQ(gathers, 3 * 2);
  EXPECT_EQ(reductions, 2 * 2);
}

}  // namespace
}  // namespace wt
