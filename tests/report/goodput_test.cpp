// Failures by cause, checkpoint cost and the Monte Carlo of a whole run (docs/models.md, "Time to
// train and failures"), against hand-computed values and closed forms.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/report/checkpoint_cost.hpp"
#include "sim/report/failure_sources.hpp"
#include "sim/report/goodput_monte_carlo.hpp"
#include "sim/report/train_cost.hpp"
#include "sim/scenario/presets.hpp"
#include "sim/workload/model_math.hpp"

namespace wt {
namespace {

Scenario llama3_cluster() {
  Scenario s;
  s.cluster.num_nodes = 2048;
  s.cluster.gpus_per_node = 8;
  s.cluster.network.nics_per_node = 8;
  return s;
}

TEST(FailureSources, Llama3DefaultsGive419InterruptionsIn54DaysOn16kGpus) {
  const std::vector<FailureSource> f = failure_sources(llama3_cluster(), 720.0);
  ASSERT_EQ(f.size(), 6u);
  const double hours = 54.0 * 24.0;  // 1,296 h
  // 196 GPU + 72 HBM + 7 NIC + 35 switch/cable + 46 host + 63 software = 419.
  const double expected[] = {196, 72, 7, 35, 46, 63};
  const double units[] = {16384, 16384, 16384, 16384, 2048, 16384};
  for (size_t i = 0; i < f.size(); ++i) {
    EXPECT_NEAR(f[i].rate_per_s * hours * 3600.0, expected[i], 1e-9) << to_string(f[i].cause);
    EXPECT_DOUBLE_EQ(f[i].units, units[i]) << to_string(f[i].cause);
    EXPECT_DOUBLE_EQ(f[i].restart_s, 600.0) << to_string(f[i].cause);
    // Switches, cables and software leave the node in place; the rest take it out.
    EXPECT_EQ(f[i].takes_node,
              f[i].cause != InterruptionCause::network && f[i].cause != InterruptionCause::software)
        << to_string(f[i].cause);
  }
  EXPECT_NEAR(total_failure_rate(f) * hours * 3600.0, 419.0, 1e-9);
}

TEST(FailureSources, CausesScaleWithTheirUnits) {
  // One node of 8 GPUs with 1 NIC: GPU-borne causes 8/16384 of Llama 3's, NIC-borne 1/16384,
  // host 1/2048. Per 1,296 h: (196 + 72 + 63) · 8/16384 + (7 + 35)/16384 + 46/2048.
  Scenario s;
  s.cluster.num_nodes = 1;
  s.cluster.gpus_per_node = 8;
  s.cluster.network.nics_per_node = 1;
  const double per_1296h = total_failure_rate(failure_sources(s, 720.0)) * 1296.0 * 3600.0;
  EXPECT_NEAR(per_1296h, 331.0 * 8 / 16384 + 42.0 / 16384 + 46.0 / 2048, 1e-12);
}

TEST(FailureSources, GpuMtbfReplacesTheCausesAndSpotAddsPreemptions) {
  Scenario s;
  s.cluster.num_nodes = 2;
  s.cluster.gpus_per_node = 8;
  s.reliability.gpu_mtbf_hours = 800.0;
  s.reliability.restart_s = 1000.0;
  s.cost.spot = true;
  const std::vector<FailureSource> f = failure_sources(s, 100.0);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].cause, InterruptionCause::all_causes);
  EXPECT_DOUBLE_EQ(f[0].rate_per_s, 16.0 / (800.0 * 3600.0));  // 1 / 180,000 s
  EXPECT_EQ(f[1].cause, InterruptionCause::spot_preemption);
  EXPECT_DOUBLE_EQ(f[1].rate_per_s, 2.0 / (100.0 * 3600.0));  // 1 / 180,000 s
}

TEST(FailureSources, MeanRestartIsRateWeighted) {
  // GPU failures restart in 1,200 s, the rest in reliability.restart_s = 600 s. On Llama 3's
  // cluster: (196 · 1200 + 223 · 600) / 419 = 880.67 s.
  Scenario s = llama3_cluster();
  s.reliability.failures.gpu.restart_s = 1200.0;
  const std::vector<FailureSource> f = failure_sources(s, 720.0);
  EXPECT_DOUBLE_EQ(f[0].restart_s, 1200.0);
  EXPECT_DOUBLE_EQ(f[1].restart_s, 600.0);
  EXPECT_NEAR(mean_restart_s(f), (196.0 * 1200 + 223.0 * 600) / 419.0, 1e-9);
}

TEST(CheckpointCost, BytesPerParameterAreWeightsAndOptimizerState) {
  TrainingConfig t;
  t.precision = Precision::bf16;
  EXPECT_DOUBLE_EQ(checkpoint_bytes_per_param(t), 14.0);  // 2 bf16 + 4 master + 8 Adam moments
  t.precision = Precision::fp8;                           // the fp8 copies are not saved
  EXPECT_DOUBLE_EQ(checkpoint_bytes_per_param(t), 14.0);
  t.precision = Precision::fp32;
  EXPECT_DOUBLE_EQ(checkpoint_bytes_per_param(t), 12.0);  // 4 fp32 + 8 moments
  t.precision = Precision::bf16;  // eager autocast: fp32 parameters; its 16-bit casts not saved
  t.kernel_fusion = KernelFusion::eager_amp;
  EXPECT_DOUBLE_EQ(checkpoint_bytes_per_param(t), 12.0);
}

TEST(CheckpointCost, WriteBandwidthIsTheSmallerOfFileSystemAndNodes) {
  Scenario s;
  s.cluster.num_nodes = 1;
  EXPECT_DOUBLE_EQ(checkpoint_write_bandwidth(s), 1.2e9);   // one node's 1.2 GB/s
  s.cluster.num_nodes = 2048;                               // 2,457.6 GB/s of nodes
  EXPECT_DOUBLE_EQ(checkpoint_write_bandwidth(s), 2000e9);  // the file system's 2 TB/s
}

TEST(CheckpointCost, SyncBlocksForTheWriteAsyncForTheHostCopy) {
  Scenario s = llama3_cluster();
  s.model = find_model_preset("llama3-405b")->model;
  const double bytes = total_params(s.model) * 14.0;
  CheckpointCost c = checkpoint_cost(s);
  EXPECT_DOUBLE_EQ(c.bytes, bytes);
  EXPECT_NEAR(c.bytes / 1e12, 5.682, 0.001);    // 405.9B parameters × 14 B
  EXPECT_DOUBLE_EQ(c.write_s, bytes / 2000e9);  // ≈ 2.84 s for 406B parameters
  EXPECT_DOUBLE_EQ(c.blocking_s, c.write_s);
  EXPECT_DOUBLE_EQ(c.lag_s, 0.0);
  s.reliability.async_checkpoint = true;
  c = checkpoint_cost(s);
  // Each of the 16,384 GPUs copies its 1/16,384 over PCIe Gen5 at 63 GB/s · 0.88.
  EXPECT_NEAR(c.blocking_s, bytes / 16384.0 / (63e9 * 0.88), 1e-12);
  EXPECT_DOUBLE_EQ(c.lag_s, bytes / 2000e9);
  s.reliability.checkpoint_write_s = 30.0;
  EXPECT_DOUBLE_EQ(checkpoint_cost(s).lag_s, 30.0);
}

TEST(YoungDaly, IntervalIsRoundedToWholeIterationsAndCoversTheAsyncWrite) {
  // √(2 · 50 · 360,000) = 6000 s.
  EXPECT_DOUBLE_EQ(young_daly_interval_s(50.0, 360000.0, 1.5, 0.0), 6000.0);
  EXPECT_DOUBLE_EQ(young_daly_interval_s(50.0, 360000.0, 7.0, 0.0), 5999.0);  // 857 iterations
  EXPECT_DOUBLE_EQ(young_daly_interval_s(50.0, 360000.0, 7.0, 7000.0), 7000.0);
  EXPECT_DOUBLE_EQ(young_daly_interval_s(0.001, 100.0, 7.0, 0.0), 7.0);  // at least one
  EXPECT_DOUBLE_EQ(young_daly_interval_s(0.0, 360000.0, 7.0, 0.0), 0.0);
}

TEST(YoungDaly, ExpectedTimeCountsTheAsyncLagAsLostWork) {
  // 1500 · (1 + 50/6000) / (1 − (3000 + 100 + 1000)/360,000) = 1529.924…
  EXPECT_NEAR(expected_time_with_failures_s(1500.0, 50.0, 6000.0, 100.0, 1000.0, 360000.0),
              1500.0 * (121.0 / 120.0) / (355900.0 / 360000.0), 1e-9);
  EXPECT_NEAR(expected_time_with_failures_s(1500.0, 50.0, 6000.0, 100.0, 1000.0, 360000.0),
              1529.9241359932566, 1e-9);
}

TEST(MonteCarlo, SplitMix64MatchesItsReferenceOutput) {
  uint64_t state = 0;
  EXPECT_EQ(splitmix64(state), 0xE220A8397B1DCDAFULL);
}

// One failure process (MTBF, restart R); work T0 in intervals τ with checkpoints blocking C.
GoodputInputs one_cause(double mtbf_s, double restart_s, double work_s, double interval_s,
                        double blocking_s, int runs) {
  GoodputInputs in;
  in.failures = {{InterruptionCause::all_causes, 1.0, 1.0 / mtbf_s, restart_s}};
  in.work_s = work_s;
  in.interval_s = interval_s;
  in.blocking_s = blocking_s;
  in.runs = runs;
  in.expected_interruptions = work_s / mtbf_s;
  return in;
}

TEST(MonteCarlo, MeanMatchesYoungDalyWhereItsAssumptionsHold) {
  // Failures rare against interval and restart (λ(τ + C) = 0.01, λR = 0.0005): the closed form
  // is within 15 s (0.0004%) of the exact expectation, far inside the runs' statistical error.
  GoodputInputs in = one_cause(200.0 * 3600, 360.0, 1000.0 * 3600, 7200.0, 36.0, 4000);
  in.seed = 7;
  const double closed = expected_time_with_failures_s(in.work_s, 36.0, 7200.0, 0.0, 360.0,
                                                      200.0 * 3600);  // 3,638,009 s
  const GoodputStats g = simulate_goodput(in);
  EXPECT_EQ(g.runs, 4000);
  EXPECT_LT(g.stderr_time_s, 0.0001 * closed);  // the test can tell 0.03% apart
  EXPECT_NEAR(g.mean_time_s, closed, 3.0 * g.stderr_time_s);
  EXPECT_NEAR(g.mean_interruptions, closed / (200.0 * 3600), 0.15);
  EXPECT_LE(g.p50_time_s, g.p90_time_s);
}

TEST(MonteCarlo, AsyncMeanMatchesYoungDalyWithTheLag) {
  GoodputInputs in = one_cause(200.0 * 3600, 360.0, 1000.0 * 3600, 1800.0, 1.0, 4000);
  in.lag_s = 300.0;
  const double closed =
      expected_time_with_failures_s(in.work_s, 1.0, 1800.0, 300.0, 360.0, 200.0 * 3600);
  const GoodputStats g = simulate_goodput(in);
  EXPECT_NEAR(g.mean_time_s, closed, 3.0 * g.stderr_time_s);
}

TEST(MonteCarlo, MeanMatchesTheExactRenewalExpectationWhereYoungDalyDoesNot) {
  // λ = 1/3600 s, τ = 1800 s, C = 60 s, R = 300 s, 20 intervals: each completes after
  // (e^{λ(τ+C)} − 1) · e^{λR} / λ on average (a failure during a restart restarts it), the last
  // without its checkpoint: 52,827 s. Young/Daly's first-order form says 55,800 s.
  const GoodputInputs in = one_cause(3600.0, 300.0, 36000.0, 1800.0, 60.0, 20000);
  const double l = 1.0 / 3600.0;
  const double exact = 19.0 * std::expm1(l * 1860.0) * std::exp(l * 300.0) / l +
                       std::expm1(l * 1800.0) * std::exp(l * 300.0) / l;
  EXPECT_NEAR(exact, 52827.04, 0.01);
  const GoodputStats g = simulate_goodput(in);
  EXPECT_NEAR(g.mean_time_s, exact, 4.0 * g.stderr_time_s);
  EXPECT_LT(4.0 * g.stderr_time_s, 55800.0 - exact);  // it can tell the two apart
}

TEST(MonteCarlo, SeededRunsAreReproducibleAndSeedsDiffer) {
  GoodputInputs in = one_cause(3600.0, 300.0, 36000.0, 1800.0, 60.0, 500);
  const GoodputStats a = simulate_goodput(in);
  const GoodputStats b = simulate_goodput(in);
  EXPECT_EQ(a.mean_time_s, b.mean_time_s);
  EXPECT_EQ(a.p50_time_s, b.p50_time_s);
  EXPECT_EQ(a.p90_time_s, b.p90_time_s);
  EXPECT_EQ(a.mean_interruptions, b.mean_interruptions);
  in.seed = 2;
  EXPECT_NE(simulate_goodput(in).mean_time_s, a.mean_time_s);
}

TEST(MonteCarlo, WithoutFailuresEveryRunTakesTheWorkAndItsCheckpoints) {
  const GoodputStats g = simulate_goodput(one_cause(1e300, 300.0, 36000.0, 1800.0, 60.0, 10));
  EXPECT_DOUBLE_EQ(g.p50_time_s, 36000.0 + 19 * 60.0);  // 19 checkpoints, none after the last
  EXPECT_DOUBLE_EQ(g.p90_time_s, 36000.0 + 19 * 60.0);
  EXPECT_DOUBLE_EQ(g.mean_interruptions, 0.0);
}

TEST(MonteCarlo, RunawayRunsAreReportedNotLooped) {
  // A failure every 10 s against restarts of 300 s: no run finishes.
  GoodputInputs in = one_cause(10.0, 300.0, 36000.0, 1800.0, 60.0, 3);
  in.expected_interruptions = 0.0;  // the guard's floor: 1,000 interruptions per run
  const GoodputStats g = simulate_goodput(in);
  EXPECT_EQ(g.runs, 0);
  EXPECT_NE(g.why_not.find("failures outpace progress"), std::string::npos);
}

TEST(RestartPolicy, WithoutSparesEveryNodeFailureWaitsForTheRepair) {
  // No spare: each restart is the repair H = 600 s plus R = 300 s, and a failure during it starts
  // both again, so the renewal expectation holds with R' = 900 s: 19 · (e^{1860λ} − 1) · e^{900λ}/λ
  // + (e^{1800λ} − 1) · e^{900λ}/λ for λ = 1/3600 s.
  GoodputInputs in = one_cause(3600.0, 300.0, 36000.0, 1800.0, 60.0, 20000);
  in.failures.front().takes_node = true;
  in.spare_nodes = 0;
  in.repair_s = 600.0;
  const double l = 1.0 / 3600.0;
  const double exact =
      (19.0 * std::expm1(l * 1860.0) + std::expm1(l * 1800.0)) * std::exp(l * 900.0) / l;
  const GoodputStats g = simulate_goodput(in);
  EXPECT_NEAR(g.mean_time_s, exact, 4.0 * g.stderr_time_s);
  // One spare waits only when two nodes are out at once: between the two.
  in.spare_nodes = 1;
  const GoodputStats one_spare = simulate_goodput(in);
  in.spare_nodes = -1;
  const GoodputStats always = simulate_goodput(in);
  EXPECT_LT(one_spare.mean_time_s, g.mean_time_s);
  EXPECT_GT(one_spare.mean_time_s, always.mean_time_s);
  // A failure that leaves the node in place (software, network) never waits.
  in.failures.front().takes_node = false;
  in.spare_nodes = 0;
  EXPECT_EQ(simulate_goodput(in).mean_time_s, always.mean_time_s);
}

TEST(RestartPolicy, FewerReplicasRunSlowerUntilTheNodeRejoins) {
  // D = 4 replicas, one per node; a node is out H = 7200 s: the job restarts at once (R = 360 s)
  // and runs the rest of H at 3/4 speed, losing (H − R)/D = 1710 s of work, then rejoins with a
  // checkpoint block and a restart (C + R). Failures are rare (λ · 3331 s = 0.0023), so the
  // first-order form holds: T = T0 (1 + C/τ) / (1 − (τ/2 + R + (H − R)/D + C + R)/M).
  GoodputInputs in = one_cause(400.0 * 3600, 360.0, 1000.0 * 3600, 1800.0, 1.0, 4000);
  in.failures.front().takes_node = true;
  in.fewer_replicas = true;
  in.replicas = 4;
  in.repair_s = 7200.0;
  in.rejoin_restart_s = 360.0;
  const double closed = expected_time_with_failures_s(in.work_s, 1.0, 1800.0, 0.0,
                                                      360.0 + 1710.0 + 1.0 + 360.0, 400.0 * 3600);
  const GoodputStats g = simulate_goodput(in);
  EXPECT_NEAR(g.mean_time_s, closed, 3.0 * g.stderr_time_s);
  // The slowdown is visible: without it the time is 4,300 s (about 50 σ) shorter.
  const double without =
      expected_time_with_failures_s(in.work_s, 1.0, 1800.0, 0.0, 360.0 + 1.0 + 360.0, 400.0 * 3600);
  EXPECT_GT(closed - without, 30.0 * g.stderr_time_s);
  // With one replica there is nothing to continue with: the job waits like without spares.
  in.replicas = 1;
  GoodputInputs no_spare = in;
  no_spare.fewer_replicas = false;
  no_spare.spare_nodes = 0;
  EXPECT_EQ(simulate_goodput(in).mean_time_s, simulate_goodput(no_spare).mean_time_s);
}

TEST(Histogram, EqualWidthBinsFromTheMinimumToTheMaximum) {
  // 0 .. 4 in 4 bins of 1: [0,1) {0, 0.5}, [1,2) {1}, [2,3) none, [3,4] {3.9, 4}.
  const Histogram h = histogram({0.0, 0.5, 1.0, 3.9, 4.0}, 4);
  EXPECT_EQ(h.low, 0.0);
  EXPECT_EQ(h.high, 4.0);
  EXPECT_EQ(h.bin_width(), 1.0);
  EXPECT_EQ(h.counts, (std::vector<int64_t>{2, 1, 0, 2}));
  const Histogram same = histogram({0.9, 0.9, 0.9}, 20);
  EXPECT_EQ(same.counts, (std::vector<int64_t>{3}));
  EXPECT_EQ(same.low, 0.9);
  EXPECT_TRUE(histogram({}, 20).counts.empty());
}

TEST(MonteCarlo, EttrHistogramCountsEveryRunBetweenItsQuantiles) {
  GoodputInputs in = one_cause(20.0 * 3600, 360.0, 1000.0 * 3600, 7200.0, 36.0, 500);
  const GoodputStats g = simulate_goodput(in);
  const Histogram& h = g.ettr_histogram;
  ASSERT_EQ(h.counts.size(), static_cast<size_t>(kEttrHistogramBins));
  int64_t total = 0;
  for (int64_t c : h.counts)
    total += c;
  EXPECT_EQ(total, 500);
  // ETTR = T0 / time falls as time rises: the P90 time is near the low end of the ETTR range.
  EXPECT_LE(h.low, in.work_s / g.p90_time_s);
  EXPECT_GE(h.high, in.work_s / g.p50_time_s);
  EXPECT_LT(h.high, 1.0);
  in.failures.clear();
  EXPECT_EQ(simulate_goodput(in).ettr_histogram.counts, (std::vector<int64_t>{500}));
}

}  // namespace
}  // namespace wt
