// NCCL's per-(algorithm, protocol) latency and bandwidth model (docs/collectives.md, "Protocols").
// Constants: data/reference/framework-defaults.md §8 (NCCL v2.30.7 src/graph/tuning.cc:148-212,
// 326-337; src/enqueue.cc topoGetAlgoTime).
#include "sim/comm/nccl_protocol.hpp"

#include <algorithm>
#include <cmath>

#include "core/units.hpp"

namespace wt {
namespace {

// Columns LL, LL128, Simple (µs).
struct PerProtocol {
  double ll, ll128, simple;
  double operator[](Protocol p) const {
    return p == Protocol::ll ? ll : p == Protocol::ll128 ? ll128 : simple;
  }
};

constexpr PerProtocol kBaseLatency[] = {{6.6, 14.0, 8.4}, {6.8, 14.0, 8.4}};  // ring, tree
constexpr PerProtocol kNvlinkLatency[] = {{0.6, 1.9, 3.4}, {0.6, 1.25, 4.0}};
constexpr PerProtocol kPciLatency[] = {{1.0, 2.5, 5.7}, {1.0, 1.9, 4.0}};
constexpr PerProtocol kNetLatency[] = {{2.7, 4.0, 14.0}, {5.0, 8.5, 14.0}};

// llMaxBws, Hopper row (GB/s) by 1 node / 2 nodes / ≥3 nodes (NCCL indexes nNodes 1, 2, more).
constexpr double kLlMaxBwGBps[] = {141.0, 45.0, 35.0};

constexpr double kRingSimplePlateau = 1.4;  // inter-node Ring/Simple all-reduce, SM80 and later
constexpr double kTreeAllReduceFraction = 0.92;
constexpr double kRingLl128Fraction = 0.92;
constexpr double kRingLlFraction = 0.5;
constexpr double kTreeLlDivisor = 3.8;

int index_of(NcclAlgorithm a) {
  return a == NcclAlgorithm::ring ? 0 : 1;
}

int log2i(int n) {
  int out = 0;
  while ((n >>= 1) > 0)
    ++out;
  return out;
}

double ll_max_Bps(int nodes) {
  const int column = nodes <= 1 ? 0 : nodes == 2 ? 1 : 2;
  return units::gbyte_per_s_to_bytes_per_s(kLlMaxBwGBps[column]);
}

// The bodies of the public functions below, inlined where fastest_protocol calls them with a
// constant protocol (its table entries then fold to constants).
[[gnu::always_inline]] inline double base_latency_s(Protocol p, NcclAlgorithm a) {
  return units::us_to_s(kBaseLatency[index_of(a)][p]);
}

[[gnu::always_inline]] inline double call_latency_s(Protocol p, const ProtocolSteps& s) {
  const int a = index_of(s.algorithm);
  const double intra = (s.pcie ? kPciLatency : kNvlinkLatency)[a][p];
  const double inter = kNetLatency[a][p];
  double us = kBaseLatency[a][p];
  if (s.algorithm == NcclAlgorithm::ring) {
    us += (s.steps - s.inter_steps) * intra + s.inter_steps * inter;
    if (p == Protocol::simple && s.all_reduce && s.nodes > 1) us *= kRingSimplePlateau;
  } else {
    us += 2.0 * ((s.ranks_per_node - 1) * intra + log2i(s.nodes) * inter);
  }
  return units::us_to_s(us);
}

[[gnu::always_inline]] inline double bandwidth_fraction(Protocol p, const ProtocolSteps& s,
                                                        double busbw_Bps) {
  if (!(busbw_Bps > 0.0)) return 1.0;
  const double ll_cap = ll_max_Bps(s.nodes) / busbw_Bps;
  if (s.algorithm == NcclAlgorithm::ring) {
    switch (p) {
      case Protocol::ll:
        return std::min(kRingLlFraction, ll_cap);
      case Protocol::ll128:
        return kRingLl128Fraction;
      case Protocol::simple:
        return 1.0;
    }
  }
  switch (p) {
    case Protocol::ll:
      return std::min(kTreeAllReduceFraction / kTreeLlDivisor, ll_cap);
    case Protocol::ll128:
      return kTreeAllReduceFraction * (s.nodes == 1 ? 7.0 / 9.0 : 120.0 / 128.0);
    case Protocol::simple:
      return kTreeAllReduceFraction;
  }
  return 1.0;
}

// One protocol's time for the call (fastest_protocol).
[[gnu::always_inline]] inline ProtocolChoice with_protocol(Protocol p, const ProtocolSteps& s,
                                                           double wire_s, double bandwidth_s,
                                                           double busbw_Bps,
                                                           double call_overhead_s) {
  const double base_s = base_latency_s(p, s.algorithm);
  const double steps_s = call_latency_s(p, s) - base_s;
  const double wire_latency_s = wire_s - bandwidth_s;
  const double latency_s =
      std::max(-call_overhead_s, base_s - units::us_to_s(kRingSimpleBaseLatencyUs) +
                                     std::max(0.0, steps_s - wire_latency_s));
  const double fraction = bandwidth_fraction(p, s, busbw_Bps);
  const double time_s = call_overhead_s + latency_s + wire_s + bandwidth_s * (1.0 / fraction - 1.0);
  return {p, time_s, latency_s, fraction};
}

}  // namespace

double nccl_base_latency_s(Protocol p, NcclAlgorithm a) {
  return base_latency_s(p, a);
}

double nccl_latency_s(Protocol p, const ProtocolSteps& s) {
  return call_latency_s(p, s);
}

double nccl_bandwidth_fraction(Protocol p, const ProtocolSteps& s, double busbw_Bps) {
  return bandwidth_fraction(p, s, busbw_Bps);
}

ProtocolChoice fastest_protocol(const ProtocolSteps& s, bool simple_only, double wire_s,
                                double bandwidth_s, double busbw_Bps, double call_overhead_s) {
  ProtocolChoice best =
      with_protocol(Protocol::simple, s, wire_s, bandwidth_s, busbw_Bps, call_overhead_s);
  if (simple_only) return best;
  const ProtocolChoice ll128 =
      with_protocol(Protocol::ll128, s, wire_s, bandwidth_s, busbw_Bps, call_overhead_s);
  if (ll128.time_s < best.time_s) best = ll128;
  const ProtocolChoice ll =
      with_protocol(Protocol::ll, s, wire_s, bandwidth_s, busbw_Bps, call_overhead_s);
  if (ll.time_s < best.time_s) best = ll;
  return best;
}

const char* to_string(Protocol p) {
  switch (p) {
    case Protocol::ll:
      return "LL";
    case Protocol::ll128:
      return "LL128";
    case Protocol::simple:
      return "Simple";
  }
  return "unknown";
}

}  // namespace wt
