#include "sim/engine/simgrid/ugal_routes.hpp"

#include <algorithm>
#include <map>
#include <unordered_set>
#include <utility>

namespace wt::sg {
namespace {

uint64_t key_of(int32_t src, int32_t dst) {
  return (static_cast<uint64_t>(static_cast<uint32_t>(src)) << 32) | static_cast<uint32_t>(dst);
}

class UgalTopology final : public topo::Topology {
 public:
  UgalTopology(const topo::Topology& base, const std::vector<uint64_t>& nonminimal)
      : base_(base), nonminimal_(nonminimal.begin(), nonminimal.end()) {
    vertices_ = base.vertices();
    links_ = base.links();
    num_nodes_ = base.num_nodes();
    gpus_per_node_ = base.gpus_per_node();
    for (int g = 0; g < base.num_gpus(); ++g)
      gpu_vertices_.push_back(base.gpu_vertex(g));
  }

  std::string name() const override { return base_.name(); }
  void route(int src, int dst, uint64_t flow_hash, std::vector<int32_t>& out) const override {
    if (nonminimal_.count(key_of(src, dst)) != 0 &&
        base_.route_nonminimal(src, dst, flow_hash, out)) {
      return;
    }
    base_.route(src, dst, flow_hash, out);
  }
  bool route_nonminimal(int src, int dst, uint64_t flow_hash,
                        std::vector<int32_t>& out) const override {
    return base_.route_nonminimal(src, dst, flow_hash, out);
  }
  topo::TopologyMetrics metrics() const override { return base_.metrics(); }

 private:
  const topo::Topology& base_;
  std::unordered_set<uint64_t> nonminimal_;
};

// The most loaded link of `path` in seconds of its bandwidth, with `extra` bytes added on the
// links not in `skip` (sorted).
double bottleneck_s(const topo::Topology& t, const std::vector<double>& load,
                    const std::vector<int32_t>& path, double extra,
                    const std::vector<int32_t>& skip) {
  double worst = 0.0;
  for (int32_t id : path) {
    const double add = std::binary_search(skip.begin(), skip.end(), id) ? 0.0 : extra;
    worst = std::max(worst, (load[static_cast<size_t>(id)] + add) /
                                t.links()[static_cast<size_t>(id)].bandwidth_Bps);
  }
  return worst;
}

}  // namespace

std::vector<PairBytes> pair_bytes(const std::vector<const Plan*>& plans) {
  std::map<uint64_t, double> bytes;
  for (const Plan* plan : plans) {
    for (const CommWork& w : plan->works) {
      for (const FlowPhase& p : w.phases) {
        for (const Flow& f : p.flows)
          bytes[key_of(f.src, f.dst)] += f.bytes;
      }
    }
  }
  std::vector<PairBytes> out;
  out.reserve(bytes.size());
  for (const auto& [key, b] : bytes) {
    out.push_back({static_cast<int32_t>(key >> 32), static_cast<int32_t>(key & 0xffffffffULL), b});
  }
  return out;
}

std::vector<uint64_t> ugal_nonminimal_pairs(const topo::Topology& t,
                                            const std::vector<PairBytes>& pairs) {
  std::vector<double> load(t.links().size(), 0.0);
  std::vector<std::vector<int32_t>> minimal(pairs.size());
  for (size_t i = 0; i < pairs.size(); ++i) {
    const PairBytes& p = pairs[i];
    t.route(p.src, p.dst, flow_hash(t, p.src, p.dst), minimal[i]);
    for (int32_t id : minimal[i])
      load[static_cast<size_t>(id)] += p.bytes;
  }
  std::vector<uint64_t> chosen;
  std::vector<int32_t> valiant;
  std::vector<int32_t> sorted_min;
  std::vector<int32_t> sorted_val;
  for (size_t i = 0; i < pairs.size(); ++i) {
    const PairBytes& p = pairs[i];
    valiant.clear();
    if (!t.route_nonminimal(p.src, p.dst, flow_hash(t, p.src, p.dst), valiant)) continue;
    sorted_min = minimal[i];
    std::sort(sorted_min.begin(), sorted_min.end());
    const double t_min = bottleneck_s(t, load, minimal[i], 0.0, sorted_min);
    const double t_val = bottleneck_s(t, load, valiant, p.bytes, sorted_min);
    if (!(t_val < t_min)) continue;
    sorted_val = valiant;
    std::sort(sorted_val.begin(), sorted_val.end());
    for (int32_t id : minimal[i]) {
      if (!std::binary_search(sorted_val.begin(), sorted_val.end(), id))
        load[static_cast<size_t>(id)] -= p.bytes;
    }
    for (int32_t id : valiant) {
      if (!std::binary_search(sorted_min.begin(), sorted_min.end(), id))
        load[static_cast<size_t>(id)] += p.bytes;
    }
    chosen.push_back(key_of(p.src, p.dst));
  }
  return chosen;
}

std::unique_ptr<topo::Topology> ugal_topology(const topo::Topology& t,
                                              const std::vector<const Plan*>& plans) {
  if (!t.adaptive_routing()) return nullptr;
  return std::make_unique<UgalTopology>(t, ugal_nonminimal_pairs(t, pair_bytes(plans)));
}

}  // namespace wt::sg
