// The registry: names, self-describing parameters (paths into the scenario field table), dispatch,
// and refusals that match check_network's.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include "core/error.hpp"
#include "sim/scenario/fields.hpp"
#include "tests/topology/topology_test_util.hpp"
#include "topology/network_summary.hpp"
#include "topology/topology.hpp"

namespace wt::topo {
namespace {

using namespace testing;

bool in_field_table(const std::string& path) {
  const auto& fields = scenario_fields();
  return std::any_of(fields.begin(), fields.end(),
                     [&](const FieldInfo& f) { return f.path == path; });
}

TEST(Registry, NamesAndParametersFromTheFieldTable) {
  std::vector<std::string> names;
  for (const TopologyInfo& info : registered_topologies()) {
    names.push_back(info.name);
    EXPECT_FALSE(info.description.empty());
    EXPECT_FALSE(info.parameter_paths.empty());
    for (const std::string& path : info.parameter_paths) {
      EXPECT_TRUE(in_field_table(path)) << info.name << ": " << path;
    }
  }
  EXPECT_EQ(names, (std::vector<std::string>{"fat-tree", "rail-optimized-fat-tree", "torus",
                                             "dragonfly"}));
  for (const std::string& path : node_fabric_info().parameter_paths) {
    EXPECT_TRUE(in_field_table(path)) << path;
  }
}

TEST(Registry, BuildsTheRegisteredTopologyOfTheNetwork) {
  EXPECT_EQ(build_topology(fat_tree(4, 8, 8, 3, 64, 1.0, true), kGpu_Bps)->name(),
            "rail-optimized-fat-tree");
  EXPECT_EQ(build_topology(fat_tree(4, 8, 8, 3, 64, 1.0, false), kGpu_Bps)->name(), "fat-tree");
  EXPECT_EQ(build_topology(fat_tree(4, 8, 8, 1, 64, 1.0, true), kGpu_Bps)->name(), "fat-tree");
  EXPECT_EQ(build_topology(torus({2, 2}, 8, 8), kGpu_Bps)->name(), "torus");
  EXPECT_EQ(build_topology(dragonfly(4, 1, 2, 2, 1, 1), kGpu_Bps)->name(), "dragonfly");
}

void expect_same_refusal(const ClusterConfig& c) {
  const std::optional<NetworkProblem> p = check_network(c);
  ASSERT_TRUE(p.has_value());
  try {
    build_topology(c, kGpu_Bps);
    ADD_FAILURE() << "built what check_network refuses: " << p->path << ": " << p->problem;
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), p->path);
    EXPECT_EQ(e.problem(), p->problem);
    EXPECT_EQ(e.value(), p->value);
    EXPECT_EQ(e.allowed(), p->allowed);
  }
}

TEST(Registry, RefusesEverythingCheckNetworkRefuses) {
  expect_same_refusal(fat_tree(5, 8, 8, 2, 8, 1.0, false));  // 40 NICs > 8 leaves × 4
  expect_same_refusal(fat_tree(5, 8, 8, 2, 8, 1.0, true));
  expect_same_refusal(fat_tree(4, 8, 8, 4, 64, 1.0, false));  // levels
  expect_same_refusal(fat_tree(4, 8, 8, 0, 64, 1.0, false));
  expect_same_refusal(fat_tree(4, 8, 8, 3, 1, 1.0, false));   // radix
  expect_same_refusal(fat_tree(4, 8, 8, 3, 64, 0.0, false));  // oversubscription
  expect_same_refusal(fat_tree(4, 8, 8, 1, 16, 1.0, false));  // 32 NICs on one 16-port switch
  ClusterConfig t = torus({4, 4}, 8, 8);
  t.num_nodes = 8;
  expect_same_refusal(t);
  t.network.torus.dims = {};
  expect_same_refusal(t);
  t.network.torus.dims = {8, 0};
  expect_same_refusal(t);
  expect_same_refusal(dragonfly(129, 8, 8, 8, 2, 4));  // > 8·8·2 nodes
  expect_same_refusal(dragonfly(16, 8, 40, 8, 2, 4));  // groups > a·h + 1
  expect_same_refusal(dragonfly(16, 8, 0, 8, 2, 4));
  expect_same_refusal(dragonfly(16, 8, 4, 8, 0, 4));
  expect_same_refusal(dragonfly(16, 8, 4, 8, 2, 0));
}

void expect_refused(const ClusterConfig& c, double intra_Bps, const std::string& path) {
  try {
    build_topology(c, intra_Bps);
    ADD_FAILURE() << "built with a bad " << path;
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), path);
    EXPECT_FALSE(e.allowed().empty());
  }
}

TEST(Registry, RefusesClustersNoTopologyCanBuild) {
  ClusterConfig c = fat_tree(2, 8, 8, 3, 64, 1.0, true);
  expect_refused(c, 0.0, "cluster.intra_node.bandwidth_GBps");
  const std::vector<std::pair<std::function<void(ClusterConfig&)>, std::string>> bad = {
      {[](ClusterConfig& x) { x.num_nodes = 0; }, "cluster.num_nodes"},
      {[](ClusterConfig& x) { x.gpus_per_node = 0; }, "cluster.gpus_per_node"},
      {[](ClusterConfig& x) { x.network.nics_per_node = 0; }, "cluster.network.nics_per_node"},
      {[](ClusterConfig& x) { x.network.link_bandwidth_Gbps = 0.0; },
       "cluster.network.link_bandwidth_Gbps"},
      {[](ClusterConfig& x) { x.network.link_latency_us = -1.0; },
       "cluster.network.link_latency_us"},
      {[](ClusterConfig& x) { x.intra_node.latency_us = -1.0; }, "cluster.intra_node.latency_us"},
  };
  for (const auto& [edit, path] : bad) {
    ClusterConfig x = c;
    edit(x);
    expect_refused(x, kGpu_Bps, path);
  }
}

TEST(Registry, OneNodeBuildsWhateverTheNetworkBlockSays) {
  // Scenario validation skips the network of a one-node cluster; so does build_topology.
  ClusterConfig c = dragonfly(1, 8, 0, 0, 0, 0);
  EXPECT_EQ(build_topology(c, kGpu_Bps)->metrics().switches, 0);
  ClusterConfig f = fat_tree(1, 8, 64, 1, 4, 1.0, false);  // 64 NICs, a 4-port switch
  EXPECT_EQ(build_topology(f, kGpu_Bps)->metrics().nics, 64);
}

}  // namespace
}  // namespace wt::topo
