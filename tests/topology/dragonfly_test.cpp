// Dragonflies: routers, local and global cable counts, at most one global hop per route, the
// worst route, bisection and refusals.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "tests/topology/topology_test_util.hpp"
#include "topology/topology.hpp"

namespace wt::topo {
namespace {

using namespace testing;

TEST(Dragonfly, CountsAndBisection) {
  // g = 4 groups of a = 4 routers, p = 2 nodes per router, h = 2 global links per router:
  // m = ⌊4·2/3⌋ = 2 cables per group pair (2 of each group's 8 global ports stay unused).
  const auto t = build_topology(dragonfly(32, 1, 4, 4, 2, 2), kGpu_Bps);
  EXPECT_EQ(t->name(), "dragonfly");
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 16);
  EXPECT_EQ(m.cables, 32 + 4 * 6 + 6 * 2);  // NIC, local (a(a−1)/2 per group), global
  EXPECT_EQ(m.diameter_links, 5);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 2 * 2 * 2 * kLink_Bps);  // ⌊g/2⌋·⌈g/2⌉ pairs × m
}

TEST(Dragonfly, RoutesCrossAtMostOneGlobalLink) {
  const auto t = build_topology(dragonfly(32, 1, 4, 4, 2, 2), kGpu_Bps);
  for (int a = 0; a < 32; ++a) {
    for (int b = 0; b < 32; ++b) {
      for (uint64_t h = 0; h < 4; ++h) {
        const auto r = route_of(*t, a, b, h);
        ASSERT_EQ(chain_problem(*t, a, b, r), "");
        const bool same_group = a / 8 == b / 8;  // 8 nodes per group
        EXPECT_EQ(links_at(*t, r, LinkLevel::level2), a == b || same_group ? 0 : 1);
        EXPECT_LE(links_at(*t, r, LinkLevel::level1), same_group ? 1 : 2);
      }
    }
  }
  EXPECT_EQ(worst_network_links(*t, 4), 5);
  // Nodes 0 and 1 share router 0; nodes 0 and 2 are one local hop apart.
  EXPECT_EQ(network_links(*t, route_of(*t, 0, 1, 0)), 2);
  EXPECT_EQ(network_links(*t, route_of(*t, 0, 2, 0)), 3);
}

TEST(Dragonfly, GlobalCablesSpreadOverTheGroupPairs) {
  // Every group pair is joined by exactly m = 2 cables.
  const auto t = build_topology(dragonfly(32, 1, 4, 4, 2, 2), kGpu_Bps);
  std::vector<std::vector<int>> between(4, std::vector<int>(4, 0));
  for (const Link& l : t->links()) {
    if (l.level != LinkLevel::level2) continue;
    const std::string& from = t->vertices()[static_cast<size_t>(l.from)].name;
    const std::string& to = t->vertices()[static_cast<size_t>(l.to)].name;
    between[static_cast<size_t>(from[5] - '0')][static_cast<size_t>(to[5] - '0')]++;
  }
  for (size_t x = 0; x < 4; ++x) {
    for (size_t y = 0; y < 4; ++y) {
      EXPECT_EQ(between[x][y], x == y ? 0 : 2) << x << " → " << y;
    }
  }
}

TEST(Dragonfly, WorstRouteOfAPartialDragonfly) {
  // g = 3, a = 3, h = 1: m = 1; 4 one-router nodes fill group 0 and router 0 of group 1, where
  // the one cable from group 0 lands: the worst route is local, global (4 links with the NICs).
  const auto t = build_topology(dragonfly(4, 1, 3, 3, 1, 1), kGpu_Bps);
  EXPECT_EQ(t->metrics().diameter_links, 4);
  EXPECT_EQ(worst_network_links(*t, 4), 4);
  // One more node on router 1 of group 1 needs the local hop there too.
  const auto u = build_topology(dragonfly(5, 1, 3, 3, 1, 1), kGpu_Bps);
  EXPECT_EQ(u->metrics().diameter_links, 5);
  EXPECT_EQ(worst_network_links(*u, 4), 5);
  // All in one group: one local hop at most.
  const auto v = build_topology(dragonfly(3, 1, 3, 3, 1, 1), kGpu_Bps);
  EXPECT_EQ(v->metrics().diameter_links, 3);
  EXPECT_EQ(worst_network_links(*v, 2), 3);
}

TEST(Dragonfly, OneGroupBisectionIsItsLocalCut) {
  const auto t = build_topology(dragonfly(4, 1, 1, 4, 1, 1), kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.cables, 4 + 6);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 4 * kLink_Bps);  // ⌊4/2⌋·⌈4/2⌉ local cables
  EXPECT_EQ(m.diameter_links, 3);
}

TEST(Dragonfly, RefusesGraphsTooLargeToIndex) {
  try {
    // 4096 groups × 4096 routers × 4096 global links: ~34 billion global cables.
    build_topology(dragonfly(2, 1, 4096, 4096, 1, 4096), kGpu_Bps);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "cluster");
    EXPECT_NE(e.allowed().find("2147483647"), std::string::npos);
  }
}

}  // namespace
}  // namespace wt::topo
