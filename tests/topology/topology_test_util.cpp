#include "tests/topology/topology_test_util.hpp"

#include <algorithm>
#include <set>
#include <utility>

#include <gtest/gtest.h>

namespace wt::topo::testing {

ClusterConfig cluster(int nodes, int gpus, int nics) {
  ClusterConfig c;
  c.num_nodes = nodes;
  c.gpus_per_node = gpus;
  c.intra_node.fabric = IntraNodeFabric::nvswitch;
  c.intra_node.latency_us = 0.7;
  c.network.link_bandwidth_Gbps = 400.0;
  c.network.link_latency_us = 1.0;
  c.network.nics_per_node = nics;
  return c;
}

ClusterConfig fat_tree(int nodes, int gpus, int nics, int levels, int radix,
                       double oversubscription, bool rail_optimized) {
  ClusterConfig c = cluster(nodes, gpus, nics);
  c.network.topology = NetworkTopology::fat_tree;
  c.network.rail_optimized = rail_optimized;
  c.network.fat_tree = {levels, radix, oversubscription};
  return c;
}

ClusterConfig torus(std::vector<int> dims, int gpus, int nics) {
  int nodes = 1;
  for (int d : dims) {
    nodes *= d;
  }
  ClusterConfig c = cluster(nodes, gpus, nics);
  c.network.topology = NetworkTopology::torus;
  c.network.torus.dims = std::move(dims);
  return c;
}

ClusterConfig dragonfly(int nodes, int nics, int groups, int routers, int per_router, int global) {
  ClusterConfig c = cluster(nodes, nics, nics);
  c.network.topology = NetworkTopology::dragonfly;
  c.network.dragonfly = {groups, routers, per_router, global};
  return c;
}

std::vector<int32_t> route_of(const Topology& t, int src, int dst, uint64_t flow_hash) {
  std::vector<int32_t> out;
  t.route(src, dst, flow_hash, out);
  return out;
}

std::string chain_problem(const Topology& t, int src, int dst, const std::vector<int32_t>& route) {
  if (src == dst) return route.empty() ? "" : "a route to itself is not empty";
  if (route.empty()) return "empty route";
  int32_t at = t.gpu_vertex(src);
  std::set<int32_t> seen = {at};
  for (int32_t id : route) {
    if (id < 0 || static_cast<size_t>(id) >= t.links().size()) return "link id out of range";
    const Link& l = t.links()[static_cast<size_t>(id)];
    if (l.from != at) return "link " + std::to_string(id) + " does not start where the last ended";
    at = l.to;
    if (!seen.insert(at).second)
      return "vertex " + t.vertices()[static_cast<size_t>(at)].name + " visited twice";
  }
  if (at != t.gpu_vertex(dst))
    return "the route ends at " + t.vertices()[static_cast<size_t>(at)].name;
  return "";
}

int network_links(const Topology& t, const std::vector<int32_t>& route) {
  return static_cast<int>(std::count_if(route.begin(), route.end(), [&](int32_t id) {
    return t.links()[static_cast<size_t>(id)].level != LinkLevel::intra_node;
  }));
}

double network_latency_s(const Topology& t, const std::vector<int32_t>& route) {
  double sum = 0.0;
  for (int32_t id : route) {
    const Link& l = t.links()[static_cast<size_t>(id)];
    if (l.level != LinkLevel::intra_node) sum += l.latency_s;
  }
  return sum;
}

int links_at(const Topology& t, const std::vector<int32_t>& route, LinkLevel level) {
  return static_cast<int>(std::count_if(route.begin(), route.end(), [&](int32_t id) {
    return t.links()[static_cast<size_t>(id)].level == level;
  }));
}

int worst_network_links(const Topology& t, int hashes) {
  int worst = 0;
  for (int src = 0; src < t.num_gpus(); ++src) {
    for (int dst = 0; dst < t.num_gpus(); ++dst) {
      if (src / t.gpus_per_node() == dst / t.gpus_per_node()) continue;
      for (int h = 0; h < hashes; ++h) {
        const std::vector<int32_t> r = route_of(t, src, dst, static_cast<uint64_t>(h));
        EXPECT_EQ(chain_problem(t, src, dst, r), "") << src << " → " << dst << " hash " << h;
        worst = std::max(worst, network_links(t, r));
      }
    }
  }
  return worst;
}

}  // namespace wt::topo::testing
