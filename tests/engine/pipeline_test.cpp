// Pipeline schedules timed with free communication and uniform stages: the closed-form bubbles.
#include <gtest/gtest.h>

#include "sim/engine/analytical/walk.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/stage_memory.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

constexpr double kForwardPerLayer = 1.0;
constexpr double kBackwardPerLayer = 2.0;

// Every layer's forward costs 1 and backward 2; everything else (communication, embedding, logits,
// optimizer) is free.
void uniform_costs(Workload& w) {
  for (Program& p : w.programs) {
    for (Op& op : p.ops) {
      op.duration_s = 0.0;
      if (op.kind != OpKind::compute || op.layer < 0) continue;
      if (op.phase == Phase::forward) op.duration_s = kForwardPerLayer;
      if (op.phase == Phase::backward) op.duration_s = kBackwardPerLayer;
    }
  }
}

struct Timed {
  double iteration_s;
  double bubble_fraction;
};

Timed time_pipeline(PipelineSchedule kind, int p, int m, int v) {
  Scenario s = test::gpt_scenario(1, p, 1);
  s.model.num_layers = p * v * 2;
  s.training.global_batch_size = m;
  s.parallel.pipeline_schedule = kind;
  s.parallel.virtual_stages = v;
  Workload w = build_workload(s);
  uniform_costs(w);
  const Timeline t = walk(w);
  double bubble = 0.0;
  for (const OpTiming& o : t.roles[0].ops)
    bubble += o.wait_bubble_s;
  return {t.iteration_s, bubble / t.iteration_s};
}

TEST(Pipeline, OneFOneBBubbleIsPMinusOneOverMPlusPMinusOne) {
  for (auto [p, m] : {std::pair{2, 4}, std::pair{4, 8}, std::pair{8, 32}, std::pair{4, 3}}) {
    const Timed t = time_pipeline(PipelineSchedule::one_f_one_b, p, m, 1);
    const double per_mb = 2 * (kForwardPerLayer + kBackwardPerLayer);  // 2 layers per stage
    EXPECT_DOUBLE_EQ(t.iteration_s, (m + p - 1) * per_mb) << "p=" << p << " m=" << m;
    EXPECT_NEAR(t.bubble_fraction, double(p - 1) / (m + p - 1), 1e-12);
  }
}

TEST(Pipeline, GpipeTakesTheSameTimeAsOneFOneB) {
  for (auto [p, m] : {std::pair{2, 4}, std::pair{4, 8}, std::pair{8, 16}}) {
    EXPECT_DOUBLE_EQ(time_pipeline(PipelineSchedule::gpipe, p, m, 1).iteration_s,
                     time_pipeline(PipelineSchedule::one_f_one_b, p, m, 1).iteration_s);
  }
}

TEST(Pipeline, InterleavedBubbleIsPMinusOneOverVmPlusPMinusOne) {
  for (auto [p, m, v] :
       {std::tuple{2, 4, 2}, std::tuple{4, 8, 2}, std::tuple{4, 8, 3}, std::tuple{8, 16, 4}}) {
    const Timed t = time_pipeline(PipelineSchedule::interleaved, p, m, v);
    EXPECT_NEAR(t.bubble_fraction, double(p - 1) / (v * m + p - 1), 1e-12)
        << "p=" << p << " m=" << m << " v=" << v;
  }
}

TEST(Pipeline, OneFOneBHoldsFewerActivationsThanGpipe) {
  Scenario s = test::gpt_scenario(1, 4, 1);
  s.training.global_batch_size = 16;
  s.parallel.pipeline_schedule = PipelineSchedule::gpipe;
  const Workload gpipe = build_workload(s);
  s.parallel.pipeline_schedule = PipelineSchedule::one_f_one_b;
  const Workload one_f_one_b = build_workload(s);
  // 24 layers on 4 stages = 6 per stage; GPipe holds all 16 micro-batches, 1F1B stage 0 holds 4.
  EXPECT_EQ(gpipe.stage_in_flight_layers[0], 16 * 6);
  EXPECT_EQ(one_f_one_b.stage_in_flight_layers[0], 4 * 6);
  EXPECT_LT(stage_memory(s, one_f_one_b, 0, 80e9).activations,
            stage_memory(s, gpipe, 0, 80e9).activations);
}

}  // namespace
}  // namespace wt
