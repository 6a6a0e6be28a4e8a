// Hierarchical collectives across ICI slices over the data-center network (dcn_collective.hpp).
#include "sim/comm/dcn_collective.hpp"

#include <algorithm>

namespace wt {
namespace {

// A collective inside one slice without its call overhead (0 for a one-rank part).
CollectiveCost in_slice(Collective c, double bytes, GroupShape part, const Fabric& fabric,
                        CollectiveAlgorithm pin) {
  CollectiveCost cost = collective_cost(c, bytes, part, fabric, pin);
  if (part.ranks > 1) cost.time_s = std::max(0.0, cost.time_s - fabric.call_overhead_s);
  return cost;
}

}  // namespace

CollectiveCost multi_slice_cost(Collective c, double bytes, GroupShape group, const Fabric& fabric,
                                CollectiveAlgorithm pin) {
  const int m = group.slices;
  GroupShape part = group;
  part.slices = 1;
  part.ranks = std::max(1, group.ranks / m);
  part.nodes = std::max(1, group.nodes / m);
  const double shard = bytes / part.ranks;  // what each chip holds after the in-slice half
  switch (c) {
    case Collective::all_reduce: {
      const CollectiveCost rs = in_slice(Collective::reduce_scatter, bytes, part, fabric, pin);
      const CollectiveCost ag = in_slice(Collective::all_gather, bytes, part, fabric, pin);
      const double dcn_s = ring_all_reduce_s(m, shard, fabric.dcn);
      return {fabric.call_overhead_s + rs.time_s + dcn_s + ag.time_s, CollectiveAlgorithm::ring,
              rs.bytes_sent_per_gpu + 2.0 * ring_fraction(m) * shard + ag.bytes_sent_per_gpu};
    }
    case Collective::all_gather:
    case Collective::reduce_scatter: {
      const CollectiveCost ici = in_slice(c, bytes, part, fabric, pin);
      const double dcn_s = ring_all_gather_s(m, shard, fabric.dcn);
      return {fabric.call_overhead_s + ici.time_s + dcn_s, CollectiveAlgorithm::ring,
              ici.bytes_sent_per_gpu + ring_fraction(m) * shard};
    }
    default: {
      // Flat over the group as if every rank were on its own node of the DCN link.
      Fabric over_dcn = fabric;
      over_dcn.inter = fabric.dcn;
      over_dcn.ici = {};
      over_dcn.nccl_protocols = false;
      GroupShape flat = group;
      flat.slices = 1;
      flat.on_torus = false;
      flat.nodes = group.ranks;
      return collective_cost(c, bytes, flat, over_dcn, pin);
    }
  }
}

}  // namespace wt
