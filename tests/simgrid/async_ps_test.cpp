// Asynchronous parameter servers in the SimGrid engine (sim/engine/simgrid/async_workers.hpp):
// closed forms on a hand-made workload (identical workers share the server NIC in lockstep,
// staggered ones never meet), and on the shipped scenario the figures beside the analytical
// engine's.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "sim/comm/parameter_server.hpp"
#include "sim/engine/simgrid/uncontended_topology.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"
#include "tests/simgrid/test_support.hpp"

namespace wt::sg {
namespace {

constexpr int kWorkers = 4;
constexpr double kGrad = 1e6;     // bytes one worker pushes (and pulls) per step
constexpr double kNic_Bps = 1e9;  // every NIC, the dedicated server's too

// kWorkers worker nodes of one GPU and one dedicated server (node kWorkers) on a crossbar without
// latencies or call overheads; the program computes `compute_s`, then pushes and pulls kGrad.
struct Bench {
  std::unique_ptr<topo::Topology> topology =
      uncontended_topology(kWorkers + 1, 1, {1e11, 0.0, kNic_Bps, 0.0});
  Workload w = sgtest::workload(1, 1, kWorkers);
  SimgridSetup setup;
  explicit Bench(double compute_s) {
    w.programs[0].ops = {sgtest::compute_op(compute_s),
                         sgtest::comm_op(OpKind::collective, CommDim::dp, Collective::all_reduce,
                                         kGrad, kWorkers, 0.0)};
    w.programs[0].ops[1].deps = {0};
    setup = sgtest::setup_for(*topology, Fabric{{0.0, 1e11}, {0.0, kNic_Bps}, 0.0});
    setup.parameter_servers = {kWorkers, 1, ServerPlacement::dedicated};
    setup.async.steps = 10;
    setup.async.warmup = 2;
  }
};

TEST(AsyncPs, IdenticalWorkersShareTheServerNic) {
  // Negligible compute: every step the server NIC carries n G each way at B, so a worker's step
  // is n G / B, the workers' throughput B / G steps per second, and each push sees the other
  // n - 1 workers' updates (round robin).
  Bench b(0.0);
  const SimgridResult r = simulate_simgrid(b.w, b.setup);
  const double step_s = kWorkers * kGrad / kNic_Bps;  // 4 ms
  EXPECT_NEAR(r.timeline.iteration_s, step_s, 1e-6 * step_s);
  EXPECT_NEAR(kWorkers / r.timeline.iteration_s, kNic_Bps / kGrad, 1e-3);
  ASSERT_TRUE(r.staleness.has_value());
  EXPECT_DOUBLE_EQ(r.staleness->mean, kWorkers - 1);
  EXPECT_DOUBLE_EQ(r.staleness->p90, kWorkers - 1);
  EXPECT_DOUBLE_EQ(r.staleness->max, kWorkers - 1);
}

TEST(AsyncPs, StaggeredWorkersNeverMeetAtTheServer) {
  // Compute c = 5 ms >= (n - 1) G / B. In lockstep a step is c + n G / B = 9 ms; with worker k's
  // first step k ms longer, the workers reach the server 1 ms apart and each pushes and pulls alone
  // at B: c + G / B = 6 ms. No barrier brings them back together.
  const double c = 5e-3, g_s = kGrad / kNic_Bps;
  Bench lockstep(c);
  EXPECT_NEAR(simulate_simgrid(lockstep.w, lockstep.setup).timeline.iteration_s, c + kWorkers * g_s,
              1e-9);
  Bench staggered(c);
  for (int k = 0; k < kWorkers; ++k) {
    std::vector<double> scale(10, 1.0);
    scale[0] = (c + k * g_s) / c;
    staggered.setup.async.compute_scale.push_back(scale);
  }
  const SimgridResult r = simulate_simgrid(staggered.w, staggered.setup);
  EXPECT_NEAR(r.timeline.iteration_s, c + g_s, 1e-9);
  EXPECT_DOUBLE_EQ(r.staleness->mean, kWorkers - 1);
  // The link loads are the whole simulation's per mean step: the server's inbound NIC carried
  // 10 n G, at B, over the simulation's end (worker n - 1's last step).
  const topo::Topology& t = *staggered.topology;
  double server_in = 0.0;
  for (const LinkTraffic& l : r.links) {
    const topo::Link& k = t.links()[static_cast<size_t>(l.link)];
    if (t.vertices()[static_cast<size_t>(k.to)].node == kWorkers)
      server_in = std::max(server_in, l.line_rate_s);
  }
  const double end_s = (kWorkers - 1) * g_s + 10 * (c + g_s);
  EXPECT_NEAR(server_in / r.timeline.iteration_s, 10 * kWorkers * g_s / end_s, 1e-6);
}

Scenario shipped(const std::string& name) {
  return load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/" + name + ".json");
}

TEST(AsyncPs, ShippedScenarioBesideTheAnalyticalEngine) {
  // The stragglers' draws desynchronise the workers, so they share the server NICs less than the
  // analytical engine's lockstep pricing assumes: SimGrid's mean step is shorter. The staleness
  // is the same (N - 1 on average for workers of equal mean speed).
  const Scenario s = shipped("async-ps-bert-large");
  const RunOutput sg = run_scenario(s, EngineKind::simgrid);
  const RunOutput an = run_scenario(s);
  const double sg_s = sg.result.iteration_time_s, an_s = an.result.iteration_time_s;
  EXPECT_LT(sg_s, an_s);
  EXPECT_GT(sg_s, 0.8 * an_s);
  ASSERT_TRUE(sg.result.data_sync && an.result.data_sync);
  const DataSyncFigures& a = *an.result.data_sync;
  const DataSyncFigures& g = *sg.result.data_sync;
  EXPECT_NEAR(g.staleness_mean, a.staleness_mean, 0.1);
  EXPECT_GE(g.staleness_p90, g.staleness_mean);
  RecordProperty("simgrid_s", std::to_string(sg_s));
  RecordProperty("analytical_s", std::to_string(an_s));
  RecordProperty("simgrid_staleness", std::to_string(g.staleness_mean) + " p90 " +
                                          std::to_string(g.staleness_p90) + " max " +
                                          std::to_string(g.staleness_max));
  RecordProperty("analytical_staleness", std::to_string(a.staleness_mean) + " p90 " +
                                             std::to_string(a.staleness_p90) + " max " +
                                             std::to_string(a.staleness_max));
}

}  // namespace
}  // namespace wt::sg
