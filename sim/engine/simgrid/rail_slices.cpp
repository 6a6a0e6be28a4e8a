#include "sim/engine/simgrid/rail_slices.hpp"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace wt::sg {
namespace {

int rail_of(int32_t gpu, int gpn) {
  return gpu % gpn;
}

bool on_own_rail(const Flow& f, int gpn) {
  return rail_of(f.src, gpn) == rail_of(f.dst, gpn);
}

// Every rail holds rail 0's flows shifted by its index, in the same phase, with the same bytes.
bool phases_symmetric(const FlowPhase& phase, int gpn) {
  std::vector<Flow> flows = phase.flows;
  std::sort(flows.begin(), flows.end(), [gpn](const Flow& a, const Flow& b) {
    const int ra = rail_of(a.src, gpn), rb = rail_of(b.src, gpn);
    return std::tie(ra, a.src, a.dst) < std::tie(rb, b.src, b.dst);
  });
  if (flows.size() % static_cast<size_t>(gpn) != 0) return false;
  const size_t per_rail = flows.size() / static_cast<size_t>(gpn);
  for (size_t j = 0; j < static_cast<size_t>(gpn); ++j) {
    for (size_t i = 0; i < per_rail; ++i) {
      const Flow& a = flows[i];
      const Flow& b = flows[j * per_rail + i];
      const auto shift = static_cast<int32_t>(j);
      if (b.src != a.src + shift || b.dst != a.dst + shift || b.bytes != a.bytes) return false;
    }
  }
  return true;
}

// Link maps rail j → rail 0 built route by route; a contradiction means the rails are not
// isomorphic (or share a link).
class RailIsomorphism {
 public:
  RailIsomorphism(const topo::Topology& t, int gpn)
      : t_(t), gpn_(gpn), owner_(t.links().size(), -1), to_zero_(t.links().size(), -1) {}

  bool check(const Flow& f) {
    if (rail_of(f.src, gpn_) != 0) return true;  // checked through its rail-0 twin
    route(f.src, f.dst, zero_);
    for (int j = 0; j < gpn_; ++j) {
      route(f.src + j, f.dst + j, other_);
      if (other_.size() != zero_.size()) return false;
      for (size_t k = 0; k < zero_.size(); ++k) {
        if (!map_link(other_[k], zero_[k], j)) return false;
      }
    }
    return true;
  }

 private:
  void route(int32_t src, int32_t dst, std::vector<int32_t>& out) const {
    out.clear();
    t_.route(src, dst, flow_hash(t_, src, dst), out);
  }

  bool same_link_class(int32_t a, int32_t b) const {
    const topo::Link& x = t_.links()[static_cast<size_t>(a)];
    const topo::Link& y = t_.links()[static_cast<size_t>(b)];
    return x.bandwidth_Bps == y.bandwidth_Bps && x.latency_s == y.latency_s && x.level == y.level;
  }

  bool map_link(int32_t link, int32_t zero_link, int rail) {
    auto& owner = owner_[static_cast<size_t>(link)];
    auto& image = to_zero_[static_cast<size_t>(link)];
    if (owner == -1) {
      owner = rail;
      image = zero_link;
    }
    auto it = zero_preimage_.find(key(zero_link, rail));
    if (it == zero_preimage_.end()) it = zero_preimage_.emplace(key(zero_link, rail), link).first;
    return owner == rail && image == zero_link && it->second == link &&
           same_link_class(link, zero_link);
  }

  static uint64_t key(int32_t link, int rail) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(link)) << 16) | static_cast<uint32_t>(rail);
  }

  const topo::Topology& t_;
  int gpn_;
  std::vector<int> owner_;                               // the rail that uses a link
  std::vector<int32_t> to_zero_;                         // its image on rail 0
  std::unordered_map<uint64_t, int32_t> zero_preimage_;  // (rail-0 link, rail) → link
  std::vector<int32_t> zero_, other_;
};

bool all_flows(const Plan& plan, const auto& pred) {
  for (const CommWork& w : plan.works) {
    for (const FlowPhase& p : w.phases) {
      if (!pred(p)) return false;
    }
  }
  return true;
}

}  // namespace

bool reduce_to_rail_zero(Plan& plan, const topo::Topology& topology, std::string& note) {
  const int gpn = topology.gpus_per_node();
  if (gpn <= 1 || !plan.per_role) {
    note = "one GPU per node, or one actor set per GPU";
    return false;
  }
  const bool on_rails = all_flows(plan, [gpn](const FlowPhase& p) {
    return std::all_of(p.flows.begin(), p.flows.end(),
                       [gpn](const Flow& f) { return on_own_rail(f, gpn); });
  });
  if (!on_rails) {
    note = "some flows change rail";
    return false;
  }
  if (!all_flows(plan, [gpn](const FlowPhase& p) { return phases_symmetric(p, gpn); })) {
    note = "the rails carry different flows";
    return false;
  }
  RailIsomorphism iso(topology, gpn);
  const bool isomorphic = all_flows(plan, [&iso](const FlowPhase& p) {
    return std::all_of(p.flows.begin(), p.flows.end(),
                       [&iso](const Flow& f) { return iso.check(f); });
  });
  if (!isomorphic) {
    note = "the rails' routes share links or differ";
    return false;
  }
  for (CommWork& w : plan.works) {
    for (FlowPhase& p : w.phases)
      std::erase_if(p.flows, [gpn](const Flow& f) { return rail_of(f.src, gpn) != 0; });
  }
  plan.mirrored_rails = gpn;
  note = "rails: only rail 0 of " + std::to_string(gpn) +
         " simulated (every flow stays on its rail; the rails' routes are link-disjoint and "
         "isomorphic, so max-min sharing gives every rail the same rates)";
  return true;
}

}  // namespace wt::sg
