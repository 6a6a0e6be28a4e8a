#pragma once
// The topology builders behind build_topology (registry.cpp), one per file, and the checks they
// share. Each builder assumes build_topology's checks passed and adds its own refusals.
#include <cstdint>
#include <memory>

#include "topology/cluster_config.hpp"
#include "topology/topology.hpp"

namespace wt::topo {

std::unique_ptr<Topology> make_fat_tree(const ClusterConfig& cluster, double intra_node_Bps);
std::unique_ptr<Topology> make_rail_fat_tree(const ClusterConfig& cluster, double intra_node_Bps);
std::unique_ptr<Topology> make_torus(const ClusterConfig& cluster, double intra_node_Bps);
std::unique_ptr<Topology> make_dragonfly(const ClusterConfig& cluster, double intra_node_Bps);

// Refuses clusters no topology can build: no nodes, GPUs or NICs, a non-positive line rate or
// intra-node bandwidth, negative latencies; and, for two nodes or more, whatever check_network
// refuses (InputError with path, problem, value and allowed values).
void check_buildable(const ClusterConfig& cluster, double intra_node_Bps);

// Refuses a graph whose vertex or link ids would not fit in 32 bits: the nodes plus
// `network_vertices` and `network_links` more.
void check_indexable(const ClusterConfig& cluster, int64_t network_vertices, int64_t network_links);

}  // namespace wt::topo
