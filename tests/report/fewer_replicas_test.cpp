// reliability.continue_with_fewer_replicas (docs/models.md, "Restart policy"): the smaller layout
// re-timed by the closed-form estimate, and the Monte Carlo fed the slowdown table.
#include <gtest/gtest.h>

#include "sim/report/goodput_monte_carlo.hpp"
#include "sim/run.hpp"
#include "sim/run_fewer_replicas.hpp"
#include "sim/scenario/parse.hpp"

namespace wt {
namespace {

// Four replicas of one 8-GPU node each (TP 8); 16 sequences, 4 micro-batches per replica.
Scenario four_replicas() {
  return parse_scenario_text(R"({
    "schema": 1, "name": "four-replicas", "model": {"preset": "llama3-8b"},
    "training": {"global_batch_size": 16, "micro_batch_size": 1, "precision": "bf16",
                 "total_tokens": 1e9},
    "parallel": {"tensor": 8, "data": 4},
    "cluster": {"gpu": "h100-sxm5-80gb", "num_nodes": 4, "gpus_per_node": 8,
                "network": {"topology": "fat-tree", "link_bandwidth_Gbps": 400,
                            "nics_per_node": 8}}})");
}

TEST(FewerReplicas, TheSmallerLayoutKeepsTheGlobalBatchRoundingMicroBatchesUp) {
  const Scenario s = four_replicas();
  const std::optional<Scenario> three = fewer_replicas_layout(s, 1);
  ASSERT_TRUE(three);
  EXPECT_EQ(three->parallel.data, 3);
  EXPECT_EQ(three->cluster.num_nodes, 3);
  // ⌈16 / 3⌉ = 6 micro-batches per replica: 18 sequences of step time, 16 of work.
  EXPECT_EQ(three->training.global_batch_size, 18);
  const std::optional<Scenario> two = fewer_replicas_layout(s, 2);
  ASSERT_TRUE(two);
  EXPECT_EQ(two->training.global_batch_size, 16);  // 8 each, divides
  EXPECT_FALSE(fewer_replicas_layout(s, 4));       // no replica left
}

TEST(FewerReplicas, SlowdownIsTheEstimatesIterationTimeRatio) {
  const Scenario s = four_replicas();
  const double full = estimate_scenario(s).iteration_time_s;
  const double three = estimate_scenario(*fewer_replicas_layout(s, 1)).iteration_time_s;
  EXPECT_DOUBLE_EQ(fewer_replicas_slowdown(s, 1), three / full);
  EXPECT_DOUBLE_EQ(fewer_replicas_slowdowns(s)(1), three / full);
  // Six micro-batches instead of four: slower than the proportional 4/3 (rounding up costs).
  EXPECT_GT(fewer_replicas_slowdown(s, 1), 4.0 / 3.0);
}

GoodputInputs rare_node_failures() {
  GoodputInputs in;
  in.work_s = 1000.0 * 3600;
  in.interval_s = 1800.0;
  in.blocking_s = 1.0;
  in.failures = {FailureSource{.cause = InterruptionCause::host,
                               .rate_per_s = 1.0 / (400.0 * 3600),
                               .restart_s = 360.0,
                               .takes_node = true}};
  in.runs = 2000;
  in.expected_interruptions = 2.5;
  in.fewer_replicas = true;
  in.replicas = 4;
  in.repair_s = 7200.0;
  in.rejoin_restart_s = 360.0;
  return in;
}

TEST(FewerReplicas, AProportionalTableGivesTheProportionalMonteCarloBitForBit) {
  const GoodputInputs proportional = rare_node_failures();
  GoodputInputs table = proportional;
  table.slowdown = [](int missing) { return 4.0 / (4 - missing); };
  const GoodputStats a = simulate_goodput(proportional);
  const GoodputStats b = simulate_goodput(table);
  EXPECT_EQ(a.mean_time_s, b.mean_time_s);
  EXPECT_EQ(a.p90_time_s, b.p90_time_s);
  // A slower table costs more: twice the wall time per unit of work for the (H − R) = 6840 s a
  // node is out loses 3420 s per failure instead of 1710 s.
  table.slowdown = [](int) { return 2.0; };
  EXPECT_GT(simulate_goodput(table).mean_time_s, a.mean_time_s + 1000.0);
}

}  // namespace
}  // namespace wt
