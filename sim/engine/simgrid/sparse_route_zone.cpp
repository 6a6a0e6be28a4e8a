#include "sim/engine/simgrid/sparse_route_zone.hpp"

#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <simgrid/s4u.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace wt::sg {
namespace {

namespace sg4 = simgrid::s4u;
using simgrid::kernel::resource::StandardLinkImpl;
using simgrid::kernel::routing::NetPoint;
using simgrid::kernel::routing::NetZoneImpl;
using simgrid::kernel::routing::Route;

// SimGrid's RoutedZone (FullZone's base) is not exported by libsimgrid 3.32, so this derives from
// NetZoneImpl and does what RoutedZone and FullZone do for explicit routes.
class SparseRouteZone final : public NetZoneImpl {
 public:
  explicit SparseRouteZone(const std::string& name) : NetZoneImpl(name) {}

  void get_local_route(const NetPoint* src, const NetPoint* dst, Route* into,
                       double* latency) override {
    const auto it = routes_.find(key(src, dst));
    if (it != routes_.end()) {
      append(it->second, into, latency);
    } else if (src == dst && loopback_.link != nullptr) {
      into->link_list_.push_back(loopback_.impl);
      if (latency != nullptr) *latency += loopback_.link->get_latency();
    }
  }

  void add_route(NetPoint* src, NetPoint* dst, NetPoint* gw_src, NetPoint* gw_dst,
                 const std::vector<sg4::LinkInRoute>& link_list, bool symmetrical) override {
    check(src, dst, gw_src, gw_dst, link_list);
    insert(src, dst, gw_src, gw_dst, link_list, false);
    if (symmetrical) {
      if (gw_src != nullptr && gw_dst != nullptr) std::swap(gw_src, gw_dst);
      insert(dst, src, gw_src, gw_dst, link_list, true);
    }
  }

 private:
  // A link of a route: what the network model gets, and its s4u face for the latency (read at
  // each lookup, as FullZone reads it, so a later set_latency counts).
  struct Hop {
    StandardLinkImpl* impl = nullptr;
    const sg4::Link* link = nullptr;
  };
  struct StoredRoute {
    NetPoint* gw_src = nullptr;
    NetPoint* gw_dst = nullptr;
    std::vector<Hop> hops;
  };

  static uint64_t key(const NetPoint* src, const NetPoint* dst) {
    return (static_cast<uint64_t>(src->id()) << 32) | static_cast<uint32_t>(dst->id());
  }

  static void append(const StoredRoute& r, Route* into, double* latency) {
    into->gw_src_ = r.gw_src;
    into->gw_dst_ = r.gw_dst;
    for (const Hop& h : r.hops) {
      into->link_list_.push_back(h.impl);
      if (latency != nullptr) *latency += h.link->get_latency();
    }
  }

  // NetZoneImpl::get_link_list_impl's choice of a split-duplex link's half, keeping the s4u link.
  static Hop hop(const sg4::LinkInRoute& in, bool backroute) {
    const sg4::Link* l = in.get_link();
    if (l->get_sharing_policy() == sg4::Link::SharingPolicy::SPLITDUPLEX) {
      const auto* sd = dynamic_cast<const sg4::SplitDuplexLink*>(l);
      if (sd == nullptr || in.get_direction() == sg4::LinkInRoute::Direction::NONE)
        throw std::invalid_argument("route through split-duplex link '" + l->get_name() +
                                    "' needs a direction (UP or DOWN)");
      const bool up = (in.get_direction() == sg4::LinkInRoute::Direction::UP) != backroute;
      l = up ? sd->get_link_up() : sd->get_link_down();
    }
    return {l->get_impl(), l};
  }

  static std::string ends(const NetPoint* src, const NetPoint* dst) {
    return "'" + src->get_name() + "' to '" + dst->get_name() + "'";
  }

  void check(NetPoint* src, NetPoint* dst, NetPoint* gw_src, NetPoint* gw_dst,
             const std::vector<sg4::LinkInRoute>& link_list) const {
    if (src == nullptr || dst == nullptr)
      throw std::invalid_argument("route in zone '" + get_name() + "' needs both ends");
    if (link_list.empty())
      throw std::invalid_argument("empty route from " + ends(src, dst) + " in zone '" + get_name() +
                                  "': a route needs at least one link");
    if ((gw_src == nullptr || gw_dst == nullptr) && (src->is_netzone() || dst->is_netzone()))
      throw std::invalid_argument("route from " + ends(src, dst) +
                                  " joins netzones: it needs both gateways");
  }

  void insert(NetPoint* src, NetPoint* dst, NetPoint* gw_src, NetPoint* gw_dst,
              const std::vector<sg4::LinkInRoute>& link_list, bool backroute) {
    StoredRoute r;
    if (get_hierarchy() == RoutingMode::recursive) {
      if (gw_src == nullptr || gw_dst == nullptr)
        throw std::invalid_argument("route from " + ends(src, dst) + " in zone '" + get_name() +
                                    "' (which holds netzones) needs both gateways");
      r.gw_src = gw_src;
      r.gw_dst = gw_dst;
    }
    r.hops.reserve(link_list.size());
    for (const sg4::LinkInRoute& l : link_list)
      r.hops.push_back(hop(l, backroute));
    if (backroute) std::reverse(r.hops.begin(), r.hops.end());
    if (!routes_.emplace(key(src, dst), std::move(r)).second)
      throw std::invalid_argument("route from " + ends(src, dst) + " in zone '" + get_name() +
                                  "' already exists (a symmetrical route adds its reverse too)");
  }

  // FullZone gives every component without a route to itself the network model's loopback link.
  void do_seal() override {
    if (get_hierarchy() != RoutingMode::base) return;
    const sg4::Link* l = sg4::Engine::get_instance()->link_by_name_or_null("__loopback__");
    if (l != nullptr) loopback_ = {l->get_impl(), l};
  }

  std::unordered_map<uint64_t, StoredRoute> routes_;
  Hop loopback_;
};

}  // namespace

sg4::NetZone* create_sparse_route_zone(const std::string& name) {
  return (new SparseRouteZone(name))->get_iface();
}

}  // namespace wt::sg
