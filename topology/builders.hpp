#pragma once
// The topology builders behind build_topology (registry.cpp), one per file with that topology's
// closed forms (network_summary.hpp), and the checks they share. Each builder assumes
// build_topology's checks passed and adds its own refusals.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "topology/cluster_config.hpp"
#include "topology/network_summary.hpp"
#include "topology/topology.hpp"

namespace wt::topo {

std::unique_ptr<Topology> make_fat_tree(const ClusterConfig& cluster, double intra_node_Bps);
std::unique_ptr<Topology> make_rail_fat_tree(const ClusterConfig& cluster, double intra_node_Bps);
std::unique_ptr<Topology> make_torus(const ClusterConfig& cluster, double intra_node_Bps);
std::unique_ptr<Topology> make_dragonfly(const ClusterConfig& cluster, double intra_node_Bps);

// Each topology's closed forms, beside its builder. `summarize` completes a summary whose
// endpoints and per-GPU injection are filled; `check` returns the first parameter the topology
// refuses, or nullopt.
NetworkSummary fat_tree_summary(const ClusterConfig& cluster, NetworkSummary s);
std::optional<NetworkProblem> check_fat_tree(const ClusterConfig& cluster);
NetworkSummary rail_fat_tree_summary(const ClusterConfig& cluster, NetworkSummary s);
std::optional<NetworkProblem> check_rail_fat_tree(const ClusterConfig& cluster);
NetworkSummary torus_summary(const ClusterConfig& cluster, NetworkSummary s);
std::optional<NetworkProblem> check_torus(const ClusterConfig& cluster);
NetworkSummary dragonfly_summary(const ClusterConfig& cluster, NetworkSummary s);
std::optional<NetworkProblem> check_dragonfly(const ClusterConfig& cluster);

// The closed forms of the registered topology that builds `network` (registry.cpp).
struct ClosedForms {
  NetworkSummary (*summarize)(const ClusterConfig& cluster, NetworkSummary s);
  std::optional<NetworkProblem> (*check)(const ClusterConfig& cluster);
};
const ClosedForms& closed_forms_of(const NetworkConfig& network);

// What the closed forms share (network_summary.cpp).
inline constexpr int kNicLinks = 2;  // node → first switch and last switch → node
double network_link_Bps(const NetworkConfig& net);
int clamp_to_int(int64_t v);
std::string number_text(double v);
// The cluster's NICs against the summary's max_endpoints: `problem` at `path` when they do not fit.
std::optional<NetworkProblem> capacity_problem(const ClusterConfig& cluster,
                                               const std::string& path, const std::string& problem);

// Refuses clusters no topology can build: no nodes, GPUs or NICs, a non-positive line rate or
// intra-node bandwidth, negative latencies; and, for two nodes or more, whatever check_network
// refuses (InputError with path, problem, value and allowed values).
void check_buildable(const ClusterConfig& cluster, double intra_node_Bps);

// Refuses a graph whose vertex or link ids would not fit in 32 bits: the nodes plus
// `network_vertices` and `network_links` more.
void check_indexable(const ClusterConfig& cluster, int64_t network_vertices, int64_t network_links);

}  // namespace wt::topo
