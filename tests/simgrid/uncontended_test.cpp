// One collective alone on the uncontended network takes the cost model's closed form: the flows of
// each algorithm carry the right bytes over the right links, latencies as sleeps.
#include <gtest/gtest.h>

#include "sim/engine/simgrid/collective_flows.hpp"
#include "sim/engine/simgrid/uncontended_topology.hpp"
#include "test_support.hpp"

namespace wt::sgtest {
namespace {

constexpr double kIntraAlpha_s = 2e-6, kIntra_Bps = 1e11;  // 100 GB/s NVLink
constexpr double kInterAlpha_s = 6e-6, kInter_Bps = 1e10;  // 10 GB/s per GPU
constexpr double kOverhead_s = 5e-6;
constexpr double kBytes = 1e8;

Fabric fabric() {
  return Fabric{{kIntraAlpha_s, kIntra_Bps}, {kInterAlpha_s, kInter_Bps}, kOverhead_s};
}

// 4 nodes × 2 GPUs, links giving exactly the fabric's alpha-beta.
std::unique_ptr<topo::Topology> network() {
  return sg::uncontended_topology(4, 2, {kIntra_Bps, kIntraAlpha_s, kInter_Bps, kInterAlpha_s});
}

// One role of tensor·data GPUs running one DP (or EP) collective.
double simulate_one(Collective c, CommDim dim, int tensor, int data, CollectiveAlgorithm pin,
                    int count = 1) {
  Workload w = workload(1, tensor, data);
  if (dim == CommDim::ep) w.expert = data;
  Op op = comm_op(OpKind::collective, dim, c, kBytes, data, 0.0, Stream::dp_comm);
  op.count = count;
  w.programs[0].ops.push_back(op);
  const auto t = network();
  SimgridSetup setup = setup_for(*t, fabric());
  setup.pin = pin;
  return simulate_simgrid(w, setup).timeline.iteration_s;
}

TEST(Uncontended, RingAllReduceAcrossFourNodes) {
  // TP 2 inside the node, DP 4 across nodes: one GPU per node in each DP group.
  const double t =
      simulate_one(Collective::all_reduce, CommDim::dp, 2, 4, CollectiveAlgorithm::ring);
  const double expected = kOverhead_s + 2 * 3 * kInterAlpha_s + 2.0 * 3 / 4 * kBytes / kInter_Bps;
  EXPECT_NEAR(t, expected, 1e-9 * expected);
  EXPECT_NEAR(t, 0.015041, 1e-12);
}

TEST(Uncontended, RepeatedCallsTakeCountTimesOneCall) {
  const double t =
      simulate_one(Collective::all_reduce, CommDim::dp, 2, 4, CollectiveAlgorithm::ring, 3);
  EXPECT_NEAR(t, 3 * 0.015041, 1e-11);
}

TEST(Uncontended, ReduceScatterAcrossFourNodes) {
  const double t =
      simulate_one(Collective::reduce_scatter, CommDim::dp, 2, 4, CollectiveAlgorithm::ring);
  const double expected = kOverhead_s + 3 * kInterAlpha_s + 3.0 / 4 * kBytes / kInter_Bps;
  EXPECT_NEAR(t, expected, 1e-9 * expected);
}

TEST(Uncontended, DoubleBinaryTreeAllReduceAcrossFourNodes) {
  const double t =
      simulate_one(Collective::all_reduce, CommDim::dp, 2, 4, CollectiveAlgorithm::tree);
  // 2·⌈log2 4⌉ latencies; the busiest GPU (interior in one tree, leaf in the other) moves 2S.
  const double expected = kOverhead_s + 2 * 2 * kInterAlpha_s + 2.0 * kBytes / kInter_Bps;
  EXPECT_NEAR(t, expected, 1e-9 * expected);
}

TEST(Uncontended, FlatRingWithTwoGpusPerNodeRunsOneRingPerNic) {
  // DP 8 over 4 nodes × 2: NCCL's two rings, each GPU's NIC carrying one: beta = 2 × 10 GB/s.
  const double t =
      simulate_one(Collective::all_reduce, CommDim::dp, 1, 8, CollectiveAlgorithm::ring);
  const double expected =
      kOverhead_s + 2 * 7 * kInterAlpha_s + 2.0 * 7 / 8 * kBytes / (2 * kInter_Bps);
  EXPECT_NEAR(t, expected, 1e-9 * expected);
}

TEST(Uncontended, HierarchicalAllReduce) {
  const double t =
      simulate_one(Collective::all_reduce, CommDim::dp, 1, 8, CollectiveAlgorithm::hierarchical);
  // Intra-node reduce-scatter and all-gather over 2 GPUs (closed form), ring across 4 nodes on S/2.
  const double intra = kIntraAlpha_s + 0.5 * kBytes / kIntra_Bps;
  const double inter = 2 * 3 * kInterAlpha_s + 2.0 * 3 / 4 * (kBytes / 2) / kInter_Bps;
  const double expected = kOverhead_s + 2 * intra + inter;
  EXPECT_NEAR(t, expected, 1e-9 * expected);
}

TEST(Uncontended, TwoLevelAllToAll) {
  const double t =
      simulate_one(Collective::all_to_all, CommDim::ep, 1, 8, CollectiveAlgorithm::automatic);
  // Each GPU sends S/8 to each of 7 peers: 6 over its NIC, 1 over NVLink.
  const double expected = kOverhead_s + 7 * kInterAlpha_s + 6.0 / 8 * kBytes / kInter_Bps;
  EXPECT_NEAR(t, expected, 1e-9 * expected);
}

TEST(Uncontended, DoubleBinaryTreePositionsAreInteriorInAtMostOneTree) {
  for (int n : {4, 6, 8, 16, 32}) {
    std::vector<int> children(static_cast<size_t>(2 * n), 0);  // per tree, per position
    const auto edges = sg::double_binary_tree_edges(n);
    ASSERT_EQ(edges.size(), static_cast<size_t>(2 * (n - 1)));
    for (size_t e = 0; e < edges.size(); ++e)
      children[(e % 2) * static_cast<size_t>(n) + static_cast<size_t>(edges[e].second)] += 1;
    for (int p = 0; p < n; ++p) {
      const int first = children[static_cast<size_t>(p)];
      const int second = children[static_cast<size_t>(n + p)];
      EXPECT_LE(first, 2);
      EXPECT_LE(second, 2);
      EXPECT_TRUE(first == 0 || second == 0) << "n=" << n << " position " << p;
    }
  }
}

}  // namespace
}  // namespace wt::sgtest
