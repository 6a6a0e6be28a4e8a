// Dragonfly routing in the SimGrid engine, on the adversarial pattern: every node of group 0
// sends to the node of the same index in group 1, and one global cable joins each group pair.
// g = 4 groups of a = 3 routers, p = 2 one-GPU nodes per router, h = 1 global link per router
// (a·h = g − 1: m = 1 cable per pair); n = a·p = 6 flows of S bytes, every cable B.
//   minimal: the 6 flows share the cable 0 → 1:                      T = 6·S/B   = 0.6 s
//   Valiant: source NIC x goes through group 2 + (x + 1) mod 2, so each of the 4 global cables
//            0 → 2, 0 → 3, 2 → 1, 3 → 1 (and the local links in series) carries
//            n / (g − 2) = 3 flows:                                  T = 3·S/B   = 0.3 s
//   UGAL:    starting from minimal, pairs 0..3 move to Valiant (T_val < T_min), pairs 4 and 5
//            stay (2 flows on 0 → 1 already as few as on 0 → 2 and 0 → 3): every cable carries
//            n / (g − 1) = 2 flows:                                  T = 2·S/B   = 0.2 s
// plus the call overhead and a route latency (a few µs, within the tolerance).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "sim/engine/simgrid/ugal_routes.hpp"
#include "test_support.hpp"

namespace wt::sgtest {
namespace {

constexpr double kLink_Bps = 1e10;  // 80 Gb/s
constexpr double kBytes = 1e9;
constexpr double kOverhead_s = 5e-6;
constexpr double kTolerance_s = 2e-5;  // route latencies (at most 7 µs) and overhead

Fabric fabric() {
  return Fabric{{1e-6, 1e11}, {4e-6, kLink_Bps}, kOverhead_s};
}

std::unique_ptr<topo::Topology> dragonfly(DragonflyRouting routing, int nodes = 24) {
  ClusterConfig c;
  c.num_nodes = nodes;
  c.gpus_per_node = 1;
  c.network.topology = NetworkTopology::dragonfly;
  c.network.link_bandwidth_Gbps = 80.0;
  c.network.link_latency_us = 1.0;
  c.network.nics_per_node = 1;
  c.network.rail_optimized = false;
  c.network.dragonfly = {4, 3, 2, 1, routing};
  return topo::build_topology(c, 1e11);
}

double adversarial_s(DragonflyRouting routing) {
  const auto t = dragonfly(routing);
  SimgridSetup s = setup_for(*t, fabric());
  s.network_scale = 1.0;
  return simulate_simgrid(stage_send_bytes(4, 6, 0, 1, kBytes), s).timeline.iteration_s;
}

TEST(DragonflyRouting, AdversarialMinimalSaturatesTheOneGlobalCable) {
  EXPECT_NEAR(adversarial_s(DragonflyRouting::minimal), kOverhead_s + 6 * kBytes / kLink_Bps,
              kTolerance_s);
}

TEST(DragonflyRouting, AdversarialValiantHalvesIt) {
  EXPECT_NEAR(adversarial_s(DragonflyRouting::valiant), kOverhead_s + 3 * kBytes / kLink_Bps,
              kTolerance_s);
}

TEST(DragonflyRouting, AdversarialUgalUsesEveryPath) {
  EXPECT_NEAR(adversarial_s(DragonflyRouting::ugal), kOverhead_s + 2 * kBytes / kLink_Bps,
              kTolerance_s);
  const auto t = dragonfly(DragonflyRouting::ugal);
  std::vector<sg::PairBytes> pairs;
  for (int x = 0; x < 6; ++x)
    pairs.push_back({x, 6 + x, kBytes});
  const std::vector<uint64_t> chosen = sg::ugal_nonminimal_pairs(*t, pairs);
  ASSERT_EQ(chosen.size(), 4u);
  for (int x = 0; x < 4; ++x)
    EXPECT_EQ(chosen[static_cast<size_t>(x)], (static_cast<uint64_t>(x) << 32) | (6u + x));
}

TEST(DragonflyRouting, UgalStaysMinimalOnUniformTraffic) {
  // All-to-all: every GPU sends the same bytes to every GPU of the other groups, so every global
  // cable carries the same load and a Valiant path (two such cables) is never less loaded.
  const auto t = dragonfly(DragonflyRouting::ugal);
  std::vector<sg::PairBytes> pairs;
  for (int a = 0; a < 24; ++a) {
    for (int b = 0; b < 24; ++b) {
      if (a / 6 != b / 6) pairs.push_back({a, b, kBytes});
    }
  }
  EXPECT_TRUE(sg::ugal_nonminimal_pairs(*t, pairs).empty());
  // A shift (group G to group G + 1 mod 4) is adversarial again: UGAL moves pairs.
  pairs.clear();
  for (int a = 0; a < 24; ++a)
    pairs.push_back({a, (a + 6) % 24, kBytes});
  EXPECT_FALSE(sg::ugal_nonminimal_pairs(*t, pairs).empty());
}

TEST(DragonflyRouting, UgalReportsItsChoice) {
  const auto t = dragonfly(DragonflyRouting::ugal);
  SimgridSetup s = setup_for(*t, fabric());
  const SimgridResult r = simulate_simgrid(stage_send_bytes(4, 6, 0, 1, kBytes), s);
  EXPECT_NE(std::find(r.reductions.begin(), r.reductions.end(),
                      "UGAL: 4 of 6 GPU pairs between dragonfly groups take the Valiant path"),
            r.reductions.end());
}

}  // namespace
}  // namespace wt::sgtest
