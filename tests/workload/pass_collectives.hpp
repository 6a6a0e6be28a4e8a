#pragma once
// The collectives of one dimension in a layer pass (layer_pass_collectives), for tests that check
// one dimension's messages by hand.
#include <vector>

#include "sim/workload/layer_work.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt::test {

inline std::vector<LayerCollective> pass_collectives(const Scenario& s, Phase phase, CommDim dim) {
  std::vector<LayerCollective> out;
  for (const LayerCollective& c : layer_pass_collectives(s, comm_sizes(s), phase))
    if (c.dim == dim) out.push_back(c);
  return out;
}

}  // namespace wt::test
