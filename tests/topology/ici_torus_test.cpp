// ICI slices (intra_node.fabric "ici"): the torus counts chips, 4 per host, each chip its own
// router; closed forms for cables, diameter and bisection with and without wrap-around.
#include <gtest/gtest.h>

#include "tests/topology/topology_test_util.hpp"
#include "topology/network_summary.hpp"
#include "topology/topology.hpp"

namespace wt::topo {
namespace {

using namespace testing;

// dims count chips; 4 chips per host, each its own port.
ClusterConfig slice(std::vector<int> dims, std::vector<bool> wrap) {
  int chips = 1;
  for (int d : dims) {
    chips *= d;
  }
  ClusterConfig c = torus(dims, 4, 4);
  c.num_nodes = chips / 4;
  c.intra_node.fabric = IntraNodeFabric::ici;
  c.network.torus.wrap = std::move(wrap);
  return c;
}

TEST(IciTorus, V4CubeWrapsEveryDimension) {
  // 4 × 4 × 4 = 64 chips on 16 hosts: a router per chip, 64 port cables and 3 ring cables each.
  const auto t = build_topology(slice({4, 4, 4}, {true, true, true}), kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.gpus, 64);
  EXPECT_EQ(m.switches, 64);
  EXPECT_EQ(m.cables, 64 + 3 * 64);
  EXPECT_EQ(m.diameter_links, 2 + 2 + 2 + 2);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 2.0 * 64 / 4 * kLink_Bps);
  EXPECT_EQ(worst_network_links(*t, 1), 8);
  EXPECT_DOUBLE_EQ(summarize_network(slice({4, 4, 4}, {true, true, true})).bisection_Bps,
                   m.bisection_Bps);
}

TEST(IciTorus, ChipsOfOneHostMeetOnTheTorus) {
  // Chips 0 and 1 share host 0 but route over one ICI link (plus their two ports).
  const auto t = build_topology(slice({4, 4, 4}, {true, true, true}), kGpu_Bps);
  const auto r = route_of(*t, 0, 1, 0);
  ASSERT_EQ(chain_problem(*t, 0, 1, r), "");
  EXPECT_EQ(network_links(*t, r), 3);
  EXPECT_EQ(links_at(*t, r, LinkLevel::level1), 1);
}

TEST(IciTorus, UnwrappedDimensionsAreLines) {
  // v5e 4 × 8 (no wrap below a 16-long side): 4·3·... lines: dimension 0 has 3 cables per line
  // of 4 (8 lines), dimension 1 has 7 per line of 8 (4 lines): 24 + 28 ring cables, 32 ports.
  const ClusterConfig c = slice({4, 8}, {false, false});
  const auto t = build_topology(c, kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.switches, 32);
  EXPECT_EQ(m.cables, 32 + 24 + 28);
  EXPECT_EQ(m.diameter_links, 3 + 7 + 2);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 32.0 / 8 * kLink_Bps);  // one cable per line of dimension 1
  EXPECT_EQ(worst_network_links(*t, 1), 12);
  for (int a = 0; a < 32; ++a) {
    for (int b = 0; b < 32; ++b) {
      const auto r = route_of(*t, a, b, 0);
      ASSERT_EQ(chain_problem(*t, a, b, r), "") << a << " " << b;
      if (a == b) continue;
      EXPECT_EQ(network_links(*t, r), std::abs(a % 4 - b % 4) + std::abs(a / 4 - b / 4) + 2);
    }
  }
  EXPECT_EQ(summarize_network(c).hops_between_nodes, 12);
}

TEST(IciTorus, RefusesASizeThatIsNotTheChipCount) {
  ClusterConfig c = slice({4, 4, 4}, {});
  c.network.torus.dims = {4, 4, 2};
  EXPECT_THROW(build_topology(c, kGpu_Bps), InputError);
  c = slice({4, 4, 4}, {});
  c.network.nics_per_node = 1;
  EXPECT_THROW(build_topology(c, kGpu_Bps), InputError);
}

}  // namespace
}  // namespace wt::topo
