#pragma once
// Small clusters and route checks shared by the topology tests.
#include <cstdint>
#include <string>
#include <vector>

#include "sim/scenario/scenario.hpp"
#include "topology/topology.hpp"

namespace wt::topo::testing {

constexpr double kLink_Bps = 400e9 / 8;  // 400 Gb/s in bytes/s
constexpr double kLinkLatency_s = 1e-6;
constexpr double kGpu_Bps = 450e9;  // NVLink per GPU and direction

// `nodes` nodes of `gpus` GPUs and `nics` NICs on 400 Gb/s, 1 us links; NVSwitch nodes at
// 450 GB/s and 0.7 us.
ClusterConfig cluster(int nodes, int gpus, int nics);
ClusterConfig fat_tree(int nodes, int gpus, int nics, int levels, int radix,
                       double oversubscription, bool rail_optimized);
ClusterConfig torus(std::vector<int> dims, int gpus, int nics);
ClusterConfig dragonfly(int nodes, int nics, int groups, int routers, int per_router, int global);

std::vector<int32_t> route_of(const Topology& t, int src, int dst, uint64_t flow_hash);
// "" when `route` is a chain of links from GPU src's vertex to GPU dst's vertex that visits no
// vertex twice; otherwise what is wrong.
std::string chain_problem(const Topology& t, int src, int dst, const std::vector<int32_t>& route);
// Links of `route` outside the nodes, and their summed latency.
int network_links(const Topology& t, const std::vector<int32_t>& route);
double network_latency_s(const Topology& t, const std::vector<int32_t>& route);
// Links of `route` at `level`.
int links_at(const Topology& t, const std::vector<int32_t>& route, LinkLevel level);
// The largest network_links over every pair of GPUs on distinct nodes and `hashes` flow hashes,
// checking every route's chain on the way.
int worst_network_links(const Topology& t, int hashes);

}  // namespace wt::topo::testing
