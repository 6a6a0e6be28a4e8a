#include "sim/report/train_cost.hpp"

#include <cmath>

#include <gtest/gtest.h>

#include "sim/scenario/presets.hpp"

namespace wt {
namespace {

// One node of 8 GPUs; 1000 iterations of 512 × 2048 tokens; per-GPU MTBF 800 h, so the cluster
// MTBF is M = 800 · 3600 / 8 = 360,000 s; checkpoint C = 50 s, so τ = sqrt(2 · 50 · 360,000) = 6000
// s; restart R = 1000 s.
Scenario small_job() {
  Scenario s;
  s.cluster.num_nodes = 1;
  s.cluster.gpus_per_node = 8;
  s.model.seq_length = 2048;
  s.training.global_batch_size = 512;
  s.training.total_tokens = 1000.0 * 512 * 2048;
  s.cost.usd_per_gpu_hour = 3.0;
  s.reliability = {.gpu_mtbf_hours = 800.0, .checkpoint_write_s = 50.0, .restart_s = 1000.0};
  return s;
}

TEST(TrainCost, IterationsTimeGpuHoursAndCost) {
  const TrainCost c = train_cost(small_job(), 1.5);
  EXPECT_DOUBLE_EQ(c.iterations, 1000.0);
  EXPECT_DOUBLE_EQ(c.time_to_train_s, 1500.0);
  EXPECT_DOUBLE_EQ(c.gpu_hours, 1500.0 * 8 / 3600);  // 3.333 GPU-hours
  EXPECT_DOUBLE_EQ(c.cost_usd, 10.0);                // 3.333 h × $3
}

TEST(TrainCost, YoungDalyIntervalAndExpectedTime) {
  const TrainCost c = train_cost(small_job(), 1.5);
  EXPECT_DOUBLE_EQ(c.cluster_mtbf_s, 360000.0);
  EXPECT_DOUBLE_EQ(c.optimal_checkpoint_interval_s, 6000.0);
  // R = 1000 + the 50 s checkpoint read (a read takes as long as the write by default).
  // T = 1500 · (1 + 50/6000) / (1 − (3000 + 1050)/360000) = 1500 · (121/120) · (360000/355950).
  EXPECT_NEAR(c.expected_time_to_train_with_failures_s,
              1500.0 * 121.0 / 120.0 * 360000.0 / 355950.0, 1e-9);
  EXPECT_NEAR(c.expected_time_to_train_with_failures_s, 1529.709228824273, 1e-9);
}

TEST(TrainCost, FreeCheckpointsLoseNoWork) {
  Scenario s = small_job();
  s.reliability.checkpoint_write_s = 0.0;
  const TrainCost c = train_cost(s, 1.5);
  EXPECT_DOUBLE_EQ(c.optimal_checkpoint_interval_s, 0.0);
  // T = T0 / (1 − R/M) = 1500 · 360/359.
  EXPECT_NEAR(c.expected_time_to_train_with_failures_s, 1500.0 * 360.0 / 359.0, 1e-9);
}

TEST(TrainCost, FailuresOutpacingProgressNeverFinish) {
  Scenario s = small_job();
  s.reliability.gpu_mtbf_hours = 1.0;  // M = 450 s < R = 1000 s
  const TrainCost c = train_cost(s, 1.5);
  EXPECT_DOUBLE_EQ(c.cluster_mtbf_s, 450.0);
  EXPECT_TRUE(std::isinf(c.expected_time_to_train_with_failures_s));
  EXPECT_GT(c.expected_time_to_train_with_failures_s, 0.0);
  EXPECT_DOUBLE_EQ(c.time_to_train_s, 1500.0);  // the failure-free figure is still there
}

TEST(TrainCost, DenominatorExactlyZeroIsInfinite) {
  Scenario s = small_job();
  s.reliability.checkpoint_write_s = 0.0;
  s.reliability.restart_s = 360000.0;  // R = M: no progress between failures
  EXPECT_TRUE(std::isinf(train_cost(s, 1.5).expected_time_to_train_with_failures_s));
}

TEST(TrainCost, NoTokensGivesAllZero) {
  Scenario s = small_job();
  s.training.total_tokens = 0.0;
  const TrainCost c = train_cost(s, 1.5);
  EXPECT_EQ(c.iterations, 0.0);
  EXPECT_EQ(c.time_to_train_s, 0.0);
  EXPECT_EQ(c.gpu_hours, 0.0);
  EXPECT_EQ(c.cost_usd, 0.0);
  EXPECT_EQ(c.cluster_mtbf_s, 0.0);
  EXPECT_EQ(c.optimal_checkpoint_interval_s, 0.0);
  EXPECT_EQ(c.expected_time_to_train_with_failures_s, 0.0);
}

TEST(TrainCost, NoPriceGivesNoCost) {
  Scenario s = small_job();
  s.cost.usd_per_gpu_hour = 0.0;
  const TrainCost c = train_cost(s, 1.5);
  EXPECT_EQ(c.cost_usd, 0.0);
  EXPECT_DOUBLE_EQ(c.gpu_hours, 1500.0 * 8 / 3600);
}

TEST(TrainCost, MoreGpusShortenTheClusterMtbf) {
  Scenario s = small_job();
  s.cluster.num_nodes = 128;  // 1024 GPUs: M = 800 · 3600 / 1024 = 2812.5 s
  const TrainCost c = train_cost(s, 1.5);
  EXPECT_DOUBLE_EQ(c.cluster_mtbf_s, 2812.5);
  // √(2 · 50 · 2812.5) = 530.33 s = 353.55 iterations of 1.5 s, rounded to 354: 531 s.
  EXPECT_DOUBLE_EQ(c.optimal_checkpoint_interval_s, 531.0);
  EXPECT_DOUBLE_EQ(c.gpu_hours, 1500.0 * 1024 / 3600);
}

TEST(TrainCost, InterruptionsAndEttrFromTheExpectedTime) {
  Scenario s = small_job();
  const TrainCost c = train_cost(s, 1.5);
  // T = 1500 · (121/120) · (360000/355950) (above); M = 360,000 s.
  const double t = 1500.0 * 121.0 / 120.0 * 360000.0 / 355950.0;
  EXPECT_NEAR(c.expected_interruptions, t / 360000.0, 1e-15);
  EXPECT_NEAR(c.ettr, 1500.0 / t, 1e-15);
  EXPECT_DOUBLE_EQ(c.checkpoint_interval_s, 6000.0);
  s.reliability.checkpoint_interval_iterations = 100;  // Megatron --save-interval 100
  const TrainCost every_100 = train_cost(s, 1.5);
  EXPECT_DOUBLE_EQ(every_100.checkpoint_interval_s, 150.0);
  EXPECT_DOUBLE_EQ(every_100.optimal_checkpoint_interval_s, 6000.0);
  // 1500 · (1 + 50/150) / (1 − (75 + 1050)/360,000).
  EXPECT_NEAR(every_100.expected_time_to_train_with_failures_s,
              1500.0 * (4.0 / 3.0) / (1.0 - 1125.0 / 360000.0), 1e-9);
}

TEST(TrainCost, AnAsyncIntervalShorterThanTheWriteWaitsForIt) {
  Scenario s = small_job();
  s.model = find_model_preset("llama3-8b")->model;
  s.reliability.async_checkpoint = true;
  s.reliability.checkpoint_interval_iterations = 10;  // 15 s against a 50 s write
  const TrainCost c = train_cost(s, 1.5);
  EXPECT_DOUBLE_EQ(c.checkpoint.lag_s, 50.0);
  // The copy to host memory plus the 35 s the write outlasts the interval.
  EXPECT_DOUBLE_EQ(c.checkpoint.blocking_s, checkpoint_cost(s).blocking_s + 35.0);
}

}  // namespace
}  // namespace wt
