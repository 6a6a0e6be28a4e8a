// The steady-state skip of the `estimate` recurrence (estimate_steady.hpp) changes nothing but the
// work: with and without it every figure is the same (to rounding), over 1F1B and GPipe pipelines
// with uneven stages, tied embeddings, slow links whose sends queue, and ZeRO gathers; and for long
// 1F1B pipelines it times O(p²) steps, not O(p·m).
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <string>

#include "sim/comm/fabric.hpp"
#include "sim/engine/analytical/estimate.hpp"
#include "sim/engine/analytical/estimate_costs.hpp"
#include "sim/engine/analytical/estimate_pipeline.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/run.hpp"
#include "sim/workload/workload_sizes.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

PipelineEstimate timed(const Scenario& s, bool skip) {
  const GpuSpec& gpu = *find_gpu(s.cluster.gpu);
  const StepCosts costs = step_costs(s, gpu, make_fabric(s, gpu), nullptr);
  std::vector<double> optimizer;
  for (int st = 0; st < s.parallel.pipeline; ++st) {
    int layers = 0;
    for (int c = 0; c < s.parallel.virtual_stages; ++c)
      layers += chunk_layers(s.model.num_layers, s.parallel.pipeline, 1, st, c);
    optimizer.push_back(optimizer_s(s, stage_params(s, layers, st),
                                    stage_expert_params(s, layers, st), gpu, nullptr,
                                    costs.compute_slowdown));
  }
  return estimate_pipeline(s, costs, optimizer, skip);
}

void expect_close(double skipped, double full, const std::string& what) {
  EXPECT_NEAR(skipped, full, 1e-9 * std::max(1.0, std::abs(full))) << what;
}

Scenario long_pipeline(int p, int m, int layers, double network_Gbps) {
  Scenario s = test::gpt_scenario(2, p, 4);
  s.model.num_layers = layers;
  s.training.global_batch_size = int64_t{m} * 4;
  s.parallel.zero_stage = 1;
  s.cluster.network.link_bandwidth_Gbps = network_Gbps;
  return s;
}

TEST(EstimateSteady, SkippingTheSteadyStateChangesNoFigure) {
  int cases = 0, skipped = 0;
  for (PipelineSchedule kind : {PipelineSchedule::one_f_one_b, PipelineSchedule::gpipe}) {
    for (int p : {2, 3, 4, 8}) {
      for (int m : {8, 33, 128}) {
        for (int layers : {24, 26}) {
          for (double gbps : {400.0, 1.0}) {  // 1 Gb/s: transfers longer than compute steps
            for (bool tied : {false, true}) {
              Scenario s = long_pipeline(p, m, layers, gbps);
              s.parallel.pipeline_schedule = kind;
              s.model.tied_embeddings = tied;
              s.parallel.overlap_param_gather = m % 2 == 0;
              const PipelineEstimate skip = timed(s, true);
              const PipelineEstimate full = timed(s, false);
              const std::string what = std::string(to_string(kind)) + " p=" + std::to_string(p) +
                                       " m=" + std::to_string(m) + " l=" + std::to_string(layers) +
                                       " " + std::to_string(gbps) + " Gb/s";
              expect_close(skip.iteration_s, full.iteration_s, what);
              EXPECT_EQ(skip.critical_stage, full.critical_stage) << what;
              expect_close(skip.breakdown_s.pipeline_bubble, full.breakdown_s.pipeline_bubble,
                           what);
              expect_close(skip.breakdown_s.exposed_comm, full.breakdown_s.exposed_comm, what);
              expect_close(skip.breakdown_s.other, full.breakdown_s.other, what);
              expect_close(skip.exposed_comm_by_dim_s.pp, full.exposed_comm_by_dim_s.pp, what);
              expect_close(skip.exposed_comm_by_dim_s.dp, full.exposed_comm_by_dim_s.dp, what);
              EXPECT_LE(skip.steps_timed, full.steps_timed) << what;
              skipped += skip.steps_timed < full.steps_timed;
              ++cases;
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(cases, 192);
  std::cout << skipped << " of " << cases << " pipelines skipped part of their steady state\n";
  EXPECT_GE(skipped, 40);  // the comparison means something
}

TEST(EstimateSteady, LongOneFOneBPipelinesTimeFarFewerSteps) {
  // 8 stages, 256 micro-batches: 8 · 512 = 4096 steps; warm-up, cool-down and a few periods to
  // recognise the steady state are a few hundred, and do not grow with the micro-batches.
  const Scenario s = long_pipeline(8, 256, 24, 400.0);
  const PipelineEstimate skip = timed(s, true);
  EXPECT_EQ(timed(s, false).steps_timed, 4096);
  EXPECT_LT(skip.steps_timed, 600);
  EXPECT_EQ(timed(long_pipeline(8, 1024, 24, 400.0), true).steps_timed, skip.steps_timed);
}

TEST(EstimateSteady, AgreesWithTheWalkOnLongPipelines) {
  for (int p : {4, 8}) {
    for (double gbps : {400.0, 1.0}) {
      const Scenario s = long_pipeline(p, 96, 26, gbps);
      const RunResult walk = run_scenario(s).result;
      const RunResult estimate = estimate_scenario(s);
      EXPECT_NEAR(estimate.iteration_time_s, walk.iteration_time_s, 1e-9 * walk.iteration_time_s);
      EXPECT_NEAR(estimate.breakdown_s.pipeline_bubble, walk.breakdown_s.pipeline_bubble,
                  1e-9 * walk.iteration_time_s);
      EXPECT_NEAR(estimate.exposed_comm_by_dim_s.pp, walk.exposed_comm_by_dim_s.pp,
                  1e-9 * walk.iteration_time_s);
    }
  }
}

}  // namespace
}  // namespace wt
