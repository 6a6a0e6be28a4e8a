// SparseRouteZone against SimGrid's FullZone: the same small platform built on each gives the same
// routes (links in order, latency sums bit for bit, loopback, symmetrical reverse routes through
// split-duplex halves) and the same simulated comm end times; bad routes get a clear error. Each
// platform lives in its own child process (one SimGrid engine per process).
#include <gtest/gtest.h>

#include <simgrid/s4u.hpp>

#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/engine/simgrid/isolated_run.hpp"
#include "sim/engine/simgrid/sparse_route_zone.hpp"

namespace wt::sg {
namespace {

namespace sg4 = simgrid::s4u;
using MakeZone = std::function<sg4::NetZone*(const std::string&)>;

std::string hex(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);
  return buf;
}

// Four hosts, five links of distinct latencies and a split-duplex link; routes one way, both ways
// (symmetrical) and none (h1 → h3). Returns every ordered pair's route ("names | latency") and
// the end time of five concurrent comms (one a host to itself).
std::string describe(const MakeZone& make) {
  int argc = 2;
  char name[] = "zone-test";
  char log[] = "--log=root.thres:critical";
  char* argv[] = {name, log, nullptr};
  sg4::Engine engine(&argc, argv);
  engine.set_config("network/model:CM02");
  engine.set_config("network/crosstraffic:0");
  engine.set_config("network/TCP-gamma:0");
  sg4::NetZone* zone = make("zone");
  std::vector<sg4::Host*> h;
  for (int i = 0; i < 4; ++i)
    h.push_back(zone->create_host("h" + std::to_string(i), 1e9));
  std::vector<sg4::Link*> l;
  for (int i = 0; i < 5; ++i) {
    l.push_back(zone->create_link("l" + std::to_string(i), 1e9 * (i + 1)));
    l.back()->set_latency(1e-6 * (i + 1) + 1e-7 / 3);
    l.back()->seal();
  }
  sg4::SplitDuplexLink* sd = zone->create_split_duplex_link("sd", 2.5e9);
  sd->set_latency(7e-7);
  sd->seal();
  using In = sg4::LinkInRoute;
  auto np = [&](int i) { return h[static_cast<size_t>(i)]->get_netpoint(); };
  zone->add_route(np(0), np(1), nullptr, nullptr, {In(l[0]), In(l[1])}, false);
  zone->add_route(np(1), np(0), nullptr, nullptr, {In(l[2])}, false);
  zone->add_route(np(0), np(2), nullptr, nullptr, {In(l[0]), In(sd, In::Direction::UP), In(l[3])},
                  true);
  zone->add_route(np(2), np(3), nullptr, nullptr, {In(sd, In::Direction::DOWN)}, false);
  zone->add_route(np(3), np(0), nullptr, nullptr, {In(l[4]), In(l[1]), In(l[2])}, false);
  zone->seal();
  std::string out;
  for (int a = 0; a < 4; ++a) {
    for (int b = 0; b < 4; ++b) {
      std::vector<sg4::Link*> links;
      double latency = 0;
      h[static_cast<size_t>(a)]->route_to(h[static_cast<size_t>(b)], links, &latency);
      out += "h" + std::to_string(a) + ">h" + std::to_string(b) + ":";
      for (const sg4::Link* k : links)
        out += " " + k->get_name();
      out += " | " + hex(latency) + "\n";
    }
  }
  std::vector<double> end(5, -1);
  const std::vector<std::pair<int, int>> comms = {{0, 1}, {0, 2}, {2, 0}, {3, 0}, {1, 1}};
  for (size_t c = 0; c < comms.size(); ++c) {
    sg4::Actor::create("a" + std::to_string(c), h[0], [&, c] {
      sg4::Comm::sendto(h[static_cast<size_t>(comms[c].first)],
                        h[static_cast<size_t>(comms[c].second)], 1000000 * (c + 1));
      end[c] = sg4::Engine::get_clock();
    });
  }
  engine.run();
  for (double t : end)
    out += "end " + hex(t) + "\n";
  return out;
}

std::string sparse() {
  return describe([](const std::string& n) { return create_sparse_route_zone(n); });
}

TEST(SparseRouteZone, GivesFullZonesRoutesAndTimes) {
  const std::string full = run_isolated(
      [] { return describe([](const std::string& n) { return sg4::create_full_zone(n); }); });
  EXPECT_EQ(run_isolated(sparse), full);
}

TEST(SparseRouteZone, RoutesAreTheLinksAddedWithTheirLatencySum) {
  const std::string routes = run_isolated(sparse);
  // l0, sd's up half, l3 (latencies 1e-6 + 1e-7/3, 7e-7, 4e-6 + 1e-7/3, added in that order).
  const double there = (1e-6 + 1e-7 / 3) + 7e-7 + (4e-6 + 1e-7 / 3);
  EXPECT_NE(routes.find("h0>h2: l0 sd_UP l3 | " + hex(there) + "\n"), std::string::npos) << routes;
  // The symmetrical reverse: the other half, the links in reverse order.
  const double back = (4e-6 + 1e-7 / 3) + 7e-7 + (1e-6 + 1e-7 / 3);
  EXPECT_NE(routes.find("h2>h0: l3 sd_DOWN l0 | " + hex(back) + "\n"), std::string::npos) << routes;
  EXPECT_NE(routes.find("h1>h3: | 0x0p+0\n"), std::string::npos) << routes;  // no route
  EXPECT_NE(routes.find("h1>h1: __loopback__ | "), std::string::npos) << routes;
}

TEST(SparseRouteZone, RefusesARouteAddedTwiceOrEmpty) {
  auto add_twice = [](bool empty) {
    return [empty] {
      int argc = 1;
      char name[] = "zone-test";
      char* argv[] = {name, nullptr};
      sg4::Engine engine(&argc, argv);
      sg4::NetZone* zone = create_sparse_route_zone("zone");
      sg4::Host* a = zone->create_host("a", 1e9);
      sg4::Host* b = zone->create_host("b", 1e9);
      sg4::Link* l = zone->create_link("l", 1e9)->seal();
      std::vector<sg4::LinkInRoute> hops;
      if (!empty) hops.emplace_back(l);
      zone->add_route(a->get_netpoint(), b->get_netpoint(), nullptr, nullptr, hops, true);
      zone->add_route(b->get_netpoint(), a->get_netpoint(), nullptr, nullptr, hops, false);
      return std::string("accepted");
    };
  };
  try {
    run_isolated(add_twice(false));
    ADD_FAILURE() << "a second route b → a was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("route from 'b' to 'a' in zone 'zone' already exists"),
              std::string::npos)
        << e.what();
  }
  try {
    run_isolated(add_twice(true));
    ADD_FAILURE() << "an empty route was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("empty route from 'a' to 'b'"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace wt::sg
