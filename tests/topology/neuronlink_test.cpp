// NeuronLink nodes (intra_node.fabric "neuronlink"): a trn2.48xlarge's 16 Trainium2 chips as a
// 4 × 4 torus, both dimensions wrapped (docs/topology.md "NeuronLink nodes"); closed forms for the
// links, their bandwidth and the diameter.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/error.hpp"
#include "tests/topology/topology_test_util.hpp"
#include "topology/topology.hpp"

namespace wt::topo {
namespace {

using namespace testing;

constexpr double kChip_Bps = 640e9;  // NeuronLink per chip and direction (AWS_TRN2, halved)

ClusterConfig trn2(int nodes) {
  ClusterConfig c = cluster(nodes, 16, 16);
  c.intra_node.fabric = IntraNodeFabric::neuronlink;
  return c;
}

int intra_links(const Topology& t) {
  return static_cast<int>(std::count_if(t.links().begin(), t.links().end(), [](const Link& l) {
    return l.level == LinkLevel::intra_node;
  }));
}

TEST(NeuronLink, SixteenChipsAreAFourByFourTorus) {
  const auto t = build_topology(trn2(1), kChip_Bps);
  // 2 cables per chip (its + neighbour in each wrapped dimension of 4): 32 cables, 64 links; and
  // 16 GPU → NIC attachment cables. No node switch.
  EXPECT_EQ(intra_links(*t), 2 * 32 + 2 * 16);
  int torus_links = 0;
  for (const Link& l : t->links()) {
    if (l.level != LinkLevel::intra_node || l.bandwidth_Bps == kLink_Bps) continue;
    ++torus_links;
    EXPECT_DOUBLE_EQ(l.bandwidth_Bps, kChip_Bps / 4);  // 4 links per chip
  }
  EXPECT_EQ(torus_links, 64);
  // Diameter 2 + 2 hops (⌊4/2⌋ per dimension); chip 0 → 5 is one hop in each dimension, chip
  // 0 → 3 one hop back round the ring of dimension 0, chip 0 → 10 two in each.
  int diameter = 0;
  for (int a = 0; a < 16; ++a) {
    for (int b = 0; b < 16; ++b) {
      if (a == b) continue;
      const auto r = route_of(*t, a, b, 0);
      ASSERT_EQ(chain_problem(*t, a, b, r), "") << a << " " << b;
      const int dx = std::abs(a % 4 - b % 4);
      const int dy = std::abs(a / 4 - b / 4);
      EXPECT_EQ(static_cast<int>(r.size()), std::min(dx, 4 - dx) + std::min(dy, 4 - dy));
      diameter = std::max(diameter, static_cast<int>(r.size()));
    }
  }
  EXPECT_EQ(diameter, 4);
  EXPECT_EQ(route_of(*t, 0, 5, 0).size(), 2u);
  EXPECT_EQ(route_of(*t, 0, 3, 0).size(), 1u);
  EXPECT_EQ(route_of(*t, 0, 10, 0).size(), 4u);
}

TEST(NeuronLink, NodesMeetOverTheNetwork) {
  const auto t = build_topology(trn2(2), kChip_Bps);
  const auto r = route_of(*t, 0, 16, 0);
  ASSERT_EQ(chain_problem(*t, 0, 16, r), "");
  EXPECT_GT(network_links(*t, r), 0);
  EXPECT_EQ(t->metrics().gpus, 32);
}

TEST(NeuronLink, RefusesANodeThatIsNotSixteenChips) {
  ClusterConfig c = trn2(1);
  c.gpus_per_node = 8;
  c.network.nics_per_node = 8;
  EXPECT_THROW(build_topology(c, kChip_Bps), InputError);
}

}  // namespace
}  // namespace wt::topo
