// What a restart costs beyond the lost work (docs/models.md, "Time to train and failures"): the
// checkpoint read, and spot preemptions announced early enough to save first; against
// hand-computed values and, for the Monte Carlo, its closed form.
#include <gtest/gtest.h>

#include "sim/report/checkpoint_cost.hpp"
#include "sim/report/goodput_monte_carlo.hpp"
#include "sim/scenario/presets.hpp"
#include "sim/workload/model_math.hpp"

namespace wt {
namespace {

TEST(CheckpointRead, TakesTheWriteTimeUnlessAReadBandwidthIsGiven) {
  Scenario s;
  s.cluster.num_nodes = 1;
  s.cluster.gpus_per_node = 8;
  s.model = find_model_preset("llama3-8b")->model;
  // 8.0318e9 parameters × 14 B = 112.447 GB at one node's 1.2 GB/s: 93.706 s each way.
  CheckpointCost c = checkpoint_cost(s);
  EXPECT_NEAR(c.read_s, 93.706, 0.001);
  EXPECT_DOUBLE_EQ(c.read_s, c.write_s);
  // A faster file system does not help one node: min(500, 1 × 1.2) GB/s.
  s.reliability.storage_read_GBps = 500.0;
  EXPECT_NEAR(checkpoint_cost(s).read_s, 93.706, 0.001);
  // 2,048 nodes can take 2,457.6 GB/s; the file system reads at 500: 112.447 / 500 = 0.22489 s.
  s.cluster.num_nodes = 2048;
  EXPECT_NEAR(checkpoint_cost(s).read_s, 0.22489, 0.00001);
  EXPECT_NEAR(checkpoint_cost(s).write_s, 0.05622, 0.00001);  // at 2,000 GB/s
  // A given write time is also the read time unless the read bandwidth is given.
  s.reliability.storage_read_GBps = -1.0;
  s.reliability.checkpoint_write_s = 30.0;
  EXPECT_DOUBLE_EQ(checkpoint_cost(s).read_s, 30.0);
}

TEST(SpotNotice, MonteCarloMeanMatchesTheClosedFormWithAnnouncedPreemptions) {
  // Failures and announced preemptions each one per 400 h (together M = 200 h); R = 360 s;
  // τ = 7200 s, C = 36 s; an announced one saves in 36 s and loses nothing. Closed form: each
  // failure costs τ/2 + R = 3960 s, each preemption 36 + 360 = 396 s, per 1,440,000 s each.
  GoodputInputs in;
  const double rate = 1.0 / (400.0 * 3600);
  in.failures = {{"gpu", 1.0, rate, 360.0}, {"spot preemption", 1.0, rate, 360.0, true, 36.0}};
  in.work_s = 1000.0 * 3600;
  in.interval_s = 7200.0;
  in.blocking_s = 36.0;
  in.runs = 4000;
  in.seed = 3;
  in.expected_interruptions = 5.0;
  const double closed = in.work_s * (1.0 + 36.0 / 7200.0) / (1.0 - (3960.0 + 396.0) / 1440000.0);
  const GoodputStats g = simulate_goodput(in);
  EXPECT_LT(g.stderr_time_s, 0.0001 * closed);
  EXPECT_NEAR(g.mean_time_s, closed, 3.0 * g.stderr_time_s);
  // Without the notice the same rates cost more: each preemption loses half an interval too.
  in.failures[1].notice_save_s = -1.0;
  EXPECT_GT(simulate_goodput(in).mean_time_s, closed + 1000.0);
}

}  // namespace
}  // namespace wt
