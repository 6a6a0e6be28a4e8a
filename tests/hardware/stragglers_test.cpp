// Stragglers as a distribution (sim/hardware/stragglers.hpp) against hand-computed values.
#include "sim/hardware/stragglers.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "sim/hardware/speed_spread.hpp"

namespace wt {
namespace {

TEST(Stragglers, OrderStatisticsOfNormalsMatchTheirClosedForms) {
  const double inv_sqrt_pi = 1.0 / std::sqrt(std::numbers::pi);
  EXPECT_NEAR(expected_order_statistic(2, 3), 0.0, 1e-7);  // the median of 3, by symmetry
  EXPECT_NEAR(expected_order_statistic(2, 2), inv_sqrt_pi, 1e-7);
  EXPECT_NEAR(expected_order_statistic(1, 2), -inv_sqrt_pi, 1e-7);
  EXPECT_NEAR(expected_order_statistic(3, 3), 1.5 * inv_sqrt_pi, 1e-7);  // 0.846284
  EXPECT_NEAR(expected_order_statistic(1, 3), -1.5 * inv_sqrt_pi, 1e-7);
  EXPECT_EQ(expected_order_statistic(1, 1), 0.0);
  EXPECT_NEAR(expected_order_statistic(10, 10), 1.5387527, 1e-6);
}

TEST(Stragglers, TheLargestOfNodeMaximaIsTheLargestOfAllTheirGpus) {
  // The slowest of 4 nodes of 8 GPUs is the slowest of 32 GPUs.
  EXPECT_NEAR(expected_order_statistic(4, 4, 8), expected_max_standard_normal(32), 1e-6);
  EXPECT_NEAR(expected_order_statistic(1, 1, 2), 1.0 / std::sqrt(std::numbers::pi), 1e-7);
  // The 4th of 5 nodes lies below the largest of 4 (the backup worker absorbs the slowest).
  EXPECT_LT(expected_order_statistic(4, 5, 8), expected_order_statistic(4, 4, 8));
}

TEST(Stragglers, SlowNodeProbabilities) {
  EXPECT_NEAR(any_slow_probability(4, 0.01), 1.0 - std::pow(0.99, 4), 1e-12);  // 0.03940399
  EXPECT_NEAR(any_slow_probability(4, 0.01), 0.03940399, 1e-8);
  EXPECT_EQ(any_slow_probability(4, 0.0), 0.0);
  // More than one of 5 slow: 1 - 0.99^5 - 5 * 0.01 * 0.99^4 = 0.00098015.
  EXPECT_NEAR(more_than_k_slow_probability(5, 1, 0.01), 0.0009801496, 1e-10);
  EXPECT_NEAR(more_than_k_slow_probability(5, 0, 0.01), any_slow_probability(5, 0.01), 1e-12);
  EXPECT_EQ(more_than_k_slow_probability(5, 5, 0.5), 0.0);
}

Scenario four_nodes(DataSync mode) {
  Scenario s;
  s.cluster.num_nodes = 4;
  s.cluster.gpus_per_node = 8;
  s.cluster.gpu_speed_spread = 0.0;
  s.cluster.step_noise = 0.05;
  s.cluster.slow_node_rate = 0.01;
  s.cluster.slow_node_slowdown = 2.0;
  s.parallel.data_sync = mode;
  return s;
}

TEST(Stragglers, SynchronousStepsWaitForTheSlowestAsyncForTheMean) {
  const StragglerStretch sync = straggler_stretch(four_nodes(DataSync::allreduce));
  EXPECT_NEAR(sync.noise, 1.0 + 0.05 * expected_max_standard_normal(32), 1e-12);
  EXPECT_NEAR(sync.slow, 1.0 + 0.03940399, 1e-8);
  const StragglerStretch async = straggler_stretch(four_nodes(DataSync::async));
  EXPECT_NEAR(async.noise, 1.0 + 0.05 * expected_max_standard_normal(8), 1e-12);
  EXPECT_NEAR(async.slow, 1.01, 1e-12);  // 1 + 0.01 * (2 - 1)
  Scenario backup = four_nodes(DataSync::backup_workers);
  backup.parallel.backup_workers = 1;
  const StragglerStretch b = straggler_stretch(backup);
  EXPECT_NEAR(b.noise, 1.0 + 0.05 * expected_order_statistic(4, 5, 8), 1e-12);
  EXPECT_NEAR(b.slow, 1.0 + 0.0009801496, 1e-9);
  EXPECT_EQ(worker_nodes_running(backup), 5);
}

TEST(Stragglers, WithoutNoiseOrSlowNodesAllreduceIsTheSlowestGpuAlone) {
  Scenario s;  // defaults: spread 0.025, 1 node of 8
  const StragglerStretch st = straggler_stretch(s);
  EXPECT_EQ(st.total(), slowest_gpu_slowdown(s));
}

TEST(Stragglers, EqualSpeedsGiveStalenessOfTheOtherWorkers) {
  const Staleness st = async_staleness(4, 1.0, 0.0, 0.0, 1.0, 1);
  EXPECT_EQ(st.mean, 3.0);
  EXPECT_EQ(st.p50, 3.0);
  EXPECT_EQ(st.max, 3.0);
  // With noise the mean stays N - 1 (every worker pushes as often as the others), spread out.
  const Staleness noisy = async_staleness(8, 0.8, 0.1, 0.02, 3.0, 7);
  EXPECT_NEAR(noisy.mean, 7.0, 0.1);
  EXPECT_GT(noisy.max, 7.0);
  EXPECT_EQ(async_staleness(1, 1.0, 0.1, 0.0, 1.0, 1).mean, 0.0);
}

TEST(Stragglers, StalenessOfSimulatedPushesByHand) {
  // Three equal workers pushing together: round robin, N - 1 = 2 once the first round is past.
  const Staleness equal = staleness_of_pushes({{1, 2, 3}, {1, 2, 3}, {1, 2, 3}}, 3);
  EXPECT_EQ(equal.mean, 2.0);
  EXPECT_EQ(equal.max, 2.0);
  // Worker 0 pushes at 1, 2, 3, 4, worker 1 at 2 and 4 (ties to worker 0). Versions in order:
  // w0@1 sees 0, w0@2 0, w1@2 2, w0@3 1, w0@4 0, w1@4 2; past the first two: 2, 1, 0, 2.
  const Staleness uneven = staleness_of_pushes({{1, 2, 3, 4}, {2, 4}}, 2);
  EXPECT_DOUBLE_EQ(uneven.mean, 1.25);
  EXPECT_EQ(uneven.p50, 1.0);  // sorted 0, 1, 2, 2: index floor(0.5 * 3)
  EXPECT_EQ(uneven.p90, 2.0);
  EXPECT_EQ(uneven.max, 2.0);
  EXPECT_EQ(staleness_of_pushes({{1, 2}}, 0).mean, 0.0);  // one worker
}

TEST(Stragglers, AsyncStepStretchesKeepTheMeanPerWorker) {
  for (const auto& w : async_step_stretches(3, 5, 8, 0.0, 0.0, 2.0, 1)) {
    for (double x : w)
      EXPECT_EQ(x, 1.0);
  }
  // Slow steps only: 1 or 3 before the rescale, mean 1 after; a worker with none stays at 1.
  const auto slow = async_step_stretches(4, 10, 8, 0.0, 0.5, 3.0, 2);
  ASSERT_EQ(slow.size(), 4u);
  for (const auto& w : slow) {
    ASSERT_EQ(w.size(), 10u);
    double sum = 0.0;
    const double low = *std::min_element(w.begin(), w.end());
    for (double x : w) {
      sum += x;
      EXPECT_TRUE(std::abs(x - low) < 1e-12 || std::abs(x - 3.0 * low) < 1e-12) << x;
    }
    EXPECT_NEAR(sum / 10.0, 1.0, 1e-12);
  }
  const auto noisy = async_step_stretches(2, 50, 8, 0.05, 0.02, 2.0, 3);
  EXPECT_NE(noisy[0], noisy[1]);  // each worker its own draws
}

}  // namespace
}  // namespace wt
