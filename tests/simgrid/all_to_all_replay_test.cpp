// Reduction D (lone all-to-alls replayed) against the unreduced simulation: expert all-to-alls
// across nodes on networks made by the real builders (fat-tree, rail-optimized, 2:1
// oversubscribed, NICs shared by two GPUs), alone, with data-parallel traffic that overlaps some
// of them, and with traffic that overlaps all of them.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "test_support.hpp"

namespace wt::sgtest {
namespace {

constexpr double kBytes = 4e8;  // per all-to-all call, per GPU
constexpr double kCompute_s = 2e-3;
constexpr int kCalls = 6;

Fabric fabric() {
  return Fabric{{1e-6, 1e11}, {4e-6, 1e10}, 5e-6};
}

struct Case {
  std::string name;
  int nodes = 2;
  int gpn = 4;
  int nics = 4;
  bool rail = false;
  double oversubscription = 1.0;
  int expert = 8;  // EP group: `expert` consecutive ranks
  int radix = 4;   // 2 NICs per leaf (1 at 2:1): the all-to-alls cross spines
};

std::unique_ptr<topo::Topology> network(const Case& c) {
  ClusterConfig cfg;
  cfg.num_nodes = c.nodes;
  cfg.gpus_per_node = c.gpn;
  cfg.network.topology = NetworkTopology::fat_tree;
  cfg.network.link_bandwidth_Gbps = 80.0;
  cfg.network.link_latency_us = 1.0;
  cfg.network.nics_per_node = c.nics;
  cfg.network.rail_optimized = c.rail;
  cfg.network.fat_tree.levels = 2;
  cfg.network.fat_tree.switch_radix = c.radix;
  cfg.network.fat_tree.oversubscription = c.oversubscription;
  return topo::build_topology(cfg, 1e11);
}

// kCalls × (compute, all-to-all over EP) on the compute stream; with `dp_after` ≥ 0 a
// data-parallel all-reduce of `dp_bytes` over all ranks on its own stream once compute op
// `dp_after` has ended (it then overlaps the all-to-alls that follow).
Workload expert_layers(const Case& c, int dp_after, double dp_bytes) {
  Workload w = workload(1, 1, c.nodes * c.gpn);
  w.expert = c.expert;
  std::vector<Op>& ops = w.programs[0].ops;
  for (int k = 0; k < kCalls; ++k) {
    ops.push_back(compute_op(kCompute_s));
    ops.push_back(
        comm_op(OpKind::collective, CommDim::ep, Collective::all_to_all, kBytes, c.expert, 0.0));
  }
  if (dp_after >= 0) {
    Op dp = comm_op(OpKind::collective, CommDim::dp, Collective::all_reduce, dp_bytes,
                    c.nodes * c.gpn, 0.0, Stream::dp_comm);
    dp.deps = {2 * dp_after, -1};
    ops.push_back(dp);
  }
  return w;
}

struct Runs {
  SimgridResult replayed;
  SimgridResult simulated;
};

// The data-parallel all-reduce is pinned to a flat ring: it starts its flows a few route latencies
// after its dependency (a hierarchical one first sleeps its closed-form NVLink parts).
Runs both_ways(const Case& c, const Workload& w) {
  const auto t = network(c);
  SimgridSetup setup = setup_for(*t, fabric());
  setup.pin = CollectiveAlgorithm::ring;
  setup.intra_node_scale = 1.0;
  setup.network_scale = 1.0;
  Runs r;
  r.replayed = simulate_simgrid(w, setup);
  setup.reductions.replay_isolated_all_to_all = false;
  r.simulated = simulate_simgrid(w, setup);
  return r;
}

// Every op's start and end, the iteration and the link loads agree to 1e-9 of the iteration.
void expect_same(const Runs& r) {
  const double it = r.simulated.timeline.iteration_s;
  ASSERT_GT(it, kCalls * kCompute_s);
  EXPECT_NEAR(r.replayed.timeline.iteration_s, it, 1e-9 * it);
  const auto& a = r.replayed.timeline.roles.at(0).ops;
  const auto& b = r.simulated.timeline.roles.at(0).ops;
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_NEAR(a[i].start_s, b[i].start_s, 1e-9 * it) << "op " << i;
    EXPECT_NEAR(a[i].end_s, b[i].end_s, 1e-9 * it) << "op " << i;
  }
  EXPECT_EQ(r.replayed.flows, r.simulated.flows);
  ASSERT_EQ(r.replayed.links.size(), r.simulated.links.size());
  for (size_t l = 0; l < r.replayed.links.size(); ++l) {
    EXPECT_EQ(r.replayed.links[l].link, r.simulated.links[l].link);
    EXPECT_NEAR(r.replayed.links[l].bytes, r.simulated.links[l].bytes,
                1e-12 * r.simulated.links[l].bytes);
    EXPECT_NEAR(r.replayed.links[l].busy_s, r.simulated.links[l].busy_s, 1e-9 * it);
  }
}

// The reduction's note, or "" when nothing was replayed.
std::string replay_note(const SimgridResult& r) {
  for (const std::string& n : r.reductions) {
    if (n.rfind("lone all-to-alls:", 0) == 0) return n;
  }
  return "";
}

const Case kCases[] = {
    {"FatTree2x4", 2, 4, 4, false, 1.0, 8},        {"FatTree4x2", 4, 2, 2, false, 1.0, 4},
    {"FatTree2x8", 2, 8, 8, false, 1.0, 16, 16},   {"RailOptimized4x2", 4, 2, 2, true, 1.0, 8},
    {"Oversubscribed4x2", 4, 2, 2, false, 2.0, 8}, {"SharedNics2x4", 2, 4, 2, false, 1.0, 8},
};

class AllToAllReplay : public ::testing::TestWithParam<Case> {};

TEST_P(AllToAllReplay, AloneEqualsTheSimulation) {
  const Runs r = both_ways(GetParam(), expert_layers(GetParam(), -1, 0.0));
  expect_same(r);
  // The first call runs its flows; the other five replay them.
  EXPECT_NE(replay_note(r.replayed).find(": 5 all-to-all phases"), std::string::npos)
      << replay_note(r.replayed);
  EXPECT_EQ(replay_note(r.simulated), "");
}

TEST_P(AllToAllReplay, OverlappedByDataParallelTrafficEqualsTheSimulation) {
  // The all-reduce starts with the third all-to-all, whose flows start first: replayed in the
  // first run, it meets the all-reduce's flows and is simulated in a second run, as are the
  // all-to-alls that start while the all-reduce is in flight.
  const Runs r = both_ways(GetParam(), expert_layers(GetParam(), 2, 3 * kBytes));
  expect_same(r);
  EXPECT_NE(replay_note(r.replayed).find("(2 runs)"), std::string::npos) << replay_note(r.replayed);
}

TEST_P(AllToAllReplay, NothingReplayedWhenEveryAllToAllMeetsOtherTraffic) {
  // An all-reduce from the first all-to-all on that outlasts them all: none runs alone from its
  // start to its end.
  const Runs r = both_ways(GetParam(), expert_layers(GetParam(), 0, 40 * kBytes));
  for (const auto& o : r.simulated.timeline.roles[0].ops)
    printf("%g %g\n", o.start_s, o.end_s);
  expect_same(r);
  EXPECT_EQ(replay_note(r.replayed), "");
}

INSTANTIATE_TEST_SUITE_P(Networks, AllToAllReplay, ::testing::ValuesIn(kCases),
                         [](const auto& param_info) { return param_info.param.name; });

}  // namespace
}  // namespace wt::sgtest
