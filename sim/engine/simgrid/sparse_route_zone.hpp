#pragma once
// A SimGrid netzone with explicit routes, like SimGrid's FullZone, that stores only the routes
// added. FullZone (SimGrid 3.32) keeps a hosts × hosts table of route pointers: 16,384 hosts cost
// 16,384² × 8 B = 2 GiB before the first route, although each GPU talks to a handful of peers.
// This zone keys its routes by the two netpoints' ids in a hash map and answers a route lookup
// exactly as FullZone does (same links in the same order, same latency sum, same loopback for a
// host to itself, same symmetrical reverse routes). SimGrid types are only forward-declared here.
#include <string>

namespace simgrid::s4u {
class NetZone;
}

namespace wt::sg {

// Creates the zone (the root zone when it is the first one, as sg4::create_full_zone does) and
// returns its interface: create hosts and links on it, add_route, then seal(). Adding a route
// twice, or an empty one, throws std::invalid_argument naming the two ends.
simgrid::s4u::NetZone* create_sparse_route_zone(const std::string& name);

}  // namespace wt::sg
