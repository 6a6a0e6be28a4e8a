// The closed forms' dispatch and what the topologies' closed forms share (docs/collectives.md,
// "Network closed forms"); each topology's own are in its file.
#include "topology/network_summary.hpp"

#include <algorithm>
#include <climits>
#include <sstream>

#include "topology/builders.hpp"

namespace wt::topo {

double network_link_Bps(const NetworkConfig& net) {
  return net.link_bandwidth_Gbps * 1e9 / 8.0;
}

int clamp_to_int(int64_t v) {
  return static_cast<int>(std::min<int64_t>(v, INT_MAX));
}

std::string number_text(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

std::optional<NetworkProblem> capacity_problem(const ClusterConfig& cluster,
                                               const std::string& path,
                                               const std::string& problem) {
  const NetworkSummary s = summarize_network(cluster);
  if (s.endpoints <= s.max_endpoints) {
    return std::nullopt;
  }
  return NetworkProblem{path, problem,
                        std::to_string(s.endpoints) + " NICs (num_nodes × nics_per_node)",
                        "at most " + std::to_string(s.max_endpoints) + " NICs"};
}

std::optional<NetworkProblem> check_network(const ClusterConfig& cluster) {
  return closed_forms_of(cluster.network).check(cluster);
}

NetworkSummary summarize_network(const ClusterConfig& cluster) {
  const NetworkConfig& net = cluster.network;
  NetworkSummary s;
  s.endpoints = clamp_to_int(int64_t{cluster.num_nodes} * net.nics_per_node);
  s.per_gpu_injection_Bps = cluster.gpus_per_node > 0
                                ? network_link_Bps(net) * net.nics_per_node / cluster.gpus_per_node
                                : 0.0;
  s = closed_forms_of(net).summarize(cluster, s);
  if (cluster.num_nodes < 2) s.bisection_Bps = 0.0;  // one node cannot be split
  return s;
}

}  // namespace wt::topo
