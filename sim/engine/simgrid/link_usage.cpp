#include "sim/engine/simgrid/link_usage.hpp"

#include <algorithm>

namespace wt::sg {

double effective_Bps(const topo::Link& link, const SimgridSetup& setup) {
  const double scale =
      link.level == topo::LinkLevel::intra_node ? setup.intra_node_scale : setup.network_scale;
  return link.bandwidth_Bps * scale;
}

LinkUsage::LinkUsage(const SimgridSetup& setup, int mirrored_rails)
    : setup_(setup), mirrored_rails_(mirrored_rails), slot_(setup.topology->links().size(), -1) {}

LinkUsage::Route& LinkUsage::route(int32_t src, int32_t dst) {
  const uint64_t key =
      (static_cast<uint64_t>(static_cast<uint32_t>(src)) << 32) | static_cast<uint32_t>(dst);
  auto it = routes_.find(key);
  if (it != routes_.end()) return it->second;
  Route r;
  setup_.topology->route(src, dst, flow_hash(*setup_.topology, src, dst), r.links);
  for (int32_t id : r.links)
    r.latency_s += setup_.topology->links()[static_cast<size_t>(id)].latency_s;
  return routes_.emplace(key, std::move(r)).first->second;  // references stay valid
}

LinkUsage::Usage& LinkUsage::usage(int32_t link) {
  int32_t& slot = slot_[static_cast<size_t>(link)];
  if (slot < 0) {
    slot = static_cast<int32_t>(usages_.size());
    usages_.push_back({link, 0.0, {}, 0});
  }
  return usages_[static_cast<size_t>(slot)];
}

void LinkUsage::add_flow(const Flow& f, double start_s, double end_s) {
  Route& r = route(f.src, f.dst);
  r.simulated = true;
  const double from_s = std::min(end_s, start_s + r.latency_s);
  for (int32_t id : r.links) {
    Usage& u = usage(id);
    u.bytes += f.bytes;
    if (end_s > from_s) u.busy.push_back({from_s, end_s});
    if (u.busy.size() > 2 * u.merged + 64) {  // keeps memory linear in the busy periods
      merge(u.busy);
      u.merged = u.busy.size();
    }
  }
}

// Reduction C': rail j's routes map onto rail 0's link by link, and no other flow crosses them,
// so each of their links carries exactly what its rail-0 image carries.
void LinkUsage::mirror_rails() {
  std::vector<uint64_t> pairs;
  for (const auto& [key, r] : routes_) {
    if (r.simulated) pairs.push_back(key);
  }
  std::sort(pairs.begin(), pairs.end());
  std::vector<char> done(slot_.size(), 0);
  for (uint64_t key : pairs) {
    const auto src = static_cast<int32_t>(key >> 32), dst = static_cast<int32_t>(key);
    const std::vector<int32_t>& zero = route(src, dst).links;
    for (int rail = 1; rail < mirrored_rails_; ++rail) {
      const std::vector<int32_t>& twin = route(src + rail, dst + rail).links;
      for (size_t k = 0; k < twin.size() && k < zero.size(); ++k) {
        if (done[static_cast<size_t>(twin[k])]) continue;
        done[static_cast<size_t>(twin[k])] = 1;
        const Usage image = usage(zero[k]);  // a copy: usage() may grow usages_
        Usage& u = usage(twin[k]);
        u.bytes = image.bytes;
        u.busy = image.busy;
      }
    }
  }
}

// The per-link entries of a closed phase, built at its first run.
int32_t LinkUsage::closed_phase(const FlowPhase& phase) {
  auto [it, added] = closed_ids_.emplace(&phase, static_cast<int32_t>(closed_.size()));
  if (!added) return it->second;
  std::map<int32_t, ClosedEntry> by_link;
  for (const Flow& f : phase.closed_flows) {
    const std::vector<int32_t>& path = route(f.src, f.dst).links;
    double rate_Bps = 0.0;
    for (int32_t id : path) {
      const double Bps = effective_Bps(setup_.topology->links()[static_cast<size_t>(id)], setup_);
      rate_Bps = rate_Bps == 0.0 ? Bps : std::min(rate_Bps, Bps);
    }
    for (int32_t id : path) {
      ClosedEntry& e = by_link[id];
      e.link = id;
      e.bytes += f.bytes;
      if (rate_Bps > 0.0) e.busy_s += f.bytes / rate_Bps;
    }
  }
  ClosedPhase closed;
  for (const auto& [id, e] : by_link)
    closed.entries.push_back(e);
  closed_.push_back(std::move(closed));
  return it->second;
}

void LinkUsage::add_closed_phase(const FlowPhase& phase, double end_s) {
  closed_[static_cast<size_t>(closed_phase(phase))].ends_s.push_back(end_s);
}

void LinkUsage::expand(const Signature& sig, std::vector<Interval>& out) const {
  for (const auto& [id, busy_s] : sig) {
    for (double end_s : closed_[static_cast<size_t>(id)].ends_s)
      out.push_back({std::max(0.0, end_s - busy_s), end_s});
  }
}

void LinkUsage::merge(std::vector<Interval>& busy) {
  std::sort(busy.begin(), busy.end(), [](const Interval& a, const Interval& b) {
    return a.from_s < b.from_s || (a.from_s == b.from_s && a.to_s < b.to_s);
  });
  size_t out = 0;
  for (const Interval& i : busy) {
    if (out > 0 && i.from_s <= busy[out - 1].to_s) {
      busy[out - 1].to_s = std::max(busy[out - 1].to_s, i.to_s);
    } else {
      busy[out++] = i;
    }
  }
  busy.resize(out);
}

double LinkUsage::total_s(std::vector<Interval>& busy) {
  merge(busy);
  double sum = 0.0;
  for (const Interval& i : busy)
    sum += i.to_s - i.from_s;
  return sum;
}

// Simulated links take their own union; links only closed phases load share one per signature.
std::vector<LinkTraffic> LinkUsage::finish() {
  if (mirrored_rails_ > 1) mirror_rails();
  std::vector<Signature> closed_on(usages_.size());
  for (size_t c = 0; c < closed_.size(); ++c) {
    const double runs = static_cast<double>(closed_[c].ends_s.size());
    for (const ClosedEntry& e : closed_[c].entries) {
      Usage& u = usage(e.link);
      u.bytes += e.bytes * runs;
      closed_on.resize(usages_.size());
      closed_on[static_cast<size_t>(slot_[static_cast<size_t>(e.link)])].emplace_back(
          static_cast<int32_t>(c), e.busy_s);
    }
  }
  std::map<Signature, double> shared_s;
  std::vector<LinkTraffic> out;
  out.reserve(usages_.size());
  for (size_t i = 0; i < usages_.size(); ++i) {
    Usage& u = usages_[i];
    const Signature& sig = closed_on[i];
    double busy_s = 0.0;
    if (u.busy.empty()) {
      auto it = shared_s.find(sig);
      if (it == shared_s.end()) {
        std::vector<Interval> busy;
        expand(sig, busy);
        it = shared_s.emplace(sig, total_s(busy)).first;
      }
      busy_s = it->second;
    } else {
      expand(sig, u.busy);
      busy_s = total_s(u.busy);
    }
    const topo::Link& link = setup_.topology->links()[static_cast<size_t>(u.link)];
    out.push_back({u.link, u.bytes, busy_s, u.bytes / effective_Bps(link, setup_)});
  }
  std::sort(out.begin(), out.end(),
            [](const LinkTraffic& a, const LinkTraffic& b) { return a.link < b.link; });
  return out;
}

}  // namespace wt::sg
