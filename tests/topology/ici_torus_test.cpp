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

// Two 4×4×4 v4 slices (16 hosts each) joined by the data-center network (docs/topology.md
// "Multi-slice"): each slice is its own torus, each host has a DCN NIC on one switch.
ClusterConfig two_slices() {
  ClusterConfig c = slice({4, 4, 4}, {true, true, true});
  c.num_nodes = 32;
  c.dcn.num_slices = 2;
  c.dcn.host_bandwidth_Gbps = 200.0;
  c.dcn.latency_us = 10.0;
  return c;
}

TEST(IciMultiSlice, SlicesAreToriJoinedThroughOneDcnSwitch) {
  const ClusterConfig c = two_slices();
  const auto t = build_topology(c, kGpu_Bps);
  const TopologyMetrics m = t->metrics();
  EXPECT_EQ(m.gpus, 128);
  // 128 chip routers and the DCN switch; cables: 128 ports, 3 × 64 ring cables per slice, 128
  // chip → host-NIC attachments and 32 host → switch cables.
  EXPECT_EQ(m.switches, 128 + 1);
  EXPECT_EQ(m.cables, 128 + 2 * 3 * 64 + 128 + 32);
  EXPECT_EQ(m.diameter_links, 8);  // a slice's 8 exceeds the 6 links across the DCN
  // The cut between the slices: 16 hosts at 200 Gb/s = 400 GB/s.
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 16 * 200e9 / 8);
  EXPECT_DOUBLE_EQ(summarize_network(c).bisection_Bps, m.bisection_Bps);
}

TEST(IciMultiSlice, RoutesStayInTheSliceOrCrossTheDcn) {
  const auto t = build_topology(two_slices(), kGpu_Bps);
  // Chip 0 → 1: one ICI hop inside slice 0, as in a single slice.
  const auto in = route_of(*t, 0, 1, 0);
  ASSERT_EQ(chain_problem(*t, 0, 1, in), "");
  EXPECT_EQ(network_links(*t, in), 3);
  // Chip 0 → chip 64 (the same position in slice 1): port, attachment, DCN up, DCN down,
  // attachment, port; the two DCN cables carry the 10 us latency.
  for (int dst : {64, 65, 127}) {
    const auto across = route_of(*t, 0, dst, 0);
    ASSERT_EQ(chain_problem(*t, 0, dst, across), "") << dst;
    EXPECT_EQ(network_links(*t, across), 6);
    EXPECT_EQ(links_at(*t, across, LinkLevel::level1), 0);
    double latency = 0.0;
    for (int32_t l : across)
      latency += t->links()[l].latency_s;
    EXPECT_NEAR(latency, 20e-6, 1e-12);
  }
  // Chip 63 → 0 inside slice 0 wraps around its own torus, never into slice 1.
  const auto wrap = route_of(*t, 63, 0, 0);
  ASSERT_EQ(chain_problem(*t, 63, 0, wrap), "");
  EXPECT_EQ(network_links(*t, wrap), 3 + 2);
}

TEST(IciMultiSlice, RefusesDimsOfTheWholeCluster) {
  ClusterConfig c = two_slices();
  c.network.torus.dims = {4, 4, 8};  // the 128 chips, not one slice's 64
  EXPECT_THROW(build_topology(c, kGpu_Bps), InputError);
}

}  // namespace
}  // namespace wt::topo
