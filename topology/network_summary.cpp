// Closed forms of the inter-node networks (docs/collectives.md, "Network closed forms"): capacity,
// worst-case hops and bisection of fat-tree, torus and dragonfly fabrics.
#include "topology/network_summary.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <sstream>
#include <string>

namespace wt {
namespace {

constexpr int kNicLinks = 2;  // node → first switch and last switch → node

double link_Bps(const NetworkConfig& net) {
  return net.link_bandwidth_Gbps * 1e9 / 8.0;
}

int clamp_to_int(int64_t v) {
  return static_cast<int>(std::min<int64_t>(v, INT_MAX));
}

// Leaf switch ports facing the nodes for a down:up ratio r: d = round(k·r/(1+r)), at least one
// port each way.
int64_t leaf_down_ports(const FatTreeConfig& ft) {
  const double k = ft.switch_radix;
  const double r = ft.oversubscription;
  const auto d = static_cast<int64_t>(std::lround(k * r / (1.0 + r)));
  return std::clamp<int64_t>(d, 1, std::max(1, ft.switch_radix - 1));
}

// L=1: one switch, k ports. L=2: k leaves (a spine has k ports) of d node ports each. L=3: k pods
// (a core switch has k ports) of k/2 leaves (an aggregation switch has k/2 ports down) of d ports.
int64_t fat_tree_max_endpoints(const FatTreeConfig& ft) {
  const int64_t k = ft.switch_radix;
  if (ft.levels <= 1) {
    return k;
  }
  const int64_t d = leaf_down_ports(ft);
  if (ft.levels == 2) {
    return k * d;
  }
  return k * (k / 2) * d;
}

NetworkSummary fat_tree_summary(const NetworkConfig& net, NetworkSummary s) {
  const FatTreeConfig& ft = net.fat_tree;
  s.max_endpoints = clamp_to_int(fat_tree_max_endpoints(ft));
  s.hops_between_nodes = 2 * std::max(1, ft.levels);
  const double taper = ft.levels <= 1 ? 1.0 : ft.oversubscription;  // one switch: no up-links
  s.bisection_Bps = s.endpoints / 2.0 * link_Bps(net) / taper;
  return s;
}

int64_t product(const std::vector<int>& dims) {
  return std::accumulate(dims.begin(), dims.end(), int64_t{1},
                         [](int64_t a, int b) { return a * b; });
}

// Each node is a vertex of the torus; a cut across the largest dimension crosses product/max
// vertices' links, twice because of the wrap-around.
NetworkSummary torus_summary(const NetworkConfig& net, NetworkSummary s) {
  const std::vector<int>& dims = net.torus.dims;
  const int64_t vertices = product(dims);
  s.max_endpoints = clamp_to_int(vertices * net.nics_per_node);
  int diameter = 0;
  for (int d : dims) {
    diameter += d / 2;
  }
  s.hops_between_nodes = diameter + kNicLinks;
  const int max_dim = dims.empty() ? 1 : *std::max_element(dims.begin(), dims.end());
  const double cut_links = max_dim < 2 ? 0.0 : 2.0 * static_cast<double>(vertices) / max_dim;
  s.bisection_Bps = cut_links * link_Bps(net);
  return s;
}

// Global links cut when the groups are split in two halves, the g·a·h/2 global links being spread
// evenly over the g(g−1)/2 group pairs; one group: its all-to-all local links.
double dragonfly_bisection_links(const DragonflyConfig& df) {
  const double g = df.groups;
  const double a = df.routers_per_group;
  const double halves = std::floor(g / 2) * std::ceil(g / 2);
  if (df.groups <= 1) {
    return std::floor(a / 2) * std::ceil(a / 2);
  }
  return halves * a * df.global_links_per_router / (g - 1);
}

// Worst case: local, global, local router links, plus the two NIC links.
NetworkSummary dragonfly_summary(const NetworkConfig& net, NetworkSummary s) {
  const DragonflyConfig& df = net.dragonfly;
  const int64_t nodes = int64_t{df.groups} * df.routers_per_group * df.nodes_per_router;
  s.max_endpoints = clamp_to_int(nodes * net.nics_per_node);
  s.hops_between_nodes = 3 + kNicLinks;
  s.bisection_Bps = dragonfly_bisection_links(df) * link_Bps(net);
  return s;
}

std::string text(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

std::string text(const std::vector<int>& dims) {
  std::string out = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    out += (i ? ", " : "") + std::to_string(dims[i]);
  }
  return out + "]";
}

using Problem = std::optional<NetworkProblem>;

Problem capacity_problem(const ClusterConfig& cluster, const std::string& path,
                         const std::string& fabric) {
  const NetworkSummary s = summarize_network(cluster);
  if (s.endpoints <= s.max_endpoints) {
    return std::nullopt;
  }
  return NetworkProblem{path, "the " + fabric + " has fewer node ports than the cluster has NICs",
                        std::to_string(s.endpoints) + " NICs (num_nodes × nics_per_node)",
                        "at most " + std::to_string(s.max_endpoints) + " NICs"};
}

Problem check_fat_tree(const ClusterConfig& cluster) {
  const FatTreeConfig& ft = cluster.network.fat_tree;
  const std::string path = "cluster.network.fat_tree";
  if (ft.levels < 1 || ft.levels > 3) {
    return NetworkProblem{path + ".levels", "unsupported number of fat-tree levels",
                          std::to_string(ft.levels), "1, 2 or 3"};
  }
  if (ft.switch_radix < 2) {
    return NetworkProblem{path + ".switch_radix", "a switch needs at least two ports",
                          std::to_string(ft.switch_radix), ">= 2"};
  }
  if (!(ft.oversubscription > 0.0)) {
    return NetworkProblem{path + ".oversubscription", "oversubscription must be positive",
                          text(ft.oversubscription), "> 0 (1 = non-blocking)"};
  }
  return capacity_problem(cluster, path, "fat-tree");
}

Problem check_torus(const ClusterConfig& cluster) {
  const std::vector<int>& dims = cluster.network.torus.dims;
  const std::string path = "cluster.network.torus.dims";
  const bool positive = std::all_of(dims.begin(), dims.end(), [](int d) { return d >= 1; });
  if (dims.empty() || !positive) {
    return NetworkProblem{path, "torus dimensions must be given, each at least 1", text(dims),
                          "positive sizes whose product is cluster.num_nodes"};
  }
  if (product(dims) != cluster.num_nodes) {
    return NetworkProblem{
        path, "the torus has one node per vertex, so its size must match",
        text(dims) + " (product " + std::to_string(product(dims)) + ")",
        "dims whose product is cluster.num_nodes = " + std::to_string(cluster.num_nodes)};
  }
  return std::nullopt;
}

Problem check_dragonfly_parameters(const DragonflyConfig& df, const std::string& path) {
  const std::pair<const char*, int> fields[] = {
      {"groups", df.groups},
      {"routers_per_group", df.routers_per_group},
      {"nodes_per_router", df.nodes_per_router},
      {"global_links_per_router", df.global_links_per_router}};
  for (const auto& [name, value] : fields) {
    if (value < 1) {
      return NetworkProblem{path + "." + name, "a dragonfly needs this to be given",
                            std::to_string(value), ">= 1"};
    }
  }
  return std::nullopt;
}

Problem check_dragonfly(const ClusterConfig& cluster) {
  const DragonflyConfig& df = cluster.network.dragonfly;
  const std::string path = "cluster.network.dragonfly";
  if (Problem p = check_dragonfly_parameters(df, path)) {
    return p;
  }
  const int reachable = df.routers_per_group * df.global_links_per_router + 1;
  if (df.groups > reachable) {
    return NetworkProblem{
        path + ".groups", "each group needs a global link to every other group",
        std::to_string(df.groups),
        "at most routers_per_group × global_links_per_router + 1 = " + std::to_string(reachable)};
  }
  if (df.groups > df.routers_per_group) {
    return NetworkProblem{path + ".groups",
                          "SimGrid 3.32's dragonfly crashes when groups exceed routers per group",
                          std::to_string(df.groups),
                          "at most routers_per_group = " + std::to_string(df.routers_per_group)};
  }
  return capacity_problem(cluster, path, "dragonfly");
}

}  // namespace

std::optional<NetworkProblem> check_network(const ClusterConfig& cluster) {
  switch (cluster.network.topology) {
    case NetworkTopology::fat_tree:
      return check_fat_tree(cluster);
    case NetworkTopology::torus:
      return check_torus(cluster);
    case NetworkTopology::dragonfly:
      return check_dragonfly(cluster);
  }
  return std::nullopt;
}

NetworkSummary summarize_network(const ClusterConfig& cluster) {
  const NetworkConfig& net = cluster.network;
  NetworkSummary s;
  s.endpoints = clamp_to_int(int64_t{cluster.num_nodes} * net.nics_per_node);
  s.per_gpu_injection_Bps =
      cluster.gpus_per_node > 0 ? link_Bps(net) * net.nics_per_node / cluster.gpus_per_node : 0.0;
  switch (net.topology) {
    case NetworkTopology::fat_tree:
      return fat_tree_summary(net, s);
    case NetworkTopology::torus:
      return torus_summary(net, s);
    case NetworkTopology::dragonfly:
      return dragonfly_summary(net, s);
  }
  return s;
}

}  // namespace wt
