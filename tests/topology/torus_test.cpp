// Tori: counts, diameter Σ⌊dᵢ/2⌋ + 2, bisection 2·V/max(d), and dimension-order routes of
// Σ min(|Δ|, d − |Δ|) router hops.
#include <gtest/gtest.h>

#include <cstdlib>

#include "core/error.hpp"
#include "tests/topology/topology_test_util.hpp"
#include "topology/topology.hpp"

namespace wt::topo {
namespace {

using namespace testing;

int ring_distance(int a, int b, int d) {
  const int delta = std::abs(a - b);
  return std::min(delta, d - delta);
}

TEST(Torus, CountsDiameterBisection) {
  // 4 × 3 × 2 = 24 routers, 2 NICs each; three dimensions longer than 1 → 3 cables per router
  // (the 2-long one doubled between each pair: direct and wrap-around).
  const auto t = build_topology(torus({4, 3, 2}, 2, 2), kGpu_Bps);
  EXPECT_EQ(t->name(), "torus");
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 24);
  EXPECT_EQ(m.cables, 48 + 72);
  EXPECT_EQ(m.diameter_links, 2 + 1 + 1 + 2);  // ⌊4/2⌋ + ⌊3/2⌋ + ⌊2/2⌋ + 2 NIC links
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 2.0 * 24 / 4 * kLink_Bps);
  EXPECT_DOUBLE_EQ(m.oversubscription, 1.0);
  EXPECT_EQ(worst_network_links(*t, 1), 6);
}

TEST(Torus, RoutesCrossTheShorterWayRoundEachDimension) {
  const std::vector<int> dims = {5, 4, 3};
  const auto t = build_topology(torus(dims, 1, 1), kGpu_Bps);
  const int nodes = 5 * 4 * 3;
  for (int a = 0; a < nodes; ++a) {
    for (int b = 0; b < nodes; ++b) {
      const auto r = route_of(*t, a, b, 0);
      ASSERT_EQ(chain_problem(*t, a, b, r), "");
      if (a == b) continue;
      // node = x + 5·(y + 4·z)
      const int hops = ring_distance(a % 5, b % 5, 5) + ring_distance(a / 5 % 4, b / 5 % 4, 4) +
                       ring_distance(a / 20, b / 20, 3);
      EXPECT_EQ(network_links(*t, r), hops + 2);
      EXPECT_EQ(links_at(*t, r, LinkLevel::level1), ring_distance(a % 5, b % 5, 5));
      EXPECT_EQ(links_at(*t, r, LinkLevel::level3), ring_distance(a / 20, b / 20, 3));
    }
  }
  EXPECT_EQ(t->metrics().diameter_links, 2 + 2 + 1 + 2);
}

TEST(Torus, DimensionOrderGoesDimensionZeroFirst) {
  const auto t = build_topology(torus({4, 4}, 1, 1), kGpu_Bps);
  const auto r = route_of(*t, 0, 4 * 2 + 3, 0);  // (0,0) → (3,2): −1 in x, then +2 in y
  ASSERT_EQ(network_links(*t, r), 2 + 1 + 2);
  EXPECT_EQ(t->links()[static_cast<size_t>(r[2])].level, LinkLevel::level1);
  EXPECT_EQ(t->vertices()[static_cast<size_t>(t->links()[static_cast<size_t>(r[2])].to)].name,
            "router(3,0)");
  EXPECT_EQ(t->links()[static_cast<size_t>(r[3])].level, LinkLevel::level2);
}

TEST(Torus, TwoNodeRingHasTwoCables) {
  const auto t = build_topology(torus({2}, 1, 1), kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.cables, 2 + 2);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 2 * kLink_Bps);
  EXPECT_NE(route_of(*t, 0, 1, 0), route_of(*t, 1, 0, 0));
}

TEST(Torus, RefusesDimsThatDoNotMatchOrTooMany) {
  ClusterConfig c = torus({4, 4}, 8, 8);
  c.num_nodes = 8;
  try {
    build_topology(c, kGpu_Bps);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "cluster.network.torus.dims");
    EXPECT_EQ(e.value(), "[4, 4] (product 16)");
  }
  try {
    build_topology(torus({2, 2, 2, 2}, 1, 1), kGpu_Bps);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "cluster.network.torus.dims");
    EXPECT_EQ(e.allowed(), "1 to 3 sizes");
  }
}

}  // namespace
}  // namespace wt::topo
