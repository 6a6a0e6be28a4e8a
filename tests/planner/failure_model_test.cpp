// The failure model with spot preemption against its closed form (docs/cli.md,
// "Time, cost and failures").
#include <gtest/gtest.h>

#include <cmath>

#include "sim/report/train_cost.hpp"

namespace wt {
namespace {

// Two nodes of 8 GPUs; 1000 iterations of 1.5 s (T0 = 1500 s); per-GPU MTBF 800 h, so the
// hardware MTBF is 800 · 3600 / 16 = 180,000 s; checkpoint C = 50 s; restart R = 1000 s + the
// 50 s checkpoint read.
Scenario job(bool spot) {
  Scenario s;
  s.cluster.num_nodes = 2;
  s.cluster.gpus_per_node = 8;
  s.model.seq_length = 1024;
  s.training.global_batch_size = 256;
  s.training.total_tokens = 1000.0 * 256 * 1024;
  s.cost.usd_per_gpu_hour = 2.0;
  s.cost.spot = spot;
  s.reliability = {.gpu_mtbf_hours = 800.0, .checkpoint_write_s = 50.0, .restart_s = 1000.0};
  return s;
}

TEST(FailureModel, SpotPreemptionsAddTheirRateToFailures) {
  // Preemption: 100 h per node / 2 nodes = 180,000 s; together M = 90,000 s.
  // τ = sqrt(2 · 50 · 90,000) = 3000 s; T = 1500 · (1 + 50/3000) / (1 − (1500 + 1050)/90,000).
  const TrainCost c = train_cost(job(true), 1.5, SpotPreemption{.node_mtbp_hours = 100.0});
  EXPECT_DOUBLE_EQ(c.hardware_mtbf_s, 180000.0);
  EXPECT_DOUBLE_EQ(c.preemption_mtbf_s, 180000.0);
  EXPECT_DOUBLE_EQ(c.cluster_mtbf_s, 90000.0);
  EXPECT_DOUBLE_EQ(c.optimal_checkpoint_interval_s, 3000.0);
  const double expected = 1500.0 * (1.0 + 50.0 / 3000.0) / (1.0 - 2550.0 / 90000.0);
  EXPECT_DOUBLE_EQ(c.expected_time_to_train_with_failures_s, expected);  // 1569.47 s
  EXPECT_NEAR(expected, 1569.4683, 1e-4);
  EXPECT_DOUBLE_EQ(c.expected_gpu_hours_with_failures, expected * 16 / 3600);
  EXPECT_DOUBLE_EQ(c.expected_cost_with_failures_usd, expected * 16 / 3600 * 2.0);
  EXPECT_DOUBLE_EQ(c.cost_usd, 1500.0 * 16 / 3600 * 2.0);  // failure-free cost is unchanged
}

TEST(FailureModel, OnDemandIgnoresThePreemptionRate) {
  // M = 180,000 s; τ = sqrt(2 · 50 · 180,000) = 4242.64 s = 2828.4 iterations of 1.5 s, rounded
  // to 2828: 4242 s.
  const TrainCost c = train_cost(job(false), 1.5, SpotPreemption{.node_mtbp_hours = 100.0});
  EXPECT_DOUBLE_EQ(c.preemption_mtbf_s, 0.0);
  EXPECT_DOUBLE_EQ(c.cluster_mtbf_s, 180000.0);
  const double tau = 4242.0;
  EXPECT_DOUBLE_EQ(c.optimal_checkpoint_interval_s, tau);
  EXPECT_DOUBLE_EQ(c.expected_time_to_train_with_failures_s,
                   1500.0 * (1.0 + 50.0 / tau) / (1.0 - (tau / 2.0 + 1050.0) / 180000.0));
  const TrainCost plain = train_cost(job(false), 1.5);
  EXPECT_DOUBLE_EQ(plain.expected_time_to_train_with_failures_s,
                   c.expected_time_to_train_with_failures_s);
}

TEST(FailureModel, DefaultSpotRateIsOnePreemptionPerNodeMonth) {
  // 720 h per node / 2 nodes = 1,296,000 s of preemption MTBF beside 180,000 s of hardware.
  const TrainCost c = train_cost(job(true), 1.5);
  EXPECT_DOUBLE_EQ(c.preemption_mtbf_s, 720.0 * 3600.0 / 2.0);
  EXPECT_DOUBLE_EQ(c.cluster_mtbf_s, 1.0 / (1.0 / 180000.0 + 1.0 / 1296000.0));
}

TEST(CheckpointRead, EveryRestartReadsTheCheckpoint) {
  // R = 1000 + 50 read; τ = √(2 · 50 · 180,000) = 4242.6 s → 2828 iterations = 4242 s.
  const TrainCost c = train_cost(job(false), 1.5);
  EXPECT_DOUBLE_EQ(c.mean_restart_s, 1050.0);
  EXPECT_DOUBLE_EQ(c.failures.front().restart_s, 1050.0);
  EXPECT_DOUBLE_EQ(c.expected_time_to_train_with_failures_s,
                   1500.0 * (1.0 + 50.0 / 4242.0) / (1.0 - (2121.0 + 1050.0) / 180000.0));
}

TEST(SpotNotice, ANoticeLongerThanTheSaveLosesNoWork) {
  Scenario s = job(true);
  s.cost.spot_notice_s = 120.0;  // ≥ the 50 s save
  const SpotPreemption spot{.node_mtbp_hours = 100.0};
  const TrainCost c = train_cost(s, 1.5, spot);
  ASSERT_EQ(c.failures.size(), 2u);
  EXPECT_DOUBLE_EQ(c.failures[1].notice_save_s, 50.0);
  // Young/Daly against the hardware failures alone (the preemptions lose nothing): 4242 s.
  EXPECT_DOUBLE_EQ(c.optimal_checkpoint_interval_s, 4242.0);
  // Hardware: τ/2 + R = 2121 + 1050 per 180,000 s; preemption: save + R = 50 + 1050 per 180,000 s.
  const double expected =
      1500.0 * (1.0 + 50.0 / 4242.0) / (1.0 - (2121.0 + 1050.0 + 50.0 + 1050.0) / 180000.0);
  EXPECT_NEAR(c.expected_time_to_train_with_failures_s, expected, 1e-9);
  EXPECT_NEAR(expected, 1554.57, 0.01);  // 1500 · 1.011787 / 0.976272
  // 40 s of notice is too short for the 50 s save: the preemption loses work like a failure, and
  // Young/Daly sees both (M = 90,000 s: τ = 3000 s).
  s.cost.spot_notice_s = 40.0;
  const TrainCost late = train_cost(s, 1.5, spot);
  EXPECT_LT(late.failures[1].notice_save_s, 0.0);
  EXPECT_DOUBLE_EQ(late.optimal_checkpoint_interval_s, 3000.0);
  EXPECT_DOUBLE_EQ(late.expected_time_to_train_with_failures_s,
                   1500.0 * (1.0 + 50.0 / 3000.0) / (1.0 - (1500.0 + 1050.0) / 90000.0));
}

TEST(FailureModel, PreemptionsFasterThanRestartsNeverFinish) {
  // Half an hour per node over 2 nodes: one preemption every 900 s; M = 895.5 s is shorter than
  // the 1000 s restart alone.
  const TrainCost c = train_cost(job(true), 1.5, SpotPreemption{.node_mtbp_hours = 0.5});
  EXPECT_TRUE(std::isinf(c.expected_time_to_train_with_failures_s));
}

TEST(FailureModel, Llama3ClusterMtbfIsThreeHours) {
  // 16,384 GPUs at the Llama 3 per-GPU MTBF (54 days · 24 h · 16,384 / 419): 54 · 24 / 419 h.
  Scenario s = job(false);
  s.cluster.num_nodes = 2048;
  s.reliability.gpu_mtbf_hours = 16384.0 * 54.0 * 24.0 / 419.0;
  const TrainCost c = train_cost(s, 1.5);
  EXPECT_NEAR(c.cluster_mtbf_s / 3600.0, 54.0 * 24.0 / 419.0, 1e-9);  // 3.09 h
}

}  // namespace
}  // namespace wt
