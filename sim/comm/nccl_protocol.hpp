#pragma once
// NCCL's protocols (LL, LL128, Simple) as its tuner prices them (docs/collectives.md,
// "Protocols"; data/reference/framework-defaults.md §8, NCCL v2.30.7 src/graph/tuning.cc):
// per (algorithm, protocol) a latency of baseLat + Σ per-step hwLat by link type, and a fraction of
// the algorithm's bus bandwidth. The alpha-beta forms of collective.hpp carry the wire; these add
// what the protocol costs on top.
namespace wt {

enum class Protocol { ll, ll128, simple };

// The algorithm families NCCL's tables have rows for.
enum class NcclAlgorithm { ring, tree };

// Where one call's steps run: `steps` algorithm steps of which `inter_steps` cross the network (the
// rest use NVLink, or PCIe when `pcie`); `nodes` and `ranks_per_node` as the group's shape.
struct ProtocolSteps {
  NcclAlgorithm algorithm = NcclAlgorithm::ring;
  bool all_reduce = true;
  int steps = 0;
  int inter_steps = 0;
  int nodes = 1;
  int ranks_per_node = 1;
  bool pcie = false;
};

// NCCL's latency of one call in seconds: baseLat + intra steps × hwLat(NVLink|PCI) + inter steps ×
// hwLat(NET), × 1.4 for an inter-node Ring/Simple all-reduce (SM80+ "plateau"); for the tree
// 2((r−1)·intra + log2i(nodes)·inter) steps.
double nccl_latency_s(Protocol p, const ProtocolSteps& s);
// Its base latency alone (baseLat of the algorithm and protocol), in seconds.
double nccl_base_latency_s(Protocol p, NcclAlgorithm a);

// The fraction of the algorithm's bus bandwidth `busbw_Bps` the protocol reaches: Ring Simple 1,
// LL128 0.92, LL min(0.5, llMaxBw / busbw); Tree ×0.92, LL ×0.92/3.8 (≤ llMaxBw), LL128
// ×0.92·(7/9 on one node, 120/128 across nodes).
double nccl_bandwidth_fraction(Protocol p, const ProtocolSteps& s, double busbw_Bps);

// NCCL's Ring/Simple base latency (µs), which the catalog's per-call overhead carries
// (collective_launch_us); the protocol adds its own base latency's difference to it.
inline constexpr double kRingSimpleBaseLatencyUs = 8.4;

// The fastest protocol for one call, as collective_cost prices it: the call's wire time `wire_s`
// (alpha-beta, of which `bandwidth_s` is bytes over the link bandwidth) plus the per-call overhead,
// the protocol's latency beyond what that already pays (its base less the Ring/Simple one the
// overhead carries, plus its per-step latencies less the wire's alpha, which NCCL's per-step
// figures include; never below −overhead) and the bandwidth time lost to its fraction of
// `busbw_Bps`. Simple, LL128, LL in that order, ties keeping the earlier; Simple alone when
// `simple_only`.
struct ProtocolChoice {
  Protocol protocol = Protocol::simple;
  double time_s = 0.0;  // the call's time with the protocol, overhead included
  double latency_s = 0.0;
  double bandwidth_fraction = 1.0;
};
ProtocolChoice fastest_protocol(const ProtocolSteps& s, bool simple_only, double wire_s,
                                double bandwidth_s, double busbw_Bps, double call_overhead_s);

const char* to_string(Protocol p);

}  // namespace wt
