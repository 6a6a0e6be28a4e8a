#include "sim/engine/simgrid/dragonfly_flows.hpp"

#include <algorithm>

namespace wt::sg {
namespace {

// Replicas of a phase in lockstep: phase by phase the flows of every part, the longest sleep.
CommWork merged(std::vector<CommWork> parts) {
  CommWork all = std::move(parts.front());
  for (size_t g = 1; g < parts.size(); ++g) {
    if (parts[g].phases.size() > all.phases.size()) all.phases.resize(parts[g].phases.size());
    for (size_t p = 0; p < parts[g].phases.size(); ++p) {
      FlowPhase& into = all.phases[p];
      const FlowPhase& from = parts[g].phases[p];
      into.sleep_s = std::max(into.sleep_s, from.sleep_s);
      into.flows.insert(into.flows.end(), from.flows.begin(), from.flows.end());
    }
  }
  return all;
}

}  // namespace

DragonflyParts dragonfly_parts(const std::vector<int32_t>& members, int gpn, int nodes_per_group,
                               int nodes_per_router) {
  DragonflyParts out;
  if (nodes_per_group <= 0 || nodes_per_router <= 0 || members.size() < 2) return out;
  out.parts = members_by_node(members, gpn * nodes_per_group);
  const size_t q = out.parts.front().size();
  size_t per_node = 0;
  bool crosses = false;
  for (const auto& part : out.parts) {
    if (part.size() != q) return out;
    const auto by_node = members_by_node(part, gpn);
    for (const auto& node : by_node) {
      if (per_node == 0) per_node = node.size();
      if (node.size() != per_node) return out;
    }
    const auto by_router = members_by_node(part, gpn * nodes_per_router);
    crosses = crosses || by_router.size() > 1;
  }
  out.span = {static_cast<int>(out.parts.size()), crosses};
  return out;
}

CommWork dragonfly_group_work(const GroupCall& call, const DragonflyParts& parts, int gpn,
                              const Fabric& fabric, RouteLatency& latency, bool aggregate) {
  const auto& groups = parts.parts;
  const int G = static_cast<int>(groups.size());
  const size_t q = groups.front().size();
  // Every part as plain rings (no protocol latency, Simple's full bandwidth, no call overhead):
  // the per-call overhead and the protocol latency are paid once per call, before the first phase.
  Fabric plain = fabric;
  plain.call_overhead_s = 0.0;
  auto inside = [&](Collective c) {
    GroupCall part{c, CollectiveAlgorithm::ring, call.bytes, call.count};
    std::vector<CommWork> works;
    for (const auto& members : groups)
      works.push_back(network_group_work(part, members, gpn, plain, latency, aggregate));
    return merged(std::move(works));
  };
  auto across = [&](Collective c) {
    GroupCall part{c, CollectiveAlgorithm::ring, call.bytes / static_cast<double>(q), call.count};
    std::vector<CommWork> works;
    for (size_t j = 0; j < q; ++j) {
      const int stride = dragonfly_ring_stride(G, static_cast<int>(j));
      std::vector<int32_t> ring;
      for (int x = 0; x < G; ++x)
        ring.push_back(groups[static_cast<size_t>(x * stride % G)][j]);
      works.push_back(network_group_work(part, ring, gpn, plain, latency, aggregate));
    }
    return merged(std::move(works));
  };
  std::vector<CommWork> phases;
  if (call.collective == Collective::all_reduce) {
    if (q > 1) phases.push_back(inside(Collective::reduce_scatter));
    phases.push_back(across(Collective::all_reduce));
    if (q > 1) phases.push_back(inside(Collective::all_gather));
  } else if (call.collective == Collective::reduce_scatter) {
    if (q > 1) phases.push_back(inside(Collective::reduce_scatter));
    phases.push_back(across(Collective::reduce_scatter));
  } else {
    phases.push_back(across(Collective::all_gather));
    if (q > 1) phases.push_back(inside(Collective::all_gather));
  }
  CommWork all;
  for (CommWork& phase : phases)
    all.phases.insert(all.phases.end(), phase.phases.begin(), phase.phases.end());
  all.phases.front().sleep_s += call.count * (fabric.call_overhead_s + call.protocol_latency_s);
  return all;
}

}  // namespace wt::sg
