// Contention on networks made by the real builders (build_topology), not hand-made graphs: the
// engine's time for flows sharing an oversubscribed leaf-spine uplink or a dragonfly global cable,
// computed by hand from max-min fairness on the routes the builder gives (ECMP is deterministic:
// the test reads each flow's route with the engine's own flow hash and counts flows per link).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "sim/engine/simgrid/flow_plan.hpp"
#include "test_support.hpp"

namespace wt::sgtest {
namespace {

constexpr double kLink_Gbps = 80.0;  // every network cable: 80 Gb/s = 1e10 B/s
constexpr double kLink_Bps = 1e10;
constexpr double kLatency_us = 1.0;  // per network hop
constexpr double kLink_s = 1e-6;
constexpr double kOverhead_s = 5e-6;
constexpr double kBytes = 1e9;

Fabric fabric() {
  return Fabric{{1e-6, 1e11}, {4e-6, kLink_Bps}, kOverhead_s};
}

Workload stage_send(int roles, int per_role, int from, int to) {
  return stage_send_bytes(roles, per_role, from, to, kBytes);
}

std::vector<std::pair<int, int>> stage_flows(int per_role, int from, int to) {
  std::vector<std::pair<int, int>> flows;
  for (int x = 0; x < per_role; ++x)
    flows.emplace_back(from * per_role + x, to * per_role + x);
  return flows;
}

// One GPU and one NIC per node; network cables of kLink_Gbps and kLatency_us.
ClusterConfig one_gpu_nodes(int nodes, NetworkTopology topology) {
  ClusterConfig c;
  c.num_nodes = nodes;
  c.gpus_per_node = 1;
  c.network.topology = topology;
  c.network.link_bandwidth_Gbps = kLink_Gbps;
  c.network.link_latency_us = kLatency_us;
  c.network.nics_per_node = 1;
  c.network.rail_optimized = false;
  return c;
}

// What the flows' routes say: their latency (each must be the same, so that every flow enters
// the shared links at the same instant) and the most flows any one directed link carries.
struct RouteLoad {
  double latency_s = 0.0;
  size_t hops = 0;
  int max_flows = 0;
  topo::LinkLevel busiest_level = topo::LinkLevel::intra_node;
};

RouteLoad route_load(const topo::Topology& t, const std::vector<std::pair<int, int>>& flows) {
  RouteLoad load;
  std::map<int32_t, int> on_link;
  for (const auto& [src, dst] : flows) {
    std::vector<int32_t> path;
    t.route(src, dst, sg::flow_hash(t, src, dst), path);
    double latency_s = 0.0;
    for (int32_t id : path) {
      latency_s += t.links()[static_cast<size_t>(id)].latency_s;
      ++on_link[id];
    }
    if (load.hops > 0) {  // every route as long as the first
      EXPECT_EQ(path.size(), load.hops) << src << "→" << dst;
      EXPECT_DOUBLE_EQ(latency_s, load.latency_s) << src << "→" << dst;
    }
    load.hops = path.size();
    load.latency_s = latency_s;
  }
  for (const auto& [id, n] : on_link) {
    if (n <= load.max_flows) continue;
    load.max_flows = n;
    load.busiest_level = t.links()[static_cast<size_t>(id)].level;
  }
  return load;
}

// Every flow of the busiest link shares only that link (and the ones exactly in series with it,
// carrying the same flows): each gets rate/k there, so the last finishes after S·k/rate.
double contended_s(const RouteLoad& load, double network_Bps) {
  return kOverhead_s + load.latency_s + kBytes / (network_Bps / load.max_flows);
}

SimgridSetup unit_scales(const topo::Topology& t, double network_scale) {
  SimgridSetup s = setup_for(t, fabric());
  s.intra_node_scale = 1.0;  // the GPU→NIC attachments (kLink_Bps, never the bottleneck)
  s.network_scale = network_scale;
  return s;
}

// Leaf-spine of radix k = 6 at oversubscription 2: d = round(6·2/3) = 4 ports down, 2 up. 8 nodes
// fill leaves 0 and 1 (4 NICs each), each leaf cables u' = ⌈4·2/4⌉ = 2 up-links to one spine
// (2 leaves × 2 cables ≤ 6 ports). Leaf 0's 4 nodes send to leaf 1's: 4 flows, 2 up-links.
std::unique_ptr<topo::Topology> leaf_spine() {
  ClusterConfig c = one_gpu_nodes(8, NetworkTopology::fat_tree);
  c.network.fat_tree.levels = 2;
  c.network.fat_tree.switch_radix = 6;
  c.network.fat_tree.oversubscription = 2.0;
  return topo::build_topology(c, 1e11);
}

TEST(RealBuilderContention, LeafSpineIsBuiltTwoToOne) {
  const auto t = leaf_spine();
  EXPECT_EQ(t->name(), "fat-tree");
  const topo::TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 3);                   // 2 leaves + 1 spine
  EXPECT_EQ(m.cables, 8 + 2 * 2);             // NIC cables + 2 up-links per leaf
  EXPECT_DOUBLE_EQ(m.oversubscription, 2.0);  // 4 down : 2 up
}

TEST(RealBuilderContention, FourFlowsOnTwoLeafUplinksOfARealLeafSpine) {
  const auto t = leaf_spine();
  const RouteLoad load = route_load(*t, stage_flows(4, 0, 1));
  // nic → leaf0, leaf0 → spine, spine → leaf1, leaf1 → nic, between the zero-latency attachments.
  EXPECT_EQ(load.hops, 6u);
  EXPECT_DOUBLE_EQ(load.latency_s, 4 * kLink_s);
  // 4 flows over 2 up-links: one carries at least 2 (pigeonhole), at most all 4.
  EXPECT_EQ(load.busiest_level, topo::LinkLevel::level1);
  EXPECT_GE(load.max_flows, 2);
  EXPECT_LE(load.max_flows, 4);

  const double single_s = kOverhead_s + 4 * kLink_s + kBytes / kLink_Bps;  // 0.100009 s
  const SimgridResult one = simulate_simgrid(stage_send(8, 1, 0, 4), unit_scales(*t, 1.0));
  EXPECT_NEAR(one.timeline.iteration_s, single_s, 1e-6 * single_s);  // node 0 → node 4 alone

  // ECMP by hand (splitmix64 of the pair hash, salt 2, mod 2): flows 0→4, 1→5, 2→6, 3→7 take
  // up-links 1, 0, 0, 0, so up-link 0 (and its twin spine → leaf 1) carries 3 flows.
  EXPECT_EQ(load.max_flows, 3);
  const double expected = contended_s(load, kLink_Bps);  // 9 µs + k × 0.1 s
  EXPECT_NEAR(expected, 0.300009, 1e-12);
  const SimgridResult r = simulate_simgrid(stage_send(2, 4, 0, 1), unit_scales(*t, 1.0));
  EXPECT_NEAR(r.timeline.iteration_s, expected, 1e-6 * expected) << load.max_flows << " flows";
  // Flows ≥ 2× up-links: the transfer takes at least twice as long as one flow's alone.
  const double fixed_s = kOverhead_s + 4 * kLink_s;
  EXPECT_GE(r.timeline.iteration_s - fixed_s, 2.0 * (one.timeline.iteration_s - fixed_s) - 1e-9);
}

// Dragonfly, 2 groups of 2 routers, 4 nodes per router, 1 global port per router: m = 2·1/1 = 2
// global cables, copy c joining router c of group 0 and router c of group 1. The 4 nodes of group 0
// router 0 (nodes 0-3) send to those of group 1 router 1 (nodes 12-15): whichever cable a flow
// takes, it makes exactly one local hop (before it for c = 1, after it for c = 0), so every route
// is nic + local + global + nic. 4 flows on 2 global cables.
std::unique_ptr<topo::Topology> two_group_dragonfly() {
  ClusterConfig c = one_gpu_nodes(16, NetworkTopology::dragonfly);
  c.network.dragonfly.groups = 2;
  c.network.dragonfly.routers_per_group = 2;
  c.network.dragonfly.nodes_per_router = 4;
  c.network.dragonfly.global_links_per_router = 1;
  return topo::build_topology(c, 1e11);
}

TEST(RealBuilderContention, TwoGroupDragonflyHasTwoGlobalCables) {
  const auto t = two_group_dragonfly();
  EXPECT_EQ(t->name(), "dragonfly");
  const topo::TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 4);
  EXPECT_EQ(m.cables, 16 + 2 * 1 + 2);               // NIC cables + 1 local per group + 2 global
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 2 * kLink_Bps);  // ⌊2/2⌋·⌈2/2⌉·m cables
}

TEST(RealBuilderContention, FourFlowsOnTwoGlobalCablesOfARealDragonfly) {
  const auto t = two_group_dragonfly();
  const RouteLoad load = route_load(*t, stage_flows(4, 0, 3));
  EXPECT_EQ(load.hops, 6u);  // attachment, nic, local, global, nic, attachment (any order)
  EXPECT_DOUBLE_EQ(load.latency_s, 4 * kLink_s);
  EXPECT_GE(load.max_flows, 2);  // 4 flows, 2 cables
  EXPECT_LE(load.max_flows, 4);

  // Network links at 80% of line rate (the engine's network efficiency), attachments at 100%.
  constexpr double kScale = 0.8;
  const double single_s = kOverhead_s + 4 * kLink_s + kBytes / (kScale * kLink_Bps);  // 0.125009
  const SimgridResult one = simulate_simgrid(stage_send(16, 1, 0, 12), unit_scales(*t, kScale));
  EXPECT_NEAR(one.timeline.iteration_s, single_s, 1e-6 * single_s);  // node 0 → node 12 alone

  // ECMP by hand (salt 4, mod 2): flows 0→12 … 3→15 all take cable 1 (group 0 router 1 ↔ group 1
  // router 1), so that cable and group 0's local link 0 → 1 carry all 4 flows.
  EXPECT_EQ(load.max_flows, 4);
  const double expected = contended_s(load, kScale * kLink_Bps);  // 9 µs + k × 0.125 s
  EXPECT_NEAR(expected, 0.500009, 1e-12);
  const SimgridResult r = simulate_simgrid(stage_send(4, 4, 0, 3), unit_scales(*t, kScale));
  EXPECT_NEAR(r.timeline.iteration_s, expected, 1e-6 * expected) << load.max_flows << " flows";
  const double fixed_s = kOverhead_s + 4 * kLink_s;
  EXPECT_GE(r.timeline.iteration_s - fixed_s, 2.0 * (one.timeline.iteration_s - fixed_s) - 1e-9);
}

}  // namespace
}  // namespace wt::sgtest
