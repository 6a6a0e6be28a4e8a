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

int64_t leaf_down_ports(const FatTreeConfig& ft) {
  return fat_tree_leaf_down_ports(ft);
}

bool rail_tree(const NetworkConfig& net) {
  return net.rail_optimized && net.fat_tree.levels >= 2;
}

// L=1: one switch, k ports. L=2: k leaves (a spine has k ports) of d node ports each. L=3: k pods
// (a core switch has k ports) of k/2 leaves (an aggregation switch has k/2 ports down) of d ports.
// Rail-optimized, each of the n rails owns whole leaves (L=2) or pods (L=3): ⌊k/n⌋ per rail.
int64_t fat_tree_max_endpoints(const NetworkConfig& net) {
  const FatTreeConfig& ft = net.fat_tree;
  const int64_t k = ft.switch_radix;
  if (ft.levels <= 1) {
    return k;
  }
  const int64_t rails = std::max(1, net.nics_per_node);
  const int64_t top_ports = rail_tree(net) ? rails * (k / rails) : k;
  const int64_t d = leaf_down_ports(ft);
  if (ft.levels == 2) {
    return top_ports * d;
  }
  return top_ports * (k / 2) * d;
}

// The leaf's down:up port ratio d/(k−d) divides the bisection when the tree has more than one leaf
// to cross between: the NICs need more than d ports, or (rail-optimized) there are several rails,
// each with its own leaves. One switch, or one leaf, has no taper.
double fat_tree_taper(const ClusterConfig& cluster) {
  const FatTreeConfig& ft = cluster.network.fat_tree;
  if (ft.levels <= 1) return 1.0;
  const int64_t d = leaf_down_ports(ft);
  const int64_t rails = cluster.network.rail_optimized ? cluster.network.nics_per_node : 1;
  const int64_t rail_nics = int64_t{cluster.num_nodes} * cluster.network.nics_per_node / rails;
  const int64_t leaves = rails * ((rail_nics + d - 1) / d);
  if (leaves <= 1) return 1.0;
  return std::max(1.0, static_cast<double>(d) / static_cast<double>(ft.switch_radix - d));
}

NetworkSummary fat_tree_summary(const ClusterConfig& cluster, NetworkSummary s) {
  const NetworkConfig& net = cluster.network;
  const FatTreeConfig& ft = net.fat_tree;
  s.max_endpoints = clamp_to_int(fat_tree_max_endpoints(net));
  s.hops_between_nodes = 2 * std::max(1, ft.levels);
  s.bisection_Bps = s.endpoints / 2.0 * link_Bps(net) / fat_tree_taper(cluster);
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

// Global links cut when the groups are split in two halves: every group pair is joined by
// ⌊a·h/(g−1)⌋ global cables (the ports left over stay unused); one group: its all-to-all local
// links.
double dragonfly_bisection_links(const DragonflyConfig& df) {
  const double g = df.groups;
  const double a = df.routers_per_group;
  const double halves = std::floor(g / 2) * std::ceil(g / 2);
  if (df.groups <= 1) {
    return std::floor(a / 2) * std::ceil(a / 2);
  }
  const int64_t per_pair =
      int64_t{df.routers_per_group} * df.global_links_per_router / (df.groups - 1);
  return halves * static_cast<double>(per_pair);
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
                         const std::string& problem) {
  const NetworkSummary s = summarize_network(cluster);
  if (s.endpoints <= s.max_endpoints) {
    return std::nullopt;
  }
  return NetworkProblem{path, problem,
                        std::to_string(s.endpoints) + " NICs (num_nodes × nics_per_node)",
                        "at most " + std::to_string(s.max_endpoints) + " NICs"};
}

std::string fat_tree_capacity_text(const NetworkConfig& net) {
  const std::string problem = "has fewer node ports than the cluster has NICs";
  if (!rail_tree(net)) return "the fat-tree " + problem;
  const int k = net.fat_tree.switch_radix;
  const int n = net.nics_per_node;
  const bool spines = net.fat_tree.levels == 2;
  return "the rail-optimized fat-tree " + problem + ": each of its " + std::to_string(n) +
         " rails has its own " + (spines ? "leaves" : "pods") + ", at most " +
         std::to_string(k / n) + " (" + std::to_string(k) + "/" + std::to_string(n) +
         ") per rail on " + std::to_string(k) + "-port " + (spines ? "spines" : "cores");
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
  return capacity_problem(cluster, path, fat_tree_capacity_text(cluster.network));
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
  return capacity_problem(cluster, path,
                          "the dragonfly has fewer node ports than the cluster has NICs");
}

}  // namespace

// Leaf switch ports facing the nodes for a down:up ratio r: d = round(k·r/(1+r)), at least one
// port each way.
int fat_tree_leaf_down_ports(const FatTreeConfig& ft) {
  const double k = ft.switch_radix;
  const double r = ft.oversubscription;
  const auto d = static_cast<int>(std::lround(k * r / (1.0 + r)));
  return std::clamp(d, 1, std::max(1, ft.switch_radix - 1));
}

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
      s = fat_tree_summary(cluster, s);
      break;
    case NetworkTopology::torus:
      s = torus_summary(net, s);
      break;
    case NetworkTopology::dragonfly:
      s = dragonfly_summary(net, s);
      break;
  }
  if (cluster.num_nodes < 2) s.bisection_Bps = 0.0;  // one node cannot be split
  return s;
}

}  // namespace wt
