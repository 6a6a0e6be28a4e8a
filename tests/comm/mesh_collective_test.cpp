// Collectives inside a full-mesh node (xGMI, NVLink mesh): rings over the links among a group's
// members, direct all-to-all over all of them (docs/collectives.md "Full-mesh nodes").
#include <gtest/gtest.h>

#include "sim/comm/fabric.hpp"
#include "sim/comm/mesh_rings.hpp"
#include "tests/comm/dgx_h100.hpp"

namespace wt {
namespace {

constexpr double kMeshTol = 1e-12;
constexpr double kMeshGiB = 1073741824.0;

// An MI300X board: 8 GPUs, 7 links of 64 GB/s per direction = 448 GB/s per GPU, 1 us per step;
// network 5 us / 50 GB/s per GPU; 10 us per call; the pure alpha-beta form (no NCCL protocols).
Fabric mesh_fabric(int mesh_gpus = 8) {
  Fabric f{{1e-6, 448e9}, {5e-6, 50e9}, 10e-6};
  f.mesh_gpus = mesh_gpus;
  return f;
}

TEST(MeshRings, LinkDisjointHamiltonianCycles) {
  // r − 1, but 2 for r = 4 and 4 for r = 6 (Tillson 1980; checked by exhaustive search).
  const int expected[] = {0, 0, 1, 2, 2, 4, 4, 6, 7};
  for (int r = 0; r <= 8; ++r) {
    EXPECT_EQ(mesh_ring_count(r), expected[r]) << r;
  }
}

TEST(MeshRings, GroupLinkOnAMeshAndOnASwitch) {
  const Fabric mesh = mesh_fabric();
  EXPECT_DOUBLE_EQ(intra_group_link(mesh, 8).beta_Bps, 448e9);        // 7 rings × 64 GB/s
  EXPECT_DOUBLE_EQ(intra_group_link(mesh, 4).beta_Bps, 128e9);        // 2 rings × 64 GB/s
  EXPECT_DOUBLE_EQ(intra_group_link(mesh, 4, true).beta_Bps, 192e9);  // 3 links
  EXPECT_DOUBLE_EQ(intra_group_link(mesh, 2).beta_Bps, 64e9);
  EXPECT_DOUBLE_EQ(intra_group_link(mesh, 4).alpha_s, 1e-6);
  EXPECT_DOUBLE_EQ(intra_group_link(mesh_fabric(0), 4).beta_Bps, 448e9);  // a switch
}

TEST(MeshCollective, EightGpuAllReduceUsesSevenRings) {
  // ring: 14·1e-6 + 2·7/8·2^30/448e9 = 14e-6 + 0.004194304; + 10 us per call.
  // (tree: 6e-6 + 2·2^30/448e9 = 0.0047995 is slower.) The same as a 448 GB/s switch.
  const CollectiveCost k = collective_cost(Collective::all_reduce, kMeshGiB, {8, 1}, mesh_fabric());
  EXPECT_EQ(k.algorithm, CollectiveAlgorithm::ring);
  EXPECT_NEAR(k.time_s, 10e-6 + 14e-6 + 1879048192.0 / 448e9, kMeshTol);
  EXPECT_NEAR(k.time_s, 0.004218304, 1e-15);
  EXPECT_DOUBLE_EQ(
      k.time_s, collective_cost(Collective::all_reduce, kMeshGiB, {8, 1}, mesh_fabric(0)).time_s);
}

TEST(MeshCollective, FourGpuAllReduceUsesTwoRings) {
  // ring over 4 of the 8: 6·1e-6 + 1.5·2^30/128e9 = 6e-6 + 0.012582912; + 10 us.
  const CollectiveCost k = collective_cost(Collective::all_reduce, kMeshGiB, {4, 1}, mesh_fabric());
  EXPECT_EQ(k.algorithm, CollectiveAlgorithm::ring);
  EXPECT_NEAR(k.time_s, 0.012598912, kMeshTol);
}

TEST(MeshCollective, AllToAllUsesEveryLink) {
  // direct over 4: 3·1e-6 + 3/4·2^30/192e9 = 3e-6 + 0.004194304; + 10 us.
  EXPECT_NEAR(collective_cost(Collective::all_to_all, kMeshGiB, {4, 1}, mesh_fabric()).time_s,
              0.004207304, kMeshTol);
}

TEST(MeshCollective, SendRecvUsesOneLink) {
  // 1e-6 + 2^30/64e9 = 1e-6 + 0.016777216; + 10 us.
  EXPECT_NEAR(collective_cost(Collective::send_recv, kMeshGiB, {2, 1}, mesh_fabric()).time_s,
              0.016788216, kMeshTol);
}

TEST(MeshCollective, HierarchicalInsideTheNodeUsesTheGroupsRings) {
  // 8 ranks, 4 on each of 2 nodes, S = 1e9, pinned hierarchical:
  //   in node (2 rings, 128e9): 3·1e-6 + 3/4·1e9/128e9 = 0.005862375, twice
  //   across on S/4 = 2.5e8: ring 2·5e-6 + 2·1/2·2.5e8/50e9 = 0.00501 (tree 0.01001)
  const CollectiveCost k = collective_cost(Collective::all_reduce, 1e9, {8, 2}, mesh_fabric(),
                                           CollectiveAlgorithm::hierarchical);
  EXPECT_NEAR(k.time_s, 2 * 0.005862375 + 0.00501 + 10e-6, kMeshTol);
}

TEST(MakeFabric, XgmiNodeIsAMeshOfItsGpus) {
  Scenario s = test::dgx_h100(2);
  s.cluster.gpu = "mi300x";
  s.cluster.intra_node.fabric = IntraNodeFabric::xgmi;
  const Fabric f = make_fabric(s, *find_gpu("mi300x"));
  EXPECT_EQ(f.mesh_gpus, 8);
  EXPECT_NEAR(f.intra.beta_Bps, 448e9 * 0.80, 1e-3);  // 7 × 64 GB/s × assumed efficiency
  EXPECT_FALSE(f.intra_pcie);
  EXPECT_EQ(f.nvls.beta_Bps, 0.0);
  s.cluster.intra_node.fabric = IntraNodeFabric::nvswitch;
  EXPECT_EQ(make_fabric(s, *find_gpu("mi300x")).mesh_gpus, 0);
}

}  // namespace
}  // namespace wt
