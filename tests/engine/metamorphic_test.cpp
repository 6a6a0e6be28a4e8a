// Properties any trustworthy engine has, whatever its constants.
#include <gtest/gtest.h>

#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"
#include "tests/workload/make_scenario.hpp"

namespace wt {
namespace {

Scenario multi_node(int t, int p, int d) {
  Scenario s = test::gpt_scenario(t, p, d);
  s.training.global_batch_size = 128;
  s.parallel.zero_stage = 1;
  s.parallel.sequence_parallel = t > 1;
  s.cluster.gpus_per_node = 8;
  s.cluster.num_nodes = t * p * d / 8;
  return s;
}

double iteration_s(const Scenario& s) {
  return run_scenario(s).result.iteration_time_s;
}

TEST(Metamorphic, MoreNetworkBandwidthIsNeverSlower) {
  for (auto [t, p, d] : {std::tuple{2, 2, 8}, std::tuple{8, 2, 2}, std::tuple{1, 4, 8}}) {
    Scenario s = multi_node(t, p, d);
    double previous = 1e300;
    for (double gbps : {25.0, 50.0, 100.0, 200.0, 400.0, 800.0, 1600.0}) {
      s.cluster.network.link_bandwidth_Gbps = gbps;
      const double now = iteration_s(s);
      EXPECT_LE(now, previous * (1 + 1e-12)) << gbps << " Gb/s";
      previous = now;
    }
  }
}

TEST(Metamorphic, MoreNvlinkBandwidthIsNeverSlower) {
  Scenario s = multi_node(8, 1, 4);
  double previous = 1e300;
  for (double gBps : {50.0, 100.0, 200.0, 450.0, 900.0}) {
    s.cluster.intra_node.bandwidth_GBps = gBps;
    const double now = iteration_s(s);
    EXPECT_LE(now, previous * (1 + 1e-12)) << gBps << " GB/s";
    previous = now;
  }
}

TEST(Metamorphic, AFasterGpuIsNeverSlower) {
  Scenario s = multi_node(4, 2, 4);
  s.cluster.gpu = "a100-sxm4-80gb";
  const double a100 = iteration_s(s);
  s.cluster.gpu = "h100-sxm5-80gb";
  const double h100 = iteration_s(s);
  s.cluster.gpu = "h200-sxm-141gb";
  const double h200 = iteration_s(s);
  EXPECT_LT(h100, a100);
  EXPECT_LE(h200, h100);
}

TEST(Metamorphic, DoublingTheGlobalBatchDoublesComputeTime) {
  for (auto [t, p, d] : {std::tuple{1, 1, 8}, std::tuple{2, 4, 2}, std::tuple{8, 2, 2}}) {
    Scenario s = multi_node(t, p, d);
    const RunResult one = run_scenario(s).result;
    s.training.global_batch_size *= 2;
    const RunResult two = run_scenario(s).result;
    EXPECT_NEAR(two.breakdown_s.compute / one.breakdown_s.compute, 2.0, 0.01);
    EXPECT_GT(two.iteration_time_s, 1.5 * one.iteration_time_s);
  }
}

TEST(Metamorphic, BreakdownAddsUpToTheIterationTime) {
  for (auto [t, p, d] : {std::tuple{1, 1, 8}, std::tuple{2, 4, 2}, std::tuple{8, 2, 2}}) {
    const RunResult r = run_scenario(multi_node(t, p, d)).result;
    const Breakdown& b = r.breakdown_s;
    EXPECT_NEAR(b.compute + b.exposed_comm + b.pipeline_bubble + b.optimizer + b.other,
                r.iteration_time_s, 1e-9 * r.iteration_time_s);
    EXPECT_GT(b.compute, 0.0);
    EXPECT_GE(b.other, 0.0);
    const ExposedComm& e = r.exposed_comm_by_dim_s;
    EXPECT_NEAR(e.tp + e.pp + e.dp + e.cp + e.ep, b.exposed_comm, 1e-9 * r.iteration_time_s);
    EXPECT_EQ(e.tp > 0.0, t > 1);  // only tensor parallelism issues TP collectives
  }
}

TEST(Metamorphic, MfuIsModelFlopsOverPeak) {
  const RunResult r = run_scenario(multi_node(2, 2, 8)).result;
  EXPECT_NEAR(r.mfu, r.model_flops_per_iteration / (r.iteration_time_s * 32 * 989.4e12), 1e-12);
  EXPECT_GT(r.mfu, 0.05);
  EXPECT_LT(r.mfu, 0.85);
}

}  // namespace
}  // namespace wt
