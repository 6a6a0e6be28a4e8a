#include "sim/engine/budget.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/error.hpp"
#include "sim/comm/parameter_server.hpp"
#include "topology/cluster_topology.hpp"
#include "topology/node_fabric.hpp"

namespace wt {
namespace {

int64_t pairs(int64_t n) {
  return n * (n - 1) / 2;
}

int64_t ceil_div(int64_t a, int64_t b) {
  return b > 0 ? (a + b - 1) / b : a;
}

// Network switches and directed links of the fabric between the nodes.
void count_network(const ClusterConfig& c, int64_t& switches, int64_t& links) {
  const NetworkConfig& n = c.network;
  const int64_t nodes = c.num_nodes;
  const int64_t nics = nodes * n.nics_per_node;
  switch (n.topology) {
    case NetworkTopology::fat_tree: {
      // An upper bound: a leaf per radix/2 NICs (fewer when oversubscribed); above the NICs'
      // cables, every port of those switches cabled, on every level, plus half a radix of
      // switches per level for partly filled pods and cores.
      const int64_t levels = n.fat_tree.levels;
      const int64_t radix = std::max(2, n.fat_tree.switch_radix);
      const int64_t per_level = ceil_div(nics, radix / 2) + radix / 2;
      switches = levels * per_level;
      links = 2 * (nics + (levels - 1) * per_level * radix);
      return;
    }
    case NetworkTopology::torus: {
      const auto& dims = n.torus.dims;
      const int64_t rings = std::count_if(dims.begin(), dims.end(), [](int d) { return d > 1; });
      switches = nodes;
      links = 2 * (nics + nodes * rings);
      return;
    }
    case NetworkTopology::dragonfly: {
      const DragonflyConfig& df = n.dragonfly;
      const int64_t g = df.groups;
      const int64_t a = df.routers_per_group;
      const int64_t m = g < 2 ? 0 : a * df.global_links_per_router / (g - 1);
      switches = g * a;
      links = 2 * (nics + g * pairs(a) + pairs(g) * m);
      return;
    }
  }
}

// "4 GiB (4,295,432,960 bytes)": the rounded size and the exact count, so that an estimate just
// above its limit never reads as equal to it.
std::string exact_bytes_text(double bytes) {
  std::string digits = std::to_string(static_cast<long long>(std::llround(bytes)));
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3)
    digits.insert(static_cast<size_t>(i), ",");
  return byte_text(bytes) + " (" + digits + " bytes)";
}

std::string count_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, v < 1e6 ? "%.0f" : "%.3g", v);
  return buf;
}

}  // namespace

std::string byte_text(double bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  int u = 0;
  while (bytes >= 1024.0 && u < 5) {
    bytes /= 1024.0;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.3g %s", bytes, units[u]);
  return buf;
}

void count_topology(const ClusterConfig& cluster, int64_t& vertices, int64_t& links) {
  const topo::NodeFabricParams p = topo::node_fabric_params(cluster, 1.0);
  vertices = int64_t{cluster.num_nodes} * topo::NodeFabric::vertices_per_node(p);
  links = int64_t{cluster.num_nodes} * topo::NodeFabric::links_per_node(p);
  if (cluster.num_nodes < 2) return;
  int64_t switches = 0;
  int64_t network_links = 0;
  count_network(cluster, switches, network_links);
  vertices += switches;
  links += network_links;
}

ResourceEstimate estimate_resources(const Scenario& s, bool build_graph, bool simgrid) {
  ResourceEstimate e;
  // SimGrid's network holds dedicated parameter servers and backup workers too.
  const ClusterConfig cluster = simgrid ? simulated_cluster(s) : s.cluster;
  e.gpus = cluster.num_gpus();
  if (build_graph || simgrid) {
    count_topology(cluster, e.vertices, e.links);
    e.topology_bytes = static_cast<double>(e.links) * kTopologyBytesPerLink +
                       static_cast<double>(e.vertices) * kTopologyBytesPerVertex;
  }
  if (simgrid) {
    e.simgrid_bytes = kSimgridBytesPerGpuPow1_5 * std::pow(static_cast<double>(e.gpus), 1.5);
  }
  return e;
}

void check_resources(const ResourceEstimate& e, const ResourceLimits& limits) {
  if (e.memory_bytes() > limits.memory_bytes) {
    std::string what = "the topology graph (" + count_text(static_cast<double>(e.links)) +
                       " links, " + count_text(static_cast<double>(e.vertices)) +
                       " vertices: " + byte_text(e.topology_bytes) + ")";
    if (e.simgrid_bytes > 0.0) {
      what += " and the SimGrid platform (" + count_text(static_cast<double>(e.gpus)) +
              " GPUs: " + byte_text(e.simgrid_bytes) + ")";
    }
    throw InputError("--max-memory",
                     "the estimated memory, " + exact_bytes_text(e.memory_bytes()) + " for " +
                         what + ", is above the limit of " + exact_bytes_text(limits.memory_bytes),
                     "", "a smaller cluster, or raise the limit, e.g. --max-memory 16GiB");
  }
}

void check_trace_size(double events, const ResourceLimits& limits) {
  const double bytes = events * kTraceBytesPerEvent;
  if (bytes <= limits.trace_bytes) return;
  throw InputError("--max-trace",
                   "the estimated trace, " + exact_bytes_text(bytes) + " of JSON for " +
                       count_text(events) + " events (before any gzip), is above the limit of " +
                       exact_bytes_text(limits.trace_bytes),
                   "", "a smaller cluster, or raise the limit, e.g. --max-trace 10GiB");
}

void check_chakra_size(double bytes, int ranks, const ResourceLimits& limits) {
  if (bytes <= limits.trace_bytes) return;
  throw InputError("--max-trace",
                   "the estimated --chakra traces, " + exact_bytes_text(bytes) + " for " +
                       std::to_string(ranks) + " ranks, are above the limit of " +
                       exact_bytes_text(limits.trace_bytes),
                   "", "a smaller cluster, or raise the limit, e.g. --max-trace 10GiB");
}

}  // namespace wt
