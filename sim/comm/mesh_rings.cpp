// Rings over a full-mesh node (docs/collectives.md "Full-mesh nodes").
#include "sim/comm/mesh_rings.hpp"

#include <algorithm>

namespace wt {

int mesh_ring_count(int r) {
  if (r < 2) return 0;
  if (r == 4 || r == 6) return r - 2;
  return r - 1;
}

LinkClass intra_group_link(const Fabric& f, int ranks_per_node, bool direct) {
  if (f.mesh_gpus < 2 || ranks_per_node < 2) return f.intra;
  const int r = std::min(ranks_per_node, f.mesh_gpus);
  const double link_Bps = f.intra.beta_Bps / (f.mesh_gpus - 1);
  return {f.intra.alpha_s, link_Bps * (direct ? r - 1 : mesh_ring_count(r))};
}

}  // namespace wt
