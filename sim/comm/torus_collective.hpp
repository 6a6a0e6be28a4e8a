#pragma once
// Collectives on a torus as TPU pods run them over ICI (docs/collectives.md, "Torus collectives"):
// a reduce-scatter (or all-gather) is a bidirectional ring along every torus dimension in turn;
// the buffer is split into one part per dimension and part j visits the dimensions in the order
// j, j+1, ..., so every dimension's links carry a part at each stage. An all-reduce is a
// reduce-scatter followed by an all-gather.
#include <array>

#include "sim/comm/collective.hpp"

namespace wt {

// A group that occupies a sub-block of a torus: its size along each of up to three dimensions
// (1 = the dimension is not used) and whether that dimension wraps around (a ring cable closes
// it). Along a wrapped dimension a ring runs each way round, each with half of that stage's
// bytes; an unwrapped dimension is a line, on which a ring uses every link both ways (one ring).
struct TorusGroup {
  std::array<int, 3> dims{1, 1, 1};
  std::array<bool, 3> wrap{true, true, true};
  int ranks() const { return dims[0] * dims[1] * dims[2]; }
};

// Time of a reduce-scatter of S bytes (the full input) or an all-gather of S bytes (the full
// output) over the group; `link` is one ICI link: alpha per hop, beta per direction. The stages
// overlap perfectly, so the busiest dimension's bytes over its bandwidth bound the time, plus
// Σ(kᵢ − 1) hops of latency.
double torus_reduce_scatter_s(const TorusGroup& group, double bytes, LinkClass link);
// Reduce-scatter then all-gather: twice the above.
double torus_all_reduce_s(const TorusGroup& group, double bytes, LinkClass link);

}  // namespace wt
