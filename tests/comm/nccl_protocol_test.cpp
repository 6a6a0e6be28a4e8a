// NCCL's protocols (docs/collectives.md, "Protocols"): the tuner's latencies and bandwidth
// fractions against hand-computed values, and the all-reduce bus bandwidth curve of 2 × 8 H100
// nodes.
#include <gtest/gtest.h>

#include <cstdio>

#include "sim/comm/fabric.hpp"
#include "sim/comm/nccl_protocol.hpp"
#include "tests/comm/dgx_h100.hpp"

namespace wt {
namespace {

constexpr double kUs = 1e-6;
// A 16-rank all-reduce over 2 nodes of 8: ring 30 steps, 2 of them across the network.
constexpr ProtocolSteps kRing2x8{NcclAlgorithm::ring, true, 30, 2, 2, 8};
constexpr ProtocolSteps kTree2x8{NcclAlgorithm::tree, true, 0, 0, 2, 8};

TEST(NcclProtocol, RingLatencyPerProtocol) {
  // Simple: (8.4 + 28·3.4 + 2·14) × 1.4 = 131.6 × 1.4 = 184.24 µs.
  EXPECT_NEAR(nccl_latency_s(Protocol::simple, kRing2x8), 184.24 * kUs, 1e-12);
  // LL128: 14 + 28·1.9 + 2·4.0 = 75.2 µs; LL: 6.6 + 28·0.6 + 2·2.7 = 28.8 µs (no plateau factor).
  EXPECT_NEAR(nccl_latency_s(Protocol::ll128, kRing2x8), 75.2 * kUs, 1e-12);
  EXPECT_NEAR(nccl_latency_s(Protocol::ll, kRing2x8), 28.8 * kUs, 1e-12);
  // One node, 8 GPUs on NVLink: Simple 8.4 + 14·3.4 = 56 µs; on PCIe 8.4 + 14·5.7 = 88.2 µs.
  ProtocolSteps one{NcclAlgorithm::ring, true, 14, 0, 1, 8};
  EXPECT_NEAR(nccl_latency_s(Protocol::simple, one), 56.0 * kUs, 1e-12);
  one.pcie = true;
  EXPECT_NEAR(nccl_latency_s(Protocol::simple, one), 88.2 * kUs, 1e-12);
}

TEST(NcclProtocol, TreeLatencyPerProtocol) {
  // base + 2·((8−1)·NVLink + log2(2)·NET): Simple 8.4 + 2·(28 + 14) = 92.4 µs;
  // LL128 14 + 2·(8.75 + 8.5) = 48.5 µs; LL 6.8 + 2·(4.2 + 5) = 25.2 µs.
  EXPECT_NEAR(nccl_latency_s(Protocol::simple, kTree2x8), 92.4 * kUs, 1e-12);
  EXPECT_NEAR(nccl_latency_s(Protocol::ll128, kTree2x8), 48.5 * kUs, 1e-12);
  EXPECT_NEAR(nccl_latency_s(Protocol::ll, kTree2x8), 25.2 * kUs, 1e-12);
}

TEST(NcclProtocol, BandwidthFractions) {
  const double busbw = 360e9;
  EXPECT_DOUBLE_EQ(nccl_bandwidth_fraction(Protocol::simple, kRing2x8, busbw), 1.0);
  EXPECT_DOUBLE_EQ(nccl_bandwidth_fraction(Protocol::ll128, kRing2x8, busbw), 0.92);
  // LL: min(0.5·busbw, llMaxBw = 45 GB/s on 2 Hopper nodes) = 45/360.
  EXPECT_DOUBLE_EQ(nccl_bandwidth_fraction(Protocol::ll, kRing2x8, busbw), 0.125);
  // One node: llMaxBw 141 GB/s caps LL above 282 GB/s of bus bandwidth.
  constexpr ProtocolSteps one{NcclAlgorithm::ring, true, 14, 0, 1, 8};
  EXPECT_DOUBLE_EQ(nccl_bandwidth_fraction(Protocol::ll, one, 200e9), 0.5);
  EXPECT_DOUBLE_EQ(nccl_bandwidth_fraction(Protocol::ll, one, 360e9), 141.0 / 360.0);
  // Tree: Simple 0.92; LL128 0.92·120/128 across nodes (7/9 in one); LL min(0.92/3.8, llMax).
  EXPECT_DOUBLE_EQ(nccl_bandwidth_fraction(Protocol::simple, kTree2x8, busbw), 0.92);
  EXPECT_DOUBLE_EQ(nccl_bandwidth_fraction(Protocol::ll128, kTree2x8, busbw), 0.92 * 120 / 128);
  EXPECT_DOUBLE_EQ(nccl_bandwidth_fraction(Protocol::ll, kTree2x8, 100e9), 0.92 / 3.8);
  EXPECT_DOUBLE_EQ(nccl_bandwidth_fraction(Protocol::ll, kTree2x8, busbw), 0.125);
}

// DGX H100 nodes (tests/comm/dgx_h100.hpp) as make_fabric prices them.
Fabric dgx_h100_fabric(int nodes) {
  return make_fabric(test::dgx_h100(nodes), *find_gpu("h100-sxm5-80gb"));
}

double busbw(double bytes, const CollectiveCost& c, int n) {
  return bytes / c.time_s * 2.0 * (n - 1) / n;
}

TEST(NcclProtocol, HandPricedRingSimpleAcross2Nodes) {
  // 2 × 8 H100, 1 GiB, ring pinned: the wire 30·6 µs + 1.875·2^30 / 367.61e9 (NVLink caps the
  // 8 × 47 GB/s of NICs) and the overhead 8.4 µs. Simple's latency is its base 8.4 µs (the
  // overhead) and 175.84 µs of steps, which the wire's 180 µs already cover: nothing is added.
  const Fabric f = dgx_h100_fabric(2);
  const double bytes = 1073741824.0;
  const CollectiveCost c =
      collective_cost(Collective::all_reduce, bytes, {16, 2}, f, CollectiveAlgorithm::ring);
  EXPECT_EQ(c.protocol, Protocol::simple);
  const double wire_s = 30 * 6e-6 + 1.875 * bytes / f.intra.beta_Bps;
  EXPECT_NEAR(c.time_s, wire_s + 8.4e-6, 1e-12);
  EXPECT_NEAR(c.protocol_latency_s, 0.0, 1e-12);
}

TEST(NcclProtocol, AllReduceBusBandwidthCurveOn2x8H100) {
  // nccl-tests all_reduce_perf sizes; the peak is the ring's bus bandwidth min(NVLink, 8 NICs).
  const Fabric f = dgx_h100_fabric(2);
  const GroupShape g{16, 2};
  const double peak = std::min(f.intra.beta_Bps, 8 * f.inter.beta_Bps);
  double previous = 0.0;
  std::printf("%12s %10s %6s %-12s %-6s\n", "bytes", "busbw GB/s", "%peak", "algorithm", "proto");
  for (double bytes = 1 << 10; bytes <= 8.0 * (1u << 30); bytes *= 2) {
    const CollectiveCost c = collective_cost(Collective::all_reduce, bytes, g, f);
    const double bw = busbw(bytes, c, g.ranks);
    std::printf("%12.0f %10.1f %6.1f %-12s %-6s\n", bytes, bw / 1e9, 100 * bw / peak,
                to_string(c.algorithm), to_string(c.protocol));
    EXPECT_GT(bw, previous) << bytes;  // rises with size, as nccl-tests' curves do
    EXPECT_LE(bw, peak) << bytes;
    previous = bw;
  }
  const auto at = [&](double bytes) {
    return busbw(bytes, collective_cost(Collective::all_reduce, bytes, g, f), g.ranks) / peak;
  };
  EXPECT_LT(at(1 << 20), 0.20);
  EXPECT_GT(at(8.0 * (1u << 30)), 0.90);
  EXPECT_EQ(collective_cost(Collective::all_reduce, 4096, g, f).protocol, Protocol::ll);
  EXPECT_EQ(collective_cost(Collective::all_reduce, 8.0 * (1u << 30), g, f).protocol,
            Protocol::simple);
}

// EFA (cluster.network.transport "efa"): NCCL through the aws-ofi-nccl plugin runs Simple only
// across nodes; inside one node its protocols are NCCL's as ever.
TEST(NcclProtocol, EfaRunsSimpleAcrossNodesOnly) {
  Fabric efa = dgx_h100_fabric(2);
  efa.inter_simple_only = true;
  const Fabric ib = dgx_h100_fabric(2);
  const GroupShape two{16, 2};
  for (const double bytes : {4096.0, 1048576.0, 134217728.0}) {
    const CollectiveCost on_efa = collective_cost(Collective::all_reduce, bytes, two, efa);
    EXPECT_EQ(on_efa.protocol, Protocol::simple) << bytes;
    EXPECT_GE(on_efa.time_s, collective_cost(Collective::all_reduce, bytes, two, ib).time_s)
        << bytes;
  }
  // At 4 KiB InfiniBand takes LL: Simple's latency is what EFA pays for it.
  EXPECT_EQ(collective_cost(Collective::all_reduce, 4096, two, ib).protocol, Protocol::ll);
  const GroupShape one{8, 1};
  EXPECT_EQ(collective_cost(Collective::all_reduce, 4096, one, efa).protocol, Protocol::ll);
}

}  // namespace
}  // namespace wt
