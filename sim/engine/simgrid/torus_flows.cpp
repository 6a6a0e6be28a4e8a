#include "sim/engine/simgrid/torus_flows.hpp"

#include <algorithm>

namespace wt::sg {
namespace {

// One dimension of the sub-block as rings over the members: `rings` (+ and, wrapped, −) each
// carrying `bytes` per member, neighbour latency `hop_s`.
struct DimensionRings {
  std::vector<Flow> flows;  // one call's, all steps
  int steps = 0;            // k − 1
  double hop_s = 0.0;
};

// Member index of the sub-block coordinates (dimension 0 fastest).
int index_of(const std::array<int, 3>& c, const TorusGroup& g) {
  return c[0] + g.dims[0] * (c[1] + g.dims[1] * c[2]);
}

DimensionRings dimension_rings(const std::vector<int32_t>& members, const TorusGroup& g, size_t d,
                               double load, RouteLatency& latency) {
  DimensionRings out;
  const int k = g.dims[d];
  out.steps = k - 1;
  const double per_ring = load / (g.wrap[d] ? 2.0 : 1.0);
  for (int i = 0; i < static_cast<int>(members.size()); ++i) {
    std::array<int, 3> c{i % g.dims[0], i / g.dims[0] % g.dims[1], i / g.dims[0] / g.dims[1]};
    const int x = c[d];
    c[d] = (x + 1) % k;
    const int32_t next = members[static_cast<size_t>(index_of(c, g))];
    out.flows.push_back({members[static_cast<size_t>(i)], next, per_ring});
    if (g.wrap[d]) {
      c[d] = (x + k - 1) % k;
      out.flows.push_back({members[static_cast<size_t>(i)],
                           members[static_cast<size_t>(index_of(c, g))], per_ring});
    }
  }
  out.hop_s = latency(members.front(), out.flows.front().dst);
  return out;
}

std::vector<Flow> scaled_flows(std::vector<Flow> flows, double factor) {
  for (Flow& f : flows)
    f.bytes *= factor;
  return flows;
}

double most_latency(const std::vector<Flow>& flows, RouteLatency& latency) {
  double most = 0.0;
  for (const Flow& f : flows)
    most = std::max(most, latency(f.src, f.dst));
  return most;
}

}  // namespace

std::optional<TorusGroup> torus_members(const std::vector<int32_t>& members,
                                        const ChipTorus& torus) {
  const int n = static_cast<int>(members.size());
  if (torus.dims.empty() || torus.block_gpus <= 0 || n < 2) return std::nullopt;
  const int32_t stride = members[1] - members[0];
  if (stride < 1) return std::nullopt;
  for (int i = 0; i < n; ++i) {
    if (members[static_cast<size_t>(i)] != members[0] + i * stride) return std::nullopt;
  }
  const int32_t first = members.front() % torus.block_gpus;
  if (members.front() / torus.block_gpus != members.back() / torus.block_gpus) return std::nullopt;
  if (first / stride % n != 0) return std::nullopt;  // a sub-block starts at an aligned position
  return torus_group(n, stride, torus.dims, torus.wrap);
}

CommWork torus_group_work(const GroupCall& call, const std::vector<int32_t>& members,
                          const TorusGroup& group, const Fabric& fabric, RouteLatency& latency,
                          bool aggregate) {
  // An all-reduce is a reduce-scatter and an all-gather, which mirrors it on the same rings.
  const int halves = call.collective == Collective::all_reduce ? 2 : 1;
  const std::array<double, 3> load = torus_dimension_loads(group, call.bytes);
  std::vector<DimensionRings> dims;
  double hops_s = 0.0;  // Σ(kᵢ − 1) hops of one half
  int most_steps = 0;
  for (size_t d = 0; d < group.dims.size(); ++d) {
    if (group.dims[d] <= 1) continue;
    dims.push_back(dimension_rings(members, group, d, load[d], latency));
    hops_s += dims.back().steps * dims.back().hop_s;
    most_steps = std::max(most_steps, dims.back().steps);
  }
  const double per_call_s = fabric.call_overhead_s + halves * hops_s;
  CommWork work;
  if (aggregate) {
    FlowPhase phase;
    for (const DimensionRings& r : dims) {
      const auto f = scaled_flows(r.flows, static_cast<double>(halves * call.count));
      phase.flows.insert(phase.flows.end(), f.begin(), f.end());
    }
    // The flows carry one route latency: the rest is the sleep.
    phase.sleep_s = std::max(0.0, call.count * per_call_s - most_latency(phase.flows, latency));
    work.phases.push_back(std::move(phase));
    return work;
  }
  std::vector<FlowPhase> steps(static_cast<size_t>(halves * most_steps));
  for (size_t s = 0; s < steps.size(); ++s) {
    const int step = static_cast<int>(s) % most_steps;
    for (const DimensionRings& r : dims) {
      if (step >= r.steps) continue;
      const auto f = scaled_flows(r.flows, 1.0 / r.steps);
      steps[s].flows.insert(steps[s].flows.end(), f.begin(), f.end());
    }
  }
  double carried_s = 0.0;  // the latencies the steps' flows carry
  for (const FlowPhase& p : steps)
    carried_s += most_latency(p.flows, latency);
  for (int c = 0; c < call.count; ++c) {
    for (size_t s = 0; s < steps.size(); ++s) {
      work.phases.push_back(steps[s]);
      if (s == 0) work.phases.back().sleep_s = std::max(0.0, per_call_s - carried_s);
    }
  }
  return work;
}

}  // namespace wt::sg
