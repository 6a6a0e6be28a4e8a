// The inside of a node: NVSwitch, NVLink mesh and PCIe links and routes, and which NIC a GPU uses.
#include <gtest/gtest.h>

#include <set>

#include "tests/topology/topology_test_util.hpp"
#include "topology/topology.hpp"

namespace wt::topo {
namespace {

using namespace testing;

const Link& link(const Topology& t, int32_t id) {
  return t.links()[static_cast<size_t>(id)];
}

const std::string& name(const Topology& t, int32_t vertex) {
  return t.vertices()[static_cast<size_t>(vertex)].name;
}

TEST(NodeFabric, NvswitchIsOneHopUpAndOneDownAtFullBandwidth) {
  const auto t = build_topology(cluster(1, 4, 2), kGpu_Bps);
  // 4 GPUs + 2 NICs + the NVSwitch; 4 GPU cables and 4 GPU→NIC attachment cables.
  EXPECT_EQ(t->vertices().size(), 7U);
  EXPECT_EQ(t->links().size(), 16U);
  EXPECT_EQ(name(*t, 6), "node0.nvswitch");
  for (int a = 0; a < 4; ++a) {
    for (int b = 0; b < 4; ++b) {
      const auto r = route_of(*t, a, b, 7);
      ASSERT_EQ(chain_problem(*t, a, b, r), "");
      if (a == b) continue;
      ASSERT_EQ(r.size(), 2U);
      EXPECT_EQ(link(*t, r[0]).to, 6);
      double latency_s = 0.0;
      for (int32_t id : r) {
        EXPECT_EQ(link(*t, id).level, LinkLevel::intra_node);
        EXPECT_DOUBLE_EQ(link(*t, id).bandwidth_Bps, 450e9);
        latency_s += link(*t, id).latency_s;
      }
      EXPECT_DOUBLE_EQ(latency_s, 0.7e-6);  // intra_node.latency_us, split over the two links
    }
  }
}

TEST(NodeFabric, NvlinkMeshIsADirectLinkPerOrderedPair) {
  ClusterConfig c = cluster(1, 4, 4);
  c.intra_node.fabric = IntraNodeFabric::nvlink_mesh;
  const auto t = build_topology(c, kGpu_Bps);
  EXPECT_EQ(t->vertices().size(), 8U);          // no switch vertex
  EXPECT_EQ(t->links().size(), 12U + 2U * 4U);  // g(g−1) direct links + 4 attachment cables
  std::set<int32_t> used;
  for (int a = 0; a < 4; ++a) {
    for (int b = 0; b < 4; ++b) {
      if (a == b) continue;
      const auto r = route_of(*t, a, b, 0);
      ASSERT_EQ(r.size(), 1U);
      EXPECT_EQ(chain_problem(*t, a, b, r), "");
      EXPECT_DOUBLE_EQ(link(*t, r[0]).bandwidth_Bps, 450e9 / 3);  // bandwidth / (g − 1)
      EXPECT_DOUBLE_EQ(link(*t, r[0]).latency_s, 0.7e-6);
      used.insert(r[0]);
    }
  }
  EXPECT_EQ(used.size(), 12U);  // every ordered pair its own link
}

TEST(NodeFabric, XgmiIsAFullMeshOfSixtyFourGBpsLinks) {
  // An MI300X board: 8 GPUs, 448 GB/s per GPU over 7 links = 64 GB/s per link and direction.
  ClusterConfig c = cluster(1, 8, 8);
  c.intra_node.fabric = IntraNodeFabric::xgmi;
  const auto t = build_topology(c, 448e9);
  EXPECT_EQ(t->vertices().size(), 16U);         // no switch vertex
  EXPECT_EQ(t->links().size(), 56U + 2U * 8U);  // g(g−1) direct links + 8 attachment cables
  const auto r = route_of(*t, 2, 5, 0);
  ASSERT_EQ(r.size(), 1U);
  EXPECT_EQ(chain_problem(*t, 2, 5, r), "");
  EXPECT_DOUBLE_EQ(link(*t, r[0]).bandwidth_Bps, 64e9);
}

TEST(NodeFabric, PcieSwitch) {
  ClusterConfig c = cluster(1, 2, 1);
  c.intra_node.fabric = IntraNodeFabric::pcie;
  const auto t = build_topology(c, 64e9);
  ASSERT_EQ(t->vertices().size(), 4U);
  EXPECT_EQ(name(*t, 3), "node0.pcie");
  EXPECT_EQ(t->vertices()[3].kind, VertexKind::node_switch);
  const auto r = route_of(*t, 1, 0, 0);
  ASSERT_EQ(r.size(), 2U);
  EXPECT_EQ(chain_problem(*t, 1, 0, r), "");
  EXPECT_DOUBLE_EQ(link(*t, r[0]).bandwidth_Bps, 64e9);
}

TEST(NodeFabric, OneGpuNodeHasNoSwitch) {
  const auto t = build_topology(cluster(1, 1, 1), 0.0);  // bandwidth unused with one GPU
  EXPECT_EQ(t->vertices().size(), 2U);                   // the GPU and its NIC
  EXPECT_EQ(t->links().size(), 2U);                      // the attachment cable
  EXPECT_TRUE(route_of(*t, 0, 0, 0).empty());
}

TEST(NodeFabric, GpusShareNicsWhenThereAreFewer) {
  // 8 GPUs, 4 NICs: GPU i uses NIC i·4/8 = i/2, through a zero-latency link at the NIC's rate.
  const auto t = build_topology(fat_tree(2, 8, 4, 1, 16, 1.0, false), kGpu_Bps);
  for (int gpu = 0; gpu < 8; ++gpu) {
    for (uint64_t h = 0; h < 4; ++h) {
      const auto r = route_of(*t, gpu, 8 + gpu, h);
      ASSERT_EQ(chain_problem(*t, gpu, 8 + gpu, r), "");
      const Link& attach = link(*t, r.front());
      EXPECT_EQ(name(*t, attach.to), "node0.nic" + std::to_string(gpu / 2));
      EXPECT_EQ(attach.level, LinkLevel::intra_node);
      EXPECT_DOUBLE_EQ(attach.bandwidth_Bps, kLink_Bps);
      EXPECT_DOUBLE_EQ(attach.latency_s, 0.0);
      EXPECT_EQ(name(*t, link(*t, r.back()).from), "node1.nic" + std::to_string(gpu / 2));
    }
  }
}

TEST(NodeFabric, MoreNicsThanGpusAreSpreadByFlowAndKeepTheRail) {
  // 2 GPUs, 4 NICs: GPU 0 owns NICs 0 and 1, GPU 1 owns NICs 2 and 3.
  const auto t = build_topology(fat_tree(2, 2, 4, 1, 16, 1.0, false), kGpu_Bps);
  std::set<std::string> src_nics;
  for (uint64_t h = 0; h < 64; ++h) {
    const auto r = route_of(*t, 1, 3, h);
    ASSERT_EQ(chain_problem(*t, 1, 3, r), "");
    const std::string out = name(*t, link(*t, r.front()).to);
    const std::string in = name(*t, link(*t, r.back()).from);
    src_nics.insert(out);
    EXPECT_EQ(out.substr(5), in.substr(5)) << "same local GPU, same NIC index";
  }
  EXPECT_EQ(src_nics, (std::set<std::string>{"node0.nic2", "node0.nic3"}));
}

TEST(NodeFabric, OneNodeHasNoNetwork) {
  // A one-node torus needs no dims: nothing leaves the node.
  ClusterConfig c = cluster(1, 8, 8);
  c.network.topology = NetworkTopology::torus;
  const TopologyMetrics m = build_topology(c, kGpu_Bps)->metrics();
  EXPECT_EQ(m.gpus, 8);
  EXPECT_EQ(m.nics, 8);
  EXPECT_EQ(m.switches, 0);
  EXPECT_EQ(m.cables, 0);
  EXPECT_EQ(m.diameter_links, 0);
  EXPECT_DOUBLE_EQ(m.bisection_Bps, 0.0);
  EXPECT_DOUBLE_EQ(m.injection_Bps_per_gpu, kLink_Bps);  // 8 NICs for 8 GPUs
}

TEST(NodeFabric, IntraNodeBandwidthFromScenarioOrCatalog) {
  IntraNodeConfig node;
  node.bandwidth_GBps = 300.0;
  EXPECT_DOUBLE_EQ(intra_node_bandwidth_Bps(node, 900.0, 64.0), 300e9);
  node.bandwidth_GBps = 0.0;
  EXPECT_DOUBLE_EQ(intra_node_bandwidth_Bps(node, 900.0, 64.0), 900e9);
  EXPECT_DOUBLE_EQ(intra_node_bandwidth_Bps(node, 0.0, 64.0), 64e9);  // no NVLink
  node.fabric = IntraNodeFabric::pcie;
  EXPECT_DOUBLE_EQ(intra_node_bandwidth_Bps(node, 900.0, 64.0), 64e9);
}

}  // namespace
}  // namespace wt::topo
