#include "sim/engine/simgrid/platform.hpp"

#include <simgrid/s4u.hpp>

#include <algorithm>
#include <string>
#include <unordered_set>

#include "sim/engine/simgrid/link_usage.hpp"
#include "sim/engine/simgrid/sparse_route_zone.hpp"

namespace wt::sg {
namespace {

namespace sg4 = simgrid::s4u;

class PlatformBuilder {
 public:
  PlatformBuilder(const std::vector<const Plan*>& plans, const SimgridSetup& setup)
      : plans_(plans), setup_(setup), topo_(*setup.topology) {
    links_.assign(topo_.links().size(), nullptr);
    platform_.gpu_host.assign(static_cast<size_t>(topo_.num_gpus()), nullptr);
  }

  Platform build() {
    zone_ = create_sparse_route_zone("windtunnel");
    platform_.controller = zone_->create_host("controller", 1e9);
    // Every host first, then the routes, in a fixed order (creation order fixes SimGrid ids).
    std::vector<uint64_t> pairs = communicating_pairs();
    for (uint64_t key : pairs) {
      host(source(key));
      host(destination(key));
    }
    for (uint64_t key : pairs)
      connect(source(key), destination(key));
    zone_->seal();
    platform_.hosts = count_hosts() + 1;
    return std::move(platform_);
  }

 private:
  static int32_t source(uint64_t key) { return static_cast<int32_t>(key >> 32); }
  static int32_t destination(uint64_t key) { return static_cast<int32_t>(key & 0xffffffffULL); }

  std::vector<uint64_t> communicating_pairs() const {
    std::unordered_set<uint64_t> seen;
    for (const Plan* plan : plans_) {
      for (const CommWork& w : plan->works) {
        for (const FlowPhase& p : w.phases) {
          for (const Flow& f : p.flows)
            seen.insert((static_cast<uint64_t>(static_cast<uint32_t>(f.src)) << 32) |
                        static_cast<uint32_t>(f.dst));
        }
      }
    }
    std::vector<uint64_t> pairs(seen.begin(), seen.end());
    std::sort(pairs.begin(), pairs.end());
    return pairs;
  }

  int64_t count_hosts() const {
    return std::count_if(platform_.gpu_host.begin(), platform_.gpu_host.end(),
                         [](const sg4::Host* h) { return h != nullptr; });
  }

  sg4::Host* host(int32_t gpu) {
    sg4::Host*& h = platform_.gpu_host[static_cast<size_t>(gpu)];
    if (h == nullptr) h = zone_->create_host("gpu" + std::to_string(gpu), 1e9);
    return h;
  }

  sg4::Link* link(int32_t id) {
    sg4::Link*& l = links_[static_cast<size_t>(id)];
    if (l == nullptr) {
      const topo::Link& spec = topo_.links()[static_cast<size_t>(id)];
      l = zone_->create_link("link" + std::to_string(id), effective_Bps(spec, setup_));
      l->set_latency(spec.latency_s);
      l->seal();
    }
    return l;
  }

  void connect(int32_t src, int32_t dst) {
    route_.clear();
    topo_.route(src, dst, flow_hash(topo_, src, dst), route_);
    std::vector<sg4::LinkInRoute> hops;
    hops.reserve(route_.size());
    for (int32_t id : route_)
      hops.emplace_back(link(id));
    zone_->add_route(host(src)->get_netpoint(), host(dst)->get_netpoint(), nullptr, nullptr, hops,
                     false);
  }

  const std::vector<const Plan*>& plans_;
  const SimgridSetup& setup_;
  const topo::Topology& topo_;
  sg4::NetZone* zone_ = nullptr;
  Platform platform_;
  std::vector<sg4::Link*> links_;
  std::vector<int32_t> route_;
};

}  // namespace

Platform build_platform(const std::vector<const Plan*>& plans, const SimgridSetup& setup) {
  return PlatformBuilder(plans, setup).build();
}

}  // namespace wt::sg
