// Per-dimension reduce-scatter / all-gather on a torus (docs/collectives.md, "Torus collectives").
#include "sim/comm/torus_collective.hpp"

#include <algorithm>
#include <vector>

namespace wt {

double torus_reduce_scatter_s(const TorusGroup& group, double bytes, LinkClass link) {
  std::vector<size_t> used;  // the dimensions longer than 1, in order
  for (size_t i = 0; i < group.dims.size(); ++i) {
    if (group.dims[i] > 1) used.push_back(i);
  }
  if (used.empty() || !(link.beta_Bps > 0.0)) return 0.0;
  const size_t parts = used.size();
  // load[i]: bytes one rank sends along dimension used[i], summed over the parts. Part j visits
  // used[j], used[j+1], ... (cyclically); before its stage t its share is divided by the sizes of
  // the dimensions it has already reduced.
  std::vector<double> load(parts, 0.0);
  for (size_t j = 0; j < parts; ++j) {
    double share = bytes / static_cast<double>(parts);
    for (size_t t = 0; t < parts; ++t) {
      const size_t d = (j + t) % parts;
      const double k = group.dims[used[d]];
      load[d] += (k - 1.0) / k * share;
      share /= k;
    }
  }
  double bandwidth_s = 0.0;
  double hops = 0.0;
  for (size_t d = 0; d < parts; ++d) {
    const double rings = group.wrap[used[d]] ? 2.0 : 1.0;
    bandwidth_s = std::max(bandwidth_s, load[d] / (rings * link.beta_Bps));
    hops += group.dims[used[d]] - 1;
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

}  // namespace wt
