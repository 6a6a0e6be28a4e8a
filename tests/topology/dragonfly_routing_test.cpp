// Dragonflies of more groups than routers per group (closed-form counts), and Valiant routing:
// two global links through an intermediate group taken round-robin by the source NICs.
#include <gtest/gtest.h>

#include <set>

#include "tests/topology/topology_test_util.hpp"
#include "topology/network_summary.hpp"
#include "topology/topology.hpp"

namespace wt::topo {
namespace {

using namespace testing;

ClusterConfig valiant(ClusterConfig c, DragonflyRouting routing = DragonflyRouting::valiant) {
  c.network.dragonfly.routing = routing;
  return c;
}

// The group of a router vertex named "groupG.routerR".
int group_of_vertex(const Topology& t, int32_t v) {
  const std::string& name = t.vertices()[static_cast<size_t>(v)].name;
  return std::stoi(name.substr(5, name.find('.') - 5));
}

TEST(DragonflyGroups, MoreGroupsThanRoutersPerGroup) {
  // g = 33 groups of a = 4 routers, p = 2 nodes each, h = 8: a·h = 32 = g − 1, so m = 1 cable
  // per group pair. Routers g·a = 132; cables: 264 NIC + g·a(a−1)/2 = 198 local + g(g−1)/2 = 528
  // global; bisection ⌊g/2⌋·⌈g/2⌉·m = 16·17 = 272 cables; diameter 5.
  const auto t = build_topology(dragonfly(264, 1, 33, 4, 2, 8), kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 132);
  EXPECT_EQ(m.cables, 264 + 198 + 528);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 272 * kLink_Bps);
  EXPECT_EQ(m.diameter_links, 5);
  std::vector<int> between(33 * 33, 0);
  for (const Link& l : t->links()) {
    if (l.level != LinkLevel::level2) continue;
    ++between[static_cast<size_t>(group_of_vertex(*t, l.from) * 33 + group_of_vertex(*t, l.to))];
  }
  for (int x = 0; x < 33; ++x) {
    for (int y = 0; y < 33; ++y)
      ASSERT_EQ(between[static_cast<size_t>(x * 33 + y)], x == y ? 0 : 1) << x << " → " << y;
  }
}

TEST(DragonflyGroups, HundredsOfGroups) {
  // g = 257, a = 16, h = 16 (a·h = g − 1, m = 1), one node per router: 4,112 nodes.
  const auto t = build_topology(dragonfly(4112, 1, 257, 16, 1, 16), kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 257 * 16);
  EXPECT_EQ(m.cables, 4112 + 257 * 120 + 257 * 256 / 2);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 128.0 * 129.0 * kLink_Bps);
  EXPECT_EQ(m.diameter_links, 5);
}

TEST(DragonflyValiant, TwoGlobalLinksThroughAnIntermediateGroup) {
  // g = 4 groups of a = 3 routers (p = 2, h = 1: m = 1): 6 nodes per group.
  const auto t = build_topology(valiant(dragonfly(24, 1, 4, 3, 2, 1)), kGpu_Bps);
  std::set<int> via_seen;
  for (int a = 0; a < 24; ++a) {
    for (int b = 0; b < 24; ++b) {
      const auto r = route_of(*t, a, b, 7);
      ASSERT_EQ(chain_problem(*t, a, b, r), "");
      const bool same_group = a / 6 == b / 6;
      EXPECT_EQ(links_at(*t, r, LinkLevel::level2), a == b || same_group ? 0 : 2);
      EXPECT_LE(links_at(*t, r, LinkLevel::level1), same_group ? 1 : 3);
      if (a / 6 != 0 || b / 6 != 1) continue;
      // Intermediate group: the k-th of {2, 3}, k = (a + 1) mod 2.
      for (int32_t id : r) {
        const Link& l = t->links()[static_cast<size_t>(id)];
        if (l.level == LinkLevel::level2 && group_of_vertex(*t, l.from) == 0) {
          EXPECT_EQ(group_of_vertex(*t, l.to), 2 + (a + 1) % 2);
          via_seen.insert(group_of_vertex(*t, l.to));
        }
      }
    }
  }
  EXPECT_EQ(via_seen, (std::set<int>{2, 3}));
  // Local, global, local, global, local and the two NIC links.
  EXPECT_EQ(worst_network_links(*t, 4), 7);
  EXPECT_EQ(summarize_network(valiant(dragonfly(24, 1, 4, 3, 2, 1))).hops_between_nodes, 7);
  EXPECT_EQ(summarize_network(dragonfly(24, 1, 4, 3, 2, 1)).hops_between_nodes, 5);
}

TEST(DragonflyValiant, NonMinimalAlternativeOnlyBetweenGroups) {
  const auto ugal =
      build_topology(valiant(dragonfly(24, 1, 4, 3, 2, 1), DragonflyRouting::ugal), kGpu_Bps);
  EXPECT_TRUE(ugal->adaptive_routing());
  std::vector<int32_t> out;
  EXPECT_FALSE(ugal->route_nonminimal(0, 5, 0, out));  // one group
  EXPECT_TRUE(out.empty());
  EXPECT_TRUE(ugal->route_nonminimal(0, 6, 0, out));
  EXPECT_EQ(links_at(*ugal, out, LinkLevel::level2), 2);
  // route() of a ugal dragonfly is the minimal path.
  EXPECT_EQ(links_at(*ugal, route_of(*ugal, 0, 6, 0), LinkLevel::level2), 1);
  // Two groups have no intermediate group: Valiant falls back to the minimal path.
  const auto two = build_topology(valiant(dragonfly(8, 1, 2, 2, 2, 1)), kGpu_Bps);
  EXPECT_FALSE(two->adaptive_routing());
  EXPECT_FALSE(two->route_nonminimal(0, 4, 0, out));
  EXPECT_EQ(links_at(*two, route_of(*two, 0, 4, 0), LinkLevel::level2), 1);
}

}  // namespace
}  // namespace wt::topo
