#pragma once
// UGAL on a dragonfly (docs/engine.md, "Dragonfly routing"). SimGrid holds one route per host
// pair, so the choice between a pair's minimal path and its Valiant path is made per GPU pair,
// once, before the simulation, from the bytes the plans put on the links (plain C++, tested
// without SimGrid):
//   1. every pair starts on its minimal path; Q(l) = the bytes of the pairs crossing link l;
//   2. pairs in ascending (src, dst) order: with b the pair's bytes,
//        T_min = max over its minimal links of Q(l) / B(l),
//        T_val = max over its Valiant links of (Q(l) + b, unless l is on the minimal path) / B(l);
//      the pair moves to the Valiant path when T_val < T_min (a tie stays minimal), and its bytes
//      move with it.
// The load estimate is UGAL's queue occupancy taken as bytes per link bandwidth over the whole
// plan (each distinct flow counted once, as the plan holds it), rather than sampled when a packet
// is injected.
#include <cstdint>
#include <memory>
#include <vector>

#include "sim/engine/simgrid/flow_plan.hpp"

namespace wt::sg {

struct PairBytes {
  int32_t src = 0;
  int32_t dst = 0;
  double bytes = 0.0;
};

// The bytes of every GPU pair the plans' simulated flows connect, ascending by (src, dst).
std::vector<PairBytes> pair_bytes(const std::vector<const Plan*>& plans);

// The pairs (src << 32 | dst, ascending) that UGAL moves to their non-minimal path.
std::vector<uint64_t> ugal_nonminimal_pairs(const topo::Topology& t,
                                            const std::vector<PairBytes>& pairs);

// `t` with those pairs routed on their non-minimal path (everything else delegated to `t`, which
// must outlive it); nullptr when `t` does not route adaptively.
std::unique_ptr<topo::Topology> ugal_topology(const topo::Topology& t,
                                              const std::vector<const Plan*>& plans);

}  // namespace wt::sg
