// Building and routing the topology graphs at scale (docs/topology.md, "Scale"): the 16,384-GPU
// rail-optimized 3-level fat-tree of the issue, and tori, dragonflies and plain fat-trees of
// 2,048 nodes. Counters: vertices, directed links, the graph's bytes (containers and names),
// the process's peak RSS, and routes per second.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "topology/topology.hpp"

namespace {

constexpr double kNvlink_Bps = 450e9;

wt::ClusterConfig cluster_2048_nodes() {
  wt::ClusterConfig c;
  c.num_nodes = 2048;
  c.gpus_per_node = 8;
  c.network.nics_per_node = 8;
  c.network.link_bandwidth_Gbps = 400.0;
  return c;
}

wt::ClusterConfig fat_tree(bool rail_optimized) {
  wt::ClusterConfig c = cluster_2048_nodes();
  c.network.topology = wt::NetworkTopology::fat_tree;
  c.network.rail_optimized = rail_optimized;
  c.network.fat_tree = {3, 64, 1.0};
  return c;
}

wt::ClusterConfig torus() {
  wt::ClusterConfig c = cluster_2048_nodes();
  c.network.topology = wt::NetworkTopology::torus;
  c.network.torus.dims = {16, 16, 8};
  return c;
}

wt::ClusterConfig dragonfly() {
  wt::ClusterConfig c = cluster_2048_nodes();
  c.network.topology = wt::NetworkTopology::dragonfly;
  c.network.dragonfly = {16, 16, 8, 4};
  return c;
}

// Bytes held by the graph: vertex and link arrays, GPU table and names past the small-string
// buffer.
double graph_bytes(const wt::topo::Topology& t) {
  double bytes = static_cast<double>(t.vertices().capacity() * sizeof(wt::topo::Vertex) +
                                     t.links().capacity() * sizeof(wt::topo::Link) +
                                     static_cast<size_t>(t.num_gpus()) * sizeof(int32_t));
  for (const wt::topo::Vertex& v : t.vertices()) {
    if (v.name.capacity() > 15) bytes += static_cast<double>(v.name.capacity() + 1);
  }
  return bytes;
}

double peak_rss_bytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) * 1024.0;
}

void BM_Build(benchmark::State& state, wt::ClusterConfig (*make)()) {
  const wt::ClusterConfig c = make();
  std::unique_ptr<wt::topo::Topology> t;
  for (auto _ : state) {
    t = wt::topo::build_topology(c, kNvlink_Bps);
    benchmark::DoNotOptimize(t->links().data());
  }
  state.counters["vertices"] = static_cast<double>(t->vertices().size());
  state.counters["links"] = static_cast<double>(t->links().size());
  state.counters["switches"] = static_cast<double>(t->metrics().switches);
  state.counters["graph_MB"] = graph_bytes(*t) / 1e6;
  state.counters["peak_rss_MB"] = peak_rss_bytes() / 1e6;
}

// Routes between pseudo-random GPU pairs, each with its own flow hash.
void BM_Route(benchmark::State& state, wt::ClusterConfig (*make)()) {
  const auto t = wt::topo::build_topology(make(), kNvlink_Bps);
  std::vector<int32_t> route;
  uint64_t x = 1;
  int64_t links = 0;
  for (auto _ : state) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    const int src = static_cast<int>((x >> 33U) % static_cast<uint64_t>(t->num_gpus()));
    const int dst = static_cast<int>((x >> 13U) % static_cast<uint64_t>(t->num_gpus()));
    route.clear();
    t->route(src, dst, x, route);
    links += static_cast<int64_t>(route.size());
    benchmark::DoNotOptimize(route.data());
  }
  state.counters["routes_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["links_per_route"] =
      static_cast<double>(links) / static_cast<double>(state.iterations());
}

wt::ClusterConfig rail_fat_tree() {
  return fat_tree(true);
}

wt::ClusterConfig plain_fat_tree() {
  return fat_tree(false);
}

}  // namespace

BENCHMARK_CAPTURE(BM_Build, rail_fat_tree_16k_gpus, rail_fat_tree)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Build, fat_tree_16k_gpus, plain_fat_tree)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Build, torus_16k_gpus, torus)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Build, dragonfly_16k_gpus, dragonfly)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Route, rail_fat_tree_16k_gpus, rail_fat_tree);
BENCHMARK_CAPTURE(BM_Route, torus_16k_gpus, torus);
BENCHMARK_CAPTURE(BM_Route, dragonfly_16k_gpus, dragonfly);

BENCHMARK_MAIN();
