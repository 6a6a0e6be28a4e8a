// Per-dimension reduce-scatter / all-gather on a torus (docs/collectives.md, "Torus collectives").
#include "sim/comm/torus_collective.hpp"

#include <algorithm>
#include <vector>

namespace wt {

std::array<double, 3> torus_dimension_loads(const TorusGroup& group, double bytes) {
  std::vector<size_t> used;  // the dimensions longer than 1, in order
  for (size_t i = 0; i < group.dims.size(); ++i) {
    if (group.dims[i] > 1) used.push_back(i);
  }
  std::array<double, 3> load{0.0, 0.0, 0.0};
  const size_t parts = used.size();
  // Part j visits used[j], used[j+1], ... (cyclically); before its stage t its share is divided
  // by the sizes of the dimensions it has already reduced.
  for (size_t j = 0; j < parts; ++j) {
    double share = bytes / static_cast<double>(parts);
    for (size_t t = 0; t < parts; ++t) {
      const size_t d = used[(j + t) % parts];
      const double k = group.dims[d];
      load[d] += (k - 1.0) / k * share;
      share /= k;
    }
  }
  return load;
}

double torus_reduce_scatter_s(const TorusGroup& group, double bytes, LinkClass link) {
  if (group.ranks() <= 1 || !(link.beta_Bps > 0.0)) return 0.0;
  const std::array<double, 3> load = torus_dimension_loads(group, bytes);
  double bandwidth_s = 0.0;
  double hops = 0.0;
  for (size_t d = 0; d < group.dims.size(); ++d) {
    if (group.dims[d] <= 1) continue;
    const double rings = group.wrap[d] ? 2.0 : 1.0;
    bandwidth_s = std::max(bandwidth_s, load[d] / (rings * link.beta_Bps));
    hops += group.dims[d] - 1;
  }
  return hops * link.alpha_s + bandwidth_s;
}

double torus_all_reduce_s(const TorusGroup& group, double bytes, LinkClass link) {
  return 2.0 * torus_reduce_scatter_s(group, bytes, link);
}

std::optional<TorusGroup> torus_group(int ranks, int stride, const std::vector<int>& dims,
                                      const std::vector<bool>& wrap) {
  if (dims.empty() || dims.size() > 3 || ranks < 1 || stride < 1) return std::nullopt;
  TorusGroup g;
  size_t d = 0;
  for (; d < dims.size() && stride > 1; ++d) {  // the dimensions the faster ranks fill
    if (stride % dims[d] != 0) return std::nullopt;
    stride /= dims[d];
  }
  if (stride != 1) return std::nullopt;
  for (; d < dims.size() && ranks > 1; ++d) {
    const int k = std::min(ranks, dims[d]);
    if (ranks % k != 0 || dims[d] % k != 0 || (k < dims[d] && ranks > k)) return std::nullopt;
    g.dims[d] = k;
    g.wrap[d] = k == dims[d] && d < wrap.size() && wrap[d];
    ranks /= k;
  }
  if (ranks != 1) return std::nullopt;
  return g;
}

ChipTorus chip_torus(const ClusterConfig& c) {
  if (c.ici()) return {c.network.torus.dims, c.network.torus.wrap, c.slice_chips()};
  if (c.intra_node.fabric == IntraNodeFabric::neuronlink) {
    return {{kNeuronLinkSide, c.gpus_per_node / kNeuronLinkSide}, {true, true}, c.gpus_per_node};
  }
  return {};
}

}  // namespace wt
