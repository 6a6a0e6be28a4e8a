#include "sim/workload/schedule.hpp"

#include <gtest/gtest.h>

#include <set>

namespace wt {
namespace {

std::string render(const std::vector<PipeStep>& steps) {
  std::string out;
  for (const PipeStep& s : steps) {
    out += (s.forward ? "F" : "B") + std::to_string(s.micro_batch);
    if (s.chunk > 0) out += "." + std::to_string(s.chunk);
    out += " ";
  }
  return out;
}

TEST(Schedule, OneFOneBWarmupSteadyCooldown) {
  // p = 4, m = 6: stage 0 warms up with 3 forwards, stage 3 alternates from the start.
  EXPECT_EQ(render(stage_steps(PipelineSchedule::one_f_one_b, 4, 0, 6, 1)),
            "F0 F1 F2 F3 B0 F4 B1 F5 B2 B3 B4 B5 ");
  EXPECT_EQ(render(stage_steps(PipelineSchedule::one_f_one_b, 4, 3, 6, 1)),
            "F0 B0 F1 B1 F2 B2 F3 B3 F4 B4 F5 B5 ");
}

TEST(Schedule, GpipeRunsAllForwardsFirst) {
  EXPECT_EQ(render(stage_steps(PipelineSchedule::gpipe, 4, 1, 3, 1)), "F0 F1 F2 B0 B1 B2 ");
}

TEST(Schedule, InterleavedFollowsMegatronOrder) {
  // p = 2, v = 2, m = 4 on stage 0: warmup (2-0-1)·2 + (2-1)·2 = 4 virtual forwards.
  EXPECT_EQ(render(stage_steps(PipelineSchedule::interleaved, 2, 0, 4, 2)),
            "F0 F1 F0.1 F1.1 F2 B0.1 F3 B1.1 F2.1 B0 F3.1 B1 B2.1 B3.1 B2 B3 ");
}

TEST(Schedule, StepsInOrderFromThePassesRun) {
  // Stage 1 of 4 under 1F1B, m = 6: F0 F1 F2 B0 F3 B1 F4 B2 F5 B3 B4 B5. Step 3 follows three
  // forwards: backward pass 0; step 4 follows three forwards and one backward: forward pass 3.
  const StageSchedule one_f_one_b(PipelineSchedule::one_f_one_b, 4, 1, 6, 1);
  EXPECT_FALSE(one_f_one_b.at(3, 3, 0).forward);
  EXPECT_EQ(one_f_one_b.at(3, 3, 0).micro_batch, 0);
  EXPECT_TRUE(one_f_one_b.at(4, 3, 1).forward);
  EXPECT_EQ(one_f_one_b.at(4, 3, 1).micro_batch, 3);
  // Walking each schedule in order, counting the passes, gives at(index) at every step.
  struct Case {
    PipelineSchedule schedule;
    int stages, micro_batches, chunks;
  };
  for (const Case c :
       {Case{PipelineSchedule::one_f_one_b, 4, 6, 1}, Case{PipelineSchedule::one_f_one_b, 4, 2, 1},
        Case{PipelineSchedule::gpipe, 3, 5, 1}, Case{PipelineSchedule::interleaved, 4, 8, 2},
        Case{PipelineSchedule::interleaved, 2, 4, 3}}) {
    for (int stage = 0; stage < c.stages; ++stage) {
      const StageSchedule sched(c.schedule, c.stages, stage, c.micro_batches, c.chunks);
      int64_t forwards = 0, backwards = 0;
      const int64_t steps = stage_step_count(c.schedule, c.micro_batches, c.chunks);
      for (int64_t i = 0; i < steps; ++i) {
        const PipeStep want = sched.at(i), got = sched.at(i, forwards, backwards);
        EXPECT_EQ(got.forward, want.forward) << "stage " << stage << " step " << i;
        EXPECT_EQ(got.micro_batch, want.micro_batch) << "stage " << stage << " step " << i;
        EXPECT_EQ(got.chunk, want.chunk) << "stage " << stage << " step " << i;
        (want.forward ? forwards : backwards) += 1;
      }
    }
  }
}

TEST(Schedule, EveryMicroBatchChunkRunsForwardAndBackwardOnce) {
  for (auto kind :
       {PipelineSchedule::gpipe, PipelineSchedule::one_f_one_b, PipelineSchedule::interleaved}) {
    const int v = kind == PipelineSchedule::interleaved ? 3 : 1;
    for (int stage = 0; stage < 4; ++stage) {
      std::set<std::tuple<bool, int, int>> seen;
      for (const PipeStep& s : stage_steps(kind, 4, stage, 8, v)) {
        EXPECT_TRUE(seen.insert({s.forward, s.micro_batch, s.chunk}).second);
      }
      EXPECT_EQ(seen.size(), 2u * 8u * v);
    }
  }
}

TEST(Schedule, InFlightActivations) {
  // 1F1B: stage i of p holds p - i micro-batches; GPipe holds all m.
  EXPECT_EQ(max_in_flight(stage_steps(PipelineSchedule::one_f_one_b, 8, 0, 32, 1)), 8);
  EXPECT_EQ(max_in_flight(stage_steps(PipelineSchedule::one_f_one_b, 8, 5, 32, 1)), 3);
  EXPECT_EQ(max_in_flight(stage_steps(PipelineSchedule::gpipe, 8, 0, 32, 1)), 32);
  // Interleaved stage 0: warmup (p-1)·2 + (v-1)·p chunks + 1 = 14 + 8 + 1 = 23 chunks of 1/v the
  // layers: a little more than 1F1B's p micro-batches (23/2 = 11.5 > 8).
  EXPECT_EQ(max_in_flight(stage_steps(PipelineSchedule::interleaved, 8, 0, 32, 2)), 23);
}

TEST(Schedule, InFlightLayersWeighEachChunkByItsLayers) {
  // Equal chunks: max_in_flight times the chunk's layers.
  const auto even = stage_steps(PipelineSchedule::interleaved, 8, 0, 32, 2);
  EXPECT_EQ(max_in_flight_layers(even, {3, 3}), 23 * 3);
  // Interleaved, p = 2, stage 0, m = 4, v = 2, chunks of 2 and 1 layers. Megatron's order: the
  // forwards go p micro-batches per chunk (chunks 0 0 1 1 0 0 1 1), the backwards last chunk
  // first (1 1 0 0 1 1 0 0); warm-up (p − 1)·2 + (v − 1)·p = 4 forwards hold 2+2+1+1 = 6 layers,
  // then f(0) +2 = 8, b(1) −1 = 7, f(0) +2 = 9, b(1) −1 = 8, f(1) +1 = 9, b(0) −2 = 7, ...: 9
  // layers at most, where 5 passes in flight times the larger chunk would say 10.
  const auto uneven = stage_steps(PipelineSchedule::interleaved, 2, 0, 4, 2);
  EXPECT_EQ(max_in_flight(uneven), 5);
  EXPECT_EQ(max_in_flight_layers(uneven, {2, 1}), 9);
  // The walk without the vector (the estimate path) gives the same.
  EXPECT_EQ(max_in_flight_layers(PipelineSchedule::interleaved, 2, 0, 4, {2, 1}), 9);
  EXPECT_EQ(max_in_flight_layers(PipelineSchedule::interleaved, 2, 0, 4, {1, 2}), 7);
  EXPECT_EQ(max_in_flight_layers(uneven, {1, 2}), 7);  // 1+1+2+2 = 6, f(0) +1 = 7, b(1) −2 ...
}

}  // namespace
}  // namespace wt
