// The `estimate` path's pipeline timing against closed forms, with hand-made step costs: uniform
// stages give the textbook pipeline times, the last gradient bucket is exposed after the backward,
// ZeRO-3 layers wait for their gathers; and the closed-form schedule pieces equal the explicit
// ones.
#include <gtest/gtest.h>

#include <algorithm>

#include <thread>

#include "core/error.hpp"
#include "sim/engine/analytical/estimate.hpp"
#include "sim/engine/analytical/estimate_costs.hpp"
#include "sim/engine/analytical/estimate_pipeline.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/hardware_setup.hpp"
#include "sim/workload/schedule.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

// p stages of `per_stage` layers, m micro-batches, no data parallelism.
Scenario pipeline(int p, int per_stage, int m, PipelineSchedule schedule, int v = 1) {
  Scenario s = test::gpt_scenario(1, p, 1);
  s.model.num_layers = p * per_stage;
  s.training.global_batch_size = m;
  s.parallel.pipeline_schedule = schedule;
  s.parallel.virtual_stages = v;
  return s;
}

// Forward 1 s and backward 2 s per layer; nothing else costs anything.
StepCosts unit_layers() {
  StepCosts c;
  c.layer_fwd_s = 1.0;
  c.layer_bwd_s = 2.0;
  return c;
}

TEST(EstimatePipeline, OneFOneBOnUniformStagesTakesMPlusPMinusOnePasses) {
  // p = 4 stages of 3 layers: f = 3 s, b = 6 s per micro-batch; m = 8. Iteration (m + p − 1)(f + b)
  // = 11 · 9 = 99 s; the first stage computes 8 · 9 = 72 s and idles (p − 1)(f + b) = 27 s.
  const Scenario s = pipeline(4, 3, 8, PipelineSchedule::one_f_one_b);
  const PipelineEstimate e = estimate_pipeline(s, unit_layers(), std::vector<double>(4, 0.0));
  EXPECT_DOUBLE_EQ(e.iteration_s, 99.0);
  EXPECT_EQ(e.critical_stage, 0);
  EXPECT_DOUBLE_EQ(e.breakdown_s.compute, 72.0);
  EXPECT_DOUBLE_EQ(e.breakdown_s.pipeline_bubble, 27.0);
  EXPECT_DOUBLE_EQ(e.breakdown_s.exposed_comm, 0.0);
}

TEST(EstimatePipeline, GpipeTakesAsLongAsOneFOneB) {
  const Scenario s = pipeline(4, 3, 8, PipelineSchedule::gpipe);
  EXPECT_DOUBLE_EQ(estimate_pipeline(s, unit_layers(), std::vector<double>(4, 0.0)).iteration_s,
                   99.0);
}

TEST(EstimatePipeline, InterleavingDividesTheBubbleByTheChunks) {
  // p = 4, v = 2 chunks of 2 layers per stage: a chunk pass is 2 + 4 = 6 s; m = 8 micro-batches.
  // Iteration (v·m + p − 1) chunk passes = 19 · 6 = 114 s, bubble (p − 1) · 6 = 18 s.
  const Scenario s = pipeline(4, 4, 8, PipelineSchedule::interleaved, 2);
  const PipelineEstimate e = estimate_pipeline(s, unit_layers(), std::vector<double>(4, 0.0));
  EXPECT_DOUBLE_EQ(e.iteration_s, 114.0);
  EXPECT_DOUBLE_EQ(e.breakdown_s.pipeline_bubble, 18.0);
}

TEST(EstimatePipeline, TheLastGradientBucketsAreExposedAfterTheBackward) {
  // One stage of 4 layers (forward 0.5 s, backward 1 s), one micro-batch, 2 data-parallel ranks.
  // Each layer's 1.5 GB of gradients fills a 1 GB bucket: a ring all-reduce over 2 ranks at 1 GB/s
  // takes 2 · ½ · 1.5 GB / 1 GB/s = 1.5 s. Backward layers end at 3, 4, 5, 6 s; the reductions
  // end at 4.5, 6, 7.5, 9 s. The optimizer (0.25 s) waits 3 s: iteration 9.25 s.
  Scenario s = pipeline(1, 4, 1, PipelineSchedule::one_f_one_b);
  s.parallel.data = 2;
  s.training.global_batch_size = 2;
  StepCosts c;
  c.layer_fwd_s = 0.5;
  c.layer_bwd_s = 1.0;
  c.layer_dense_grad_bytes = 1.5e9;
  c.bucket_bytes = 1e9;
  c.dp_group = 2;
  c.dp_shape = GroupShape{2, 1};
  c.fabric = Fabric{LinkClass{0.0, 1e9}, LinkClass{0.0, 1e9}, 0.0};
  const PipelineEstimate e = estimate_pipeline(s, c, std::vector<double>{0.25});
  EXPECT_DOUBLE_EQ(e.iteration_s, 9.25);
  EXPECT_DOUBLE_EQ(e.exposed_comm_by_dim_s.dp, 3.0);
  EXPECT_DOUBLE_EQ(e.breakdown_s.optimizer, 0.25);
  EXPECT_DOUBLE_EQ(e.comm_volume_bytes_per_gpu.dp, 4 * 1.5e9);  // ring: 2 · ½ · S per call
}

TEST(EstimatePipeline, TheWaitBeforeTheOptimizerIsSplitBetweenDpAndTheTiedSync) {
  // Two stages of one layer (forward 1 s, backward 2 s), one micro-batch, 2 data-parallel ranks,
  // gradients reduced after the backward, tied embeddings. Stage 0's backward ends at 6 s; its
  // 1 GB all-reduce (2 · ½ · 1 GB at 1 GB/s) runs to 7 s, then the 0.5 s tied-embedding sync to
  // 7.5 s. Of the 1.5 s wait, 1 s is DP's and 0.5 s the tied sync's (PP).
  Scenario s = pipeline(2, 1, 1, PipelineSchedule::one_f_one_b);
  s.parallel.data = 2;
  s.parallel.overlap_grad_reduce = false;
  s.training.global_batch_size = 2;
  s.model.tied_embeddings = true;
  StepCosts c;
  c.layer_fwd_s = 1.0;
  c.layer_bwd_s = 2.0;
  c.layer_dense_grad_bytes = 1e9;
  c.bucket_bytes = 1e12;
  c.dp_group = 2;
  c.dp_shape = GroupShape{2, 1};
  c.fabric = Fabric{LinkClass{0.0, 1e9}, LinkClass{0.0, 1e9}, 0.0};
  c.tied_sync = CommCost{0.5, 1.0};
  const PipelineEstimate e = estimate_pipeline(s, c, std::vector<double>{0.0, 0.0});
  EXPECT_EQ(e.critical_stage, 0);
  EXPECT_DOUBLE_EQ(e.iteration_s, 7.5);
  EXPECT_DOUBLE_EQ(e.exposed_comm_by_dim_s.dp, 1.0);
  EXPECT_DOUBLE_EQ(e.exposed_comm_by_dim_s.pp, 0.5);
}

// step_costs with the scenario's own GPU and fabric.
StepCosts scenario_step_costs(const Scenario& s) {
  const HardwareSetup hw(s);
  return step_costs(s, hw.gpu, hw.fabric, hw.profile());
}

TEST(StepCosts, OneStageLeavesThePipelineSendAndTheTiedSyncUnpriced) {
  // GPT test shapes (h 2,048, V 51,200, seq 2,048, micro-batch 1, bf16), tied embeddings, 2 data-
  // parallel ranks. Two stages: a send of 2,048 · 2,048 · 2 B = 8,388,608 B, and the tied
  // embedding's all-reduce between the end stages, 2 · ½ · 51,200 · 2,048 · 2 B = 209,715,200 B
  // sent. One stage runs neither (no sends, syncs_tied_embedding needs two stages): both zero.
  Scenario two = pipeline(2, 1, 2, PipelineSchedule::one_f_one_b);
  two.parallel.data = 2;
  two.cluster.gpus_per_node = 4;
  two.model.tied_embeddings = true;
  const StepCosts c2 = scenario_step_costs(two);
  EXPECT_DOUBLE_EQ(c2.p2p.sent_bytes, 8388608.0);
  EXPECT_GT(c2.p2p.time_s, 0.0);
  EXPECT_DOUBLE_EQ(c2.tied_sync.sent_bytes, 209715200.0);
  EXPECT_GT(c2.tied_sync.time_s, 0.0);

  Scenario one = two;
  one.parallel.pipeline = 1;
  one.cluster.gpus_per_node = 2;
  const StepCosts c1 = scenario_step_costs(one);
  for (const CommCost& unpriced : {c1.p2p, c1.tied_sync}) {
    EXPECT_EQ(unpriced.time_s, 0.0);
    EXPECT_EQ(unpriced.sent_bytes, 0.0);
  }
}

// One stage of 3 layers on 2 data-parallel ranks under ZeRO-3, one micro-batch; layers of 1 s each
// way, gathers of 2 s and reduce-scatters of 0.5 s.
Scenario zero3_three_layers() {
  Scenario s = pipeline(1, 3, 1, PipelineSchedule::one_f_one_b);
  s.parallel.data = 2;
  s.parallel.zero_stage = 3;
  s.training.global_batch_size = 2;
  return s;
}

StepCosts zero3_costs() {
  StepCosts c;
  c.layer_fwd_s = 1.0;
  c.layer_bwd_s = 1.0;
  c.dp_group = 2;
  c.layer_gather.time_s = 2.0;
  c.layer_reduce.time_s = 0.5;
  return c;
}

TEST(EstimatePipeline, ZeroThreeLayersWaitForTheirGathers) {
  // One stage of 3 layers (forward 1 s, backward 1 s), gathers of 2 s back to back from t = 0
  // (ending 2, 4, …, 12 s), reduce-scatters of 0.5 s. Forward layers start at 2, 4, 6 (waits 4 s),
  // end 7; backward layers start at 8, 10, 12 (waits 3 s), end 13; the last reduce-scatter ends at
  // 13.5 and the optimizer waits for it: iteration 13.5 s, exposed DP 4 + 3 + 0.5 s.
  const Scenario s = zero3_three_layers();
  StepCosts c = zero3_costs();
  const PipelineEstimate e = estimate_pipeline(s, c, std::vector<double>{0.0});
  EXPECT_DOUBLE_EQ(e.iteration_s, 13.5);
  EXPECT_DOUBLE_EQ(e.exposed_comm_by_dim_s.dp, 7.5);
  EXPECT_DOUBLE_EQ(e.breakdown_s.compute, 6.0);
}

TEST(EstimatePipeline, ZeroThreeGathersTheEmbeddingAndOutputLayerApart) {
  // As above, with the embedding's and the output layer's own gathers (1 s) and reduce-scatters
  // (0.25 s) on the same streams. Gathers: embedding 0-1, layers 1-3, 3-5, 5-7, output 7-8, the
  // backward's layers 8-10, 10-12, 12-14, embedding 14-15. Forward: waits 1 s for the embedding,
  // layers start at 3, 5, 7 (waits 4 s), the logits at 8. Backward: the output's reduce-scatter at
  // 8-8.25, layers start at 10, 12, 14 (waits 2 + 1 + 1 s), each reduce-scatter 0.5 s after it,
  // the embedding at 15 and its reduce-scatter ends the iteration at 15.75: exposed DP 9.75 s.
  const Scenario s = zero3_three_layers();
  StepCosts c = zero3_costs();
  c.vocab_gather.time_s = 1.0;
  c.vocab_reduce.time_s = 0.25;
  c.embedding_grad_bytes = 1.0;
  const PipelineEstimate e = estimate_pipeline(s, c, std::vector<double>{0.0});
  EXPECT_DOUBLE_EQ(e.iteration_s, 15.75);
  EXPECT_DOUBLE_EQ(e.exposed_comm_by_dim_s.dp, 9.75);
  EXPECT_DOUBLE_EQ(e.breakdown_s.compute, 6.0);
}

TEST(EstimateSchedule, DirectStepsAndInFlightCountsEqualTheExplicitSequences) {
  for (PipelineSchedule kind :
       {PipelineSchedule::gpipe, PipelineSchedule::one_f_one_b, PipelineSchedule::interleaved}) {
    for (int p : {2, 3, 4, 8}) {
      for (int64_t m : {1, 2, 3, 8, 16}) {
        const int v = kind == PipelineSchedule::interleaved ? 3 : 1;
        if (kind == PipelineSchedule::interleaved && m % p != 0) continue;
        for (int stage = 0; stage < p; ++stage) {
          const auto steps = stage_steps(kind, p, stage, m, v);
          ASSERT_EQ(static_cast<int64_t>(steps.size()), stage_step_count(kind, m, v));
          EXPECT_EQ(max_in_flight(kind, p, stage, m, v), max_in_flight(steps));
        }
      }
    }
  }
  // 1F1B, 4 stages, 6 micro-batches: stage 0 holds min(4 − 0, 6) = 4, stage 3 holds 1; GPipe all 6.
  EXPECT_EQ(max_in_flight(PipelineSchedule::one_f_one_b, 4, 0, 6, 1), 4);
  EXPECT_EQ(max_in_flight(PipelineSchedule::one_f_one_b, 4, 3, 6, 1), 1);
  EXPECT_EQ(max_in_flight(PipelineSchedule::gpipe, 4, 2, 6, 1), 6);
}

TEST(EstimateSchedule, UnevenLayersGoToTheLaterStagesFirst) {
  // 10 layers over 4 stages: 2 each and the remainder 2 to stages 1 and 2.
  const int expected[] = {2, 3, 3, 2};
  for (int st = 0; st < 4; ++st)
    EXPECT_EQ(chunk_layers(10, 4, 1, st, 0), expected[st]);
  // 7 layers over 3 stages: 2 each, one more on stage 1.
  EXPECT_EQ(chunk_layers(7, 3, 1, 0, 0), 2);
  EXPECT_EQ(chunk_layers(7, 3, 1, 1, 0), 3);
  EXPECT_EQ(chunk_layers(7, 3, 1, 2, 0), 2);
}

TEST(EstimateSchedule, AnInterleavedRemainderSpreadsOverTheChunksInModelOrder) {
  // 126 layers over 8 stages × 8 chunks: 64 parts of 1 and a remainder of 62 for parts
  // g = chunk · 8 + stage = 1 … 62, so part 0 (stage 0, chunk 0) and part 63 (stage 7, chunk 7)
  // hold 1 layer, every other 2 (Megatron-Core's split of (126 + 2) / 64 with the embedding and
  // the loss counted as layers). No chunk holds more than 2, and every stage 15 or 16.
  EXPECT_EQ(chunk_layers(126, 8, 8, 0, 0), 1);
  EXPECT_EQ(chunk_layers(126, 8, 8, 1, 0), 2);
  EXPECT_EQ(chunk_layers(126, 8, 8, 0, 1), 2);
  EXPECT_EQ(chunk_layers(126, 8, 8, 6, 7), 2);
  EXPECT_EQ(chunk_layers(126, 8, 8, 7, 7), 1);
  int total = 0;
  for (int st = 0; st < 8; ++st) {
    int stage = 0;
    for (int c = 0; c < 8; ++c) {
      EXPECT_LE(chunk_layers(126, 8, 8, st, c), 2);
      stage += chunk_layers(126, 8, 8, st, c);
    }
    EXPECT_EQ(stage, st == 0 || st == 7 ? 15 : 16);
    total += stage;
  }
  EXPECT_EQ(total, 126);
}

TEST(Estimate, IsThreadSafe) {
  const Scenario s =
      load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/gpt3-175b-1024-a100.json");
  const double serial = estimate_iteration_s(s);
  std::vector<double> seen(4, 0.0);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < seen.size(); ++i) {
    threads.emplace_back([&s, &seen, i] {
      for (int k = 0; k < 50; ++k)
        seen[i] = estimate_scenario(s).iteration_time_s;
    });
  }
  for (std::thread& t : threads)
    t.join();
  for (double t : seen)
    EXPECT_EQ(t, serial);
}

TEST(Estimate, AnUnvalidatedScenarioIsAnInputErrorNotACrash) {
  Scenario s = test::gpt_scenario(2, 2, 2);
  s.parallel.data = 0;  // validate() derives it from the GPU count
  EXPECT_THROW(estimate_scenario(s), InputError);
  EXPECT_THROW(estimate_peak_memory(s), InputError);
  s = test::gpt_scenario(2, 2, 2);
  s.training.global_batch_size = 1;  // fewer sequences than data-parallel ranks
  EXPECT_THROW(estimate_iteration_s(s), InputError);
}

TEST(Estimate, PeakMemoryIsWhatTheRunReports) {
  const Scenario s =
      load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/gpt3-175b-1024-a100.json");
  const PeakMemory peak = estimate_peak_memory(s);
  const RunResult run = run_scenario(s).result;
  EXPECT_EQ(peak.use.total, run.memory_per_gpu_bytes.total);
  EXPECT_EQ(peak.use.total <= peak.use.capacity, run.fits_in_memory);
}

// 96 layers over 8 stages × 5 chunks: chunks of 2 or 3 layers. Both engines weigh each chunk pass
// in flight by its own chunk's layers, which is less than the passes times the largest chunk.
TEST(Estimate, PeakMemoryOfAnUnevenInterleavedSplitIsWhatTheRunReports) {
  Scenario s =
      load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/gpt3-175b-1024-a100.json");
  s.parallel.pipeline_schedule = PipelineSchedule::interleaved;
  s.parallel.virtual_stages = 5;
  validate(s);
  const Workload w = build_workload(s);
  ASSERT_EQ(w.stage_layers[0].size(), 5u);
  EXPECT_NE(*std::min_element(w.stage_layers[0].begin(), w.stage_layers[0].end()),
            *std::max_element(w.stage_layers[0].begin(), w.stage_layers[0].end()));
  EXPECT_LT(w.stage_in_flight_layers[0],
            max_in_flight(PipelineSchedule::interleaved, 8, 0, s.num_micro_batches(), 5) *
                *std::max_element(w.stage_layers[0].begin(), w.stage_layers[0].end()));
  const PeakMemory peak = estimate_peak_memory(s);
  const RunResult run = run_scenario(s).result;
  EXPECT_EQ(peak.use.total, run.memory_per_gpu_bytes.total);
}

}  // namespace
}  // namespace wt
