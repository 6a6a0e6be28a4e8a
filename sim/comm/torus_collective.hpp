#pragma once
// Collectives on a torus as TPU pods run them over ICI (docs/collectives.md, "Torus collectives"):
// a reduce-scatter (or all-gather) is a bidirectional ring along every torus dimension in turn;
// the buffer is split into one part per dimension and part j visits the dimensions in the order
// j, j+1, ..., so every dimension's links carry a part at each stage. An all-reduce is a
// reduce-scatter followed by an all-gather.
#include <array>
#include <optional>
#include <vector>

#include "sim/comm/collective.hpp"

namespace wt {

// TorusGroup is in collective.hpp (a GroupShape carries one).

// Time of a reduce-scatter of S bytes (the full input) or an all-gather of S bytes (the full
// output) over the group; `link` is one ICI link: alpha per hop, beta per direction. The stages
// overlap perfectly, so the busiest dimension's bytes over its bandwidth bound the time, plus
// Σ(kᵢ − 1) hops of latency.
double torus_reduce_scatter_s(const TorusGroup& group, double bytes, LinkClass link);
// Reduce-scatter then all-gather: twice the above.
double torus_all_reduce_s(const TorusGroup& group, double bytes, LinkClass link);

// Bytes one rank sends along each torus dimension in that reduce-scatter of S bytes (summed over
// the parts; 0 along dimensions of size 1): the load Lᵢ that torus_reduce_scatter_s divides by the
// dimension's cᵢ·β. The SimGrid engine puts exactly these bytes on the dimension's rings.
std::array<double, 3> torus_dimension_loads(const TorusGroup& group, double bytes);

// The torus the chips of a cluster form for the collectives: an ICI slice (cluster.network.torus
// dims and wrap, repeated every slice of `block_gpus` chips) or a Trainium2 node's NeuronLink
// torus (kNeuronLinkSide × chips / kNeuronLinkSide, both wrapped, `block_gpus` = the node). A
// group qualifies when it lies inside one block and torus_group() aligns it. Empty dims: none.
struct ChipTorus {
  std::vector<int> dims;
  std::vector<bool> wrap;
  int block_gpus = 0;
};
ChipTorus chip_torus(const ClusterConfig& cluster);

// The sub-block that `ranks` chips at `stride` occupy on a torus of `dims` (dimension 0 fastest,
// as chips are numbered) with `wrap` flags: the stride must skip whole dimensions and the ranks
// fill the next ones, the last possibly in part (a segment of k < d chips is a line, no wrap).
// nullopt when the group does not align so (its collectives keep the link-class model).
std::optional<TorusGroup> torus_group(int ranks, int stride, const std::vector<int>& dims,
                                      const std::vector<bool>& wrap);

}  // namespace wt
