// The unbalanced-pipeline warning (sim/report/stage_balance.hpp): on hand-made stage loads, and on
// a DeepSeek-style pipeline whose last stage (MoE layers, the MTP depth, the output layer) sets the
// pace, where both analytical engines name the same stage.
#include "sim/report/stage_balance.hpp"

#include <gtest/gtest.h>

#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

TimedIteration two_stages(double critical_busy_s, double other_busy_s) {
  TimedIteration t;
  t.iteration_s = 40.0;
  t.critical_stage = 0;
  t.breakdown_s.compute = critical_busy_s;
  t.breakdown_s.pipeline_bubble = 40.0 - critical_busy_s;
  t.busiest.stage = 3;
  t.busiest.breakdown_s.compute = other_busy_s / 3.0;
  t.busiest.breakdown_s.exposed_comm = 2.0 * other_busy_s / 3.0;
  t.busiest.exposed_comm_by_dim_s.ep = 0.5 * other_busy_s;
  t.busiest.exposed_comm_by_dim_s.tp = 0.1 * other_busy_s;
  return t;
}

TEST(StageBalance, ABusierStageThanTheCriticalOneIsNamedWithWhatKeepsItBusy) {
  const std::string w = stage_balance_warning(two_stages(10.0, 30.0), 4);
  EXPECT_NE(w.find("stage 3's GPUs are busy 30 s of the 40 s iteration"), std::string::npos) << w;
  EXPECT_NE(w.find("compute 10 s, exposed communication 20 s, most of it EP 15 s"),
            std::string::npos)
      << w;
  EXPECT_NE(w.find("stage 0's 10 s"), std::string::npos) << w;
  EXPECT_NE(w.find("its pipeline bubble (30 s) is mostly waiting for stage 3"), std::string::npos)
      << w;
}

TEST(StageBalance, ABalancedPipelineOrOneStageSaysNothing) {
  // 4 s more than the critical stage is 10 % of 40 s: not more than the share.
  EXPECT_EQ(stage_balance_warning(two_stages(10.0, 14.0), 4), "");
  EXPECT_EQ(stage_balance_warning(two_stages(10.0, 30.0), 1), "");
  TimedIteration same = two_stages(10.0, 30.0);
  same.busiest.stage = same.critical_stage;
  EXPECT_EQ(stage_balance_warning(same, 4), "");
}

// DeepSeek-V3's shape cut to 8 layers over 4 stages: the first stage holds 2 of the 3 dense layers,
// the last 2 MoE layers, the MTP depth and the output layer (129k vocabulary). Stage 0 finishes
// last (1F1B) and waits for stage 3 most of the iteration.
constexpr const char* kMoePipeline = R"({
  "schema": 1, "name": "moe-pipeline",
  "model": {"preset": "deepseek-v3", "num_layers": 8, "seq_length": 4096},
  "training": {"global_batch_size": 256, "micro_batch_size": 1, "precision": "bf16"},
  "parallel": {"tensor": 1, "pipeline": 4, "data": 8, "expert": 8, "zero_stage": 1},
  "cluster": {"gpu": "h100-sxm5-80gb", "num_nodes": 4, "gpus_per_node": 8}
})";

TEST(StageBalance, BothAnalyticalEnginesNameTheStageThatSetsThePace) {
  const Scenario s = parse_scenario_text(kMoePipeline);
  const RunResult walk = run_scenario(s).result;
  const RunResult estimate = estimate_scenario(s);
  const auto balance = [](const RunResult& r) {
    for (const std::string& w : r.warnings) {
      if (w.starts_with("pipeline stages are unbalanced")) return w;
    }
    return std::string();
  };
  ASSERT_NE(balance(walk), "");
  EXPECT_EQ(balance(walk), balance(estimate));
  EXPECT_NE(balance(walk).find("stage 3's GPUs are busy"), std::string::npos) << balance(walk);
}

}  // namespace
}  // namespace wt
