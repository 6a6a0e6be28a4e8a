// A collective over several dragonfly groups in the SimGrid engine, on the dragonfly the topology
// builder makes (sim/comm/dragonfly_collective.hpp, sim/engine/simgrid/dragonfly_flows.hpp). One
// router per group, so a flow crosses no local cable: on dragonflies where the rings share no link
// the run takes the closed form exactly, its α the routes' latencies (1 µs a link: 2 links between
// nodes of one router, 3 between groups; 1 µs through the NVSwitch, the node's latency).
#include <gtest/gtest.h>

#include <memory>

#include "sim/comm/dragonfly_collective.hpp"
#include "sim/comm/fabric.hpp"
#include "sim/engine/simgrid/collective_flows.hpp"
#include "sim/scenario/parse.hpp"
#include "test_support.hpp"

namespace wt::sgtest {
namespace {

constexpr double kB = 1e10;  // 80 Gb/s: every NIC and cable
constexpr double kBytes = 1e9;
constexpr double kOverhead_s = 5e-6;
constexpr double kNvlink_Bps = 1e11;

struct Dragonfly {
  int groups, nodes_per_router, global_links, gpus_per_node;
};

std::unique_ptr<topo::Topology> build(const Dragonfly& d) {
  ClusterConfig c;
  c.num_nodes = d.groups * d.nodes_per_router;
  c.gpus_per_node = d.gpus_per_node;
  c.intra_node.latency_us = 1.0;
  c.network.topology = NetworkTopology::dragonfly;
  c.network.link_bandwidth_Gbps = 80.0;
  c.network.link_latency_us = 1.0;
  c.network.nics_per_node = d.gpus_per_node;
  c.network.rail_optimized = false;
  c.network.dragonfly = {d.groups, 1, d.nodes_per_router, d.global_links,
                         DragonflyRouting::minimal};
  return topo::build_topology(c, kNvlink_Bps);
}

// The cost model's fabric for it, as make_fabric sets it: α of a route between groups, a GPU's
// NIC, its share of the m = h / (g − 1) global cables of a group pair.
Fabric fabric(const Dragonfly& d) {
  Fabric f{{1e-6, kNvlink_Bps}, {3e-6, kB}, kOverhead_s};
  f.dragonfly_nodes_per_group = d.nodes_per_router;
  f.dragonfly_nodes_per_router = d.nodes_per_router;
  f.dragonfly_global_Bps = d.global_links / (d.groups - 1) * kB / d.gpus_per_node;
  return f;
}

// One data-parallel collective over every GPU, alone.
double simulate(const Dragonfly& d, Collective c, bool aggregate = true) {
  const auto t = build(d);
  const int gpus = t->num_gpus();
  Workload w = workload(1, 1, gpus);
  w.programs[0].ops.push_back(
      comm_op(OpKind::collective, CommDim::dp, c, kBytes, gpus, 0.0, Stream::dp_comm));
  SimgridSetup setup = setup_for(*t, fabric(d));
  setup.reductions.aggregate_ring_steps = aggregate;
  return simulate_simgrid(w, setup).timeline.iteration_s;
}

GroupShape shape_of(const Dragonfly& d) {
  GroupShape g{d.groups * d.nodes_per_router * d.gpus_per_node, d.groups * d.nodes_per_router};
  g.dragonfly = {d.groups, false};
  return g;
}

TEST(DragonflyFlows, ThreeGroupsOfTwoNodesTakeTheClosedForm) {
  // g = 3, p = 2, h = 2: one cable per group pair. Two inter-group rings, strides 1 and 2, cross
  // the 6 directed pairs once each; the local rings stay on their router.
  //   all-reduce = overhead + 2·2 µs + (S/2)/B·2 + 4·3 µs + 2·(2/3)·(S/2)/B
  const Dragonfly d{3, 2, 2, 1};
  ASSERT_TRUE(
      collective_cost(Collective::all_reduce, kBytes, shape_of(d), fabric(d)).dragonfly_two_level);
  const DragonflyGroup g{3, 2, 1};
  const LinkClass local{2e-6, kB}, global{3e-6, kB};
  const double ar =
      kOverhead_s + dragonfly_two_level_s(Collective::all_reduce, g, kBytes, local, global);
  EXPECT_NEAR(ar, kOverhead_s + 4e-6 + kBytes / kB + 12e-6 + 2.0 / 3.0 * kBytes / kB, 1e-12);
  EXPECT_NEAR(simulate(d, Collective::all_reduce), ar, 1e-6 * ar);
  EXPECT_NEAR(simulate(d, Collective::all_reduce, false), ar, 1e-6 * ar);
  const double rs =
      kOverhead_s + dragonfly_two_level_s(Collective::reduce_scatter, g, kBytes, local, global);
  EXPECT_NEAR(simulate(d, Collective::reduce_scatter), rs, 1e-6 * rs);
  EXPECT_NEAR(simulate(d, Collective::all_gather), rs, 1e-6 * rs);
}

TEST(DragonflyFlows, StridedRingsSpreadOverTheGlobalCables) {
  // g = 4, one two-GPU node per group, h = 3: one cable per pair, a GPU's share B/2. The flat
  // ring's two rings cross the pairs 0→1→2→3→0 together: B/2 each, 2·(7/8)·S/B = 0.175 s. The
  // two-level form: an NVLink ring of 2 inside the node, then rings of strides 1 and 3 (the pairs
  // one way and the other), each alone on its cables at B: 2·(3/4)·(S/2)/B = 0.075 s.
  const Dragonfly d{4, 1, 3, 2};
  const CollectiveCost cost = collective_cost(
      Collective::all_reduce, kBytes, GroupShape{8, 4, false, {}, 1, {4, false}}, fabric(d));
  ASSERT_TRUE(cost.dragonfly_two_level);
  const DragonflyGroup g{4, 1, 2};
  const double ar = kOverhead_s + dragonfly_two_level_s(Collective::all_reduce, g, kBytes,
                                                        {1e-6, kNvlink_Bps}, {3e-6, kB});
  EXPECT_NEAR(ar, kOverhead_s + 2e-6 + kBytes / kNvlink_Bps + 18e-6 + 0.75 * kBytes / kB, 1e-12);
  EXPECT_NEAR(simulate(d, Collective::all_reduce), ar, 1e-6 * ar);
  // The walk prices the same: its α are the fabric's, 1 µs inside the node, 3 µs across.
  EXPECT_NEAR(cost.time_s, ar, 1e-12);
}

TEST(DragonflyFlows, TheFlatRingStaysWhereItIsFaster) {
  // g = 2, p = 2, h = 1: one cable each way. The two-level form's two inter-group rings would
  // share it (S/B in all against the flat ring's 1.5·S/B... plus the local phase's S/B), so the
  // cost model keeps the flat ring, 4 nodes in order: it crosses the cable once each way.
  //   all-reduce = overhead + 6·3 µs + 2·(3/4)·S/B
  const Dragonfly d{2, 2, 1, 1};
  EXPECT_FALSE(
      collective_cost(Collective::all_reduce, kBytes, shape_of(d), fabric(d)).dragonfly_two_level);
  const double ar = kOverhead_s + 18e-6 + 1.5 * kBytes / kB;
  EXPECT_NEAR(simulate(d, Collective::all_reduce), ar, 1e-6 * ar);
}

// Global (level-2) links a ring's routes cross, over all its edges.
int global_hops(const topo::Topology& t, const std::vector<int32_t>& ring) {
  int hops = 0;
  std::vector<int32_t> route;
  for (size_t i = 0; i < ring.size(); ++i) {
    route.clear();
    const int32_t a = ring[i], b = ring[(i + 1) % ring.size()];
    t.route(a, b, sg::flow_hash(t, a, b), route);
    for (int32_t l : route)
      hops += t.links()[static_cast<size_t>(l)].level == topo::LinkLevel::level2 ? 1 : 0;
  }
  return hops;
}

TEST(DragonflyFlows, RankOrderLaysTheFlatRingsGroupByGroup) {
  // The shipped dragonfly scenario: 4 groups of 8 nodes. A data-parallel group of the first
  // pipeline stage (TP 2: GPUs 0, 2, ..., 126 on nodes 0..15, groups 0 and 1) runs 4 rings, each
  // through the nodes in order: every ring crosses exactly one global cable per group boundary,
  // 0 → 1 and back.
  const Scenario s =
      load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/dragonfly-llama3-8b.json");
  const auto t = topo::build_topology(s.cluster, kNvlink_Bps);
  std::vector<int32_t> members;
  for (int32_t x = 0; x < 128; x += 2)
    members.push_back(x);
  const auto rings = sg::flat_rings(sg::members_by_node(members, 8));
  ASSERT_EQ(rings.size(), 4u);
  for (const auto& ring : rings)
    EXPECT_EQ(global_hops(*t, ring), 2);
  // Its 8 inter-group rings (4 per node, strides 1) of the two-level form cross the same pair.
  // A group over all 4 dragonfly groups in rank order crosses 4 boundaries, one cable each.
  std::vector<int32_t> all;
  for (int32_t x = 0; x < 256; x += 2)
    all.push_back(x);
  for (const auto& ring : sg::flat_rings(sg::members_by_node(all, 8)))
    EXPECT_EQ(global_hops(*t, ring), 4);
}

}  // namespace
}  // namespace wt::sgtest
