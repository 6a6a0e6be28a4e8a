// Algorithm selection and pricing of whole collective calls (docs/collectives.md, "Selection").
#include <gtest/gtest.h>

#include "sim/comm/collective.hpp"

namespace wt {
namespace {

constexpr double kTol = 1e-12;
constexpr double kGiB = 1073741824.0;
// NVLink 1 us / 200 GB/s; network 5 us / 25 GB/s per GPU; 10 us per call.
const Fabric kFabric{{1e-6, 200e9}, {5e-6, 25e9}, 10e-6};

CollectiveCost cost(Collective c, double bytes, GroupShape g,
                    CollectiveAlgorithm pin = CollectiveAlgorithm::automatic,
                    const Fabric& f = kFabric) {
  return collective_cost(c, bytes, g, f, pin);
}

TEST(CollectiveCost, SingleRankIsFree) {
  for (Collective c : {Collective::all_reduce, Collective::all_gather, Collective::all_to_all,
                       Collective::send_recv}) {
    const CollectiveCost k = cost(c, 1e9, {1, 1});
    EXPECT_EQ(k.time_s, 0.0);
    EXPECT_EQ(k.bytes_sent_per_gpu, 0.0);
  }
}

TEST(CollectiveCost, TinyAllReduceInANodeUsesTree) {
  // ring: 14e-6 + 1.75·8/200e9; tree: 2·3·1e-6 + 2·8/200e9 = 6e-6 + 8e-11.
  const CollectiveCost k = cost(Collective::all_reduce, 8, {8, 1});
  EXPECT_EQ(k.algorithm, CollectiveAlgorithm::tree);
  EXPECT_NEAR(k.time_s, 6e-6 + 8e-11 + 10e-6, kTol);
  EXPECT_DOUBLE_EQ(k.bytes_sent_per_gpu, 16.0);  // tree: 2S
}

TEST(CollectiveCost, LargeAllReduceInANodeUsesRing) {
  // ring: 14e-6 + 1.75·2^30/200e9 = 14e-6 + 0.00939524096; tree: 6e-6 + 0.01073741824.
  const CollectiveCost k = cost(Collective::all_reduce, kGiB, {8, 1});
  EXPECT_EQ(k.algorithm, CollectiveAlgorithm::ring);
  EXPECT_NEAR(k.time_s, 14e-6 + 0.00939524096 + 10e-6, kTol);
  EXPECT_DOUBLE_EQ(k.bytes_sent_per_gpu, 2.0 * 7.0 / 8.0 * kGiB);
}

TEST(CollectiveCost, OneRankPerNodeUsesTheNetwork) {
  // 4 nodes, ring: 2·3·5e-6 = 30e-6; 1.5·1e9/25e9 = 0.06.
  const CollectiveCost k = cost(Collective::all_reduce, 1e9, {4, 4});
  EXPECT_EQ(k.algorithm, CollectiveAlgorithm::ring);
  EXPECT_NEAR(k.time_s, 30e-6 + 0.06 + 10e-6, kTol);
  // all-gather: 3·5e-6 + 3/4·1e9/25e9 = 15e-6 + 0.03.
  EXPECT_NEAR(cost(Collective::all_gather, 1e9, {4, 4}).time_s, 15e-6 + 0.03 + 10e-6, kTol);
}

TEST(CollectiveCost, HierarchicalClosedFormOnFourNodesOfEight) {
  // S = 1e9 over 4 nodes × 8 GPUs, pinned hierarchical:
  //   reduce-scatter in node: 7·1e-6 + 7/8·1e9/200e9 = 7e-6 + 0.004375 = 0.004382
  //   across nodes on S/8 = 125e6: ring 6·5e-6 + 1.5·125e6/25e9 = 30e-6 + 0.0075 = 0.00753
  //                                 (tree 4·5e-6 + 2·125e6/25e9 = 0.01002 is slower)
  //   all-gather in node: 0.004382
  const CollectiveCost k =
      cost(Collective::all_reduce, 1e9, {32, 4}, CollectiveAlgorithm::hierarchical);
  EXPECT_EQ(k.algorithm, CollectiveAlgorithm::hierarchical);
  EXPECT_NEAR(k.time_s, 2 * 0.004382 + 0.00753 + 10e-6, kTol);
  // 2·7/8·1e9 + 2·3/4·125e6 = 1.75e9 + 187.5e6.
  EXPECT_DOUBLE_EQ(k.bytes_sent_per_gpu, 1.9375e9);
}

TEST(CollectiveCost, FlatRingAcrossNodesUsesAllNicsCappedByNvlink) {
  // 32 ranks, alpha 5e-6, beta min(200e9, 8·25e9) = 200e9:
  //   2·31·5e-6 = 310e-6; 2·31/32·1e9/200e9 = 1.9375·0.005 = 0.0096875.
  // tree: 2·2·5e-6 + 2·7·1e-6 = 34e-6; 2·1e9/200e9 = 0.01 → 0.010034 (slower);
  // hierarchical 0.016294 (slower).
  const CollectiveCost k = cost(Collective::all_reduce, 1e9, {32, 4});
  EXPECT_EQ(k.algorithm, CollectiveAlgorithm::ring);
  EXPECT_NEAR(k.time_s, 310e-6 + 0.0096875 + 10e-6, kTol);
  // with 4 ranks per node: beta min(200e9, 4·25e9) = 100e9; 2·15·5e-6 = 150e-6;
  // 2·15/16·1e9/100e9 = 0.01875.
  EXPECT_NEAR(cost(Collective::all_reduce, 1e9, {16, 4}, CollectiveAlgorithm::ring).time_s,
              150e-6 + 0.01875 + 10e-6, kTol);
}

TEST(CollectiveCost, TreeAcrossNodesChainsTheNode) {
  // 32 ranks on 4 nodes, S = 1e6: 2·2·5e-6 + 2·7·1e-6 = 34e-6; 2·1e6/200e9 = 1e-5.
  // ring: 310e-6 + 1.9375·1e6/200e9 = 319.6875e-6; hierarchical:
  //   2·(7e-6 + 7/8·1e6/200e9) = 22.75e-6 plus across nodes on 125e3: tree 20e-6 + 1e-5.
  const CollectiveCost k = cost(Collective::all_reduce, 1e6, {32, 4});
  EXPECT_EQ(k.algorithm, CollectiveAlgorithm::tree);
  EXPECT_NEAR(k.time_s, 34e-6 + 1e-5 + 10e-6, kTol);
}

TEST(CollectiveCost, HierarchicalWinsWhenNvlinkFarOutrunsTheNetwork) {
  // NVLink 1000 GB/s; flat ring beta = min(1000e9, 8·25e9) = 200e9 → 0.0099975 s.
  //   hierarchical: 2·(7e-6 + 7/8·1e9/1e12) = 0.001764; across nodes 0.00753 → 0.009294.
  const Fabric fast_nvlink{{1e-6, 1000e9}, {5e-6, 25e9}, 10e-6};
  const CollectiveCost k =
      cost(Collective::all_reduce, 1e9, {32, 4}, CollectiveAlgorithm::automatic, fast_nvlink);
  EXPECT_EQ(k.algorithm, CollectiveAlgorithm::hierarchical);
  EXPECT_NEAR(k.time_s, 0.009294 + 10e-6, kTol);
}

TEST(CollectiveCost, HierarchicalAllGather) {
  // 32 ranks on 4 nodes, S = 1e9: across nodes on S/8: 3·5e-6 + 3/4·125e6/25e9 = 15e-6 + 0.00375;
  // in node: 7e-6 + 7/8·1e9/200e9 = 0.004382.
  const CollectiveCost k =
      cost(Collective::all_gather, 1e9, {32, 4}, CollectiveAlgorithm::hierarchical);
  EXPECT_EQ(k.algorithm, CollectiveAlgorithm::hierarchical);
  EXPECT_NEAR(k.time_s, 15e-6 + 0.00375 + 0.004382 + 10e-6, kTol);
  EXPECT_DOUBLE_EQ(k.bytes_sent_per_gpu, 0.75 * 125e6 + 0.875e9);
}

TEST(CollectiveCost, PinnedAlgorithmIsUsedWhereItApplies) {
  // tree pinned on 1 GiB in one node: 6e-6 + 2·2^30/200e9 = 6e-6 + 0.01073741824.
  const CollectiveCost k = cost(Collective::all_reduce, kGiB, {8, 1}, CollectiveAlgorithm::tree);
  EXPECT_EQ(k.algorithm, CollectiveAlgorithm::tree);
  EXPECT_NEAR(k.time_s, 6e-6 + 0.01073741824 + 10e-6, kTol);
}

TEST(CollectiveCost, PinnedAlgorithmThatDoesNotApplyFallsBackToRing) {
  const double ring_s = 14e-6 + 0.00875;  // 2·7·1e-6; 2·7/8·1e9/200e9 = 1.75·0.005
  const CollectiveCost hier =
      cost(Collective::all_reduce, 1e9, {8, 1}, CollectiveAlgorithm::hierarchical);
  EXPECT_EQ(hier.algorithm, CollectiveAlgorithm::ring);
  EXPECT_NEAR(hier.time_s, ring_s + 10e-6, kTol);
  const CollectiveCost ag = cost(Collective::all_gather, 1e9, {8, 1}, CollectiveAlgorithm::tree);
  EXPECT_EQ(ag.algorithm, CollectiveAlgorithm::ring);
  EXPECT_NEAR(ag.time_s, 7e-6 + 0.004375 + 10e-6, kTol);  // 7/8·1e9/200e9
}

TEST(CollectiveCost, AllToAllAcrossNodesIsBoundByEachGpusNetworkShare) {
  // 32 ranks on 4 nodes, S = 32e6: network (32−8)/32·32e6/25e9 = 0.96e-3 s, NVLink
  // 7/32·32e6/200e9 = 35e-6 s at the same time; 31·5e-6 = 155e-6 of steps.
  const CollectiveCost k = cost(Collective::all_to_all, 32e6, {32, 4});
  EXPECT_NEAR(k.time_s, 155e-6 + 0.96e-3 + 10e-6, kTol);
  EXPECT_DOUBLE_EQ(k.bytes_sent_per_gpu, 31.0 / 32.0 * 32e6);
  // inside a node: 7·1e-6 + 7/8·8e6/200e9 = 7e-6 + 35e-6.
  EXPECT_NEAR(cost(Collective::all_to_all, 8e6, {8, 1}).time_s, 42e-6 + 10e-6, kTol);
}

TEST(CollectiveCost, BroadcastAndSendRecv) {
  // broadcast in a node: 7·1e-6 + 1e9/200e9 = 7e-6 + 0.005.
  const CollectiveCost b = cost(Collective::broadcast, 1e9, {8, 1});
  EXPECT_NEAR(b.time_s, 7e-6 + 0.005 + 10e-6, kTol);
  EXPECT_DOUBLE_EQ(b.bytes_sent_per_gpu, 1e9);
  // send/recv between two nodes: 5e-6 + 1e6/25e9 = 5e-6 + 4e-5.
  const CollectiveCost p = cost(Collective::send_recv, 1e6, {2, 2});
  EXPECT_NEAR(p.time_s, 45e-6 + 10e-6, kTol);
  EXPECT_DOUBLE_EQ(p.bytes_sent_per_gpu, 1e6);
  // inside a node: 1e-6 + 1e6/200e9 = 6e-6.
  EXPECT_NEAR(cost(Collective::send_recv, 1e6, {2, 1}).time_s, 6e-6 + 10e-6, kTol);
}

TEST(CollectiveCost, ReduceScatterCostsAsAllGather) {
  for (GroupShape g : {GroupShape{8, 1}, GroupShape{4, 4}, GroupShape{32, 4}}) {
    EXPECT_DOUBLE_EQ(cost(Collective::reduce_scatter, 3e8, g).time_s,
                     cost(Collective::all_gather, 3e8, g).time_s);
  }
}

TEST(CollectiveCost, ReduceScatterIsPricedBitForBitAsAllGather) {
  // The estimate reuses a gather's price for a reduce-scatter of the same bytes over the same group
  // (estimate_costs.cpp): every field equal, with and without NCCL's protocols, under every pin.
  Fabric nccl = kFabric;
  nccl.nccl_protocols = true;
  nccl.nvls = {23e-6, 275e9};
  const auto pins = {CollectiveAlgorithm::automatic, CollectiveAlgorithm::ring,
                     CollectiveAlgorithm::tree, CollectiveAlgorithm::hierarchical,
                     CollectiveAlgorithm::nvls};
  for (const Fabric& f : {kFabric, nccl}) {
    for (GroupShape g : {GroupShape{8, 1}, GroupShape{4, 4}, GroupShape{32, 4}, GroupShape{2, 2}}) {
      for (CollectiveAlgorithm pin : pins) {
        for (double bytes : {1e3, 3e8}) {
          const CollectiveCost rs = cost(Collective::reduce_scatter, bytes, g, pin, f);
          const CollectiveCost ag = cost(Collective::all_gather, bytes, g, pin, f);
          EXPECT_EQ(rs.time_s, ag.time_s);
          EXPECT_EQ(rs.algorithm, ag.algorithm);
          EXPECT_EQ(rs.bytes_sent_per_gpu, ag.bytes_sent_per_gpu);
          EXPECT_EQ(rs.protocol, ag.protocol);
          EXPECT_EQ(rs.protocol_latency_s, ag.protocol_latency_s);
          EXPECT_EQ(rs.bandwidth_fraction, ag.bandwidth_fraction);
        }
      }
    }
  }
}

}  // namespace
}  // namespace wt

namespace wt {
namespace {

// An NVSwitch node with in-switch reduction: NVLS at 23 µs per step and 275 GB/s of vector per
// second (480 GB/s bus bandwidth on 8 GPUs), beside the ring's 200 GB/s per direction.
Fabric nvls_fabric() {
  Fabric f = kFabric;
  f.nvls = {23e-6, 275e9};
  return f;
}

TEST(CollectiveCost, LargeAllReduceInAnNvlsNodeReducesInTheSwitch) {
  const CollectiveCost k =
      cost(Collective::all_reduce, kGiB, {8, 1}, CollectiveAlgorithm::automatic, nvls_fabric());
  EXPECT_EQ(k.algorithm, CollectiveAlgorithm::nvls);
  // 2 · 23 µs + 1 GiB / 275 GB/s + 10 µs per call; each GPU sends its vector once.
  EXPECT_NEAR(k.time_s, 46e-6 + kGiB / 275e9 + 10e-6, kTol);
  EXPECT_DOUBLE_EQ(k.bytes_sent_per_gpu, kGiB);
}

TEST(CollectiveCost, NvlsIsForAllReduceInsideOneNodeOnly) {
  const Fabric f = nvls_fabric();
  EXPECT_NE(cost(Collective::all_gather, kGiB, {8, 1}, CollectiveAlgorithm::automatic, f).algorithm,
            CollectiveAlgorithm::nvls);
  EXPECT_NE(
      cost(Collective::all_reduce, kGiB, {16, 2}, CollectiveAlgorithm::automatic, f).algorithm,
      CollectiveAlgorithm::nvls);
  // Without NVLS on the fabric, pinning it falls back to the ring.
  EXPECT_EQ(cost(Collective::all_reduce, kGiB, {8, 1}, CollectiveAlgorithm::nvls).algorithm,
            CollectiveAlgorithm::ring);
}

TEST(CollectiveCost, SmallAllReduceStaysOnTheTree) {
  // 8 bytes: tree 6 µs + ε beats NVLS's 46 µs of steps.
  EXPECT_EQ(cost(Collective::all_reduce, 8.0, {8, 1}, CollectiveAlgorithm::automatic, nvls_fabric())
                .algorithm,
            CollectiveAlgorithm::tree);
}

}  // namespace
}  // namespace wt
