// check_network refuses fabrics that cannot host the cluster, naming the JSON path.
#include <gtest/gtest.h>

#include "topology/network_summary.hpp"

namespace wt {
namespace {

ClusterConfig cluster(int nodes, NetworkTopology topology) {
  ClusterConfig c;
  c.num_nodes = nodes;
  c.gpus_per_node = 8;
  c.network.nics_per_node = 8;
  c.network.topology = topology;
  return c;
}

ClusterConfig fat_tree(int nodes, int levels, int radix) {
  ClusterConfig c = cluster(nodes, NetworkTopology::fat_tree);
  c.network.fat_tree = {levels, radix, 1.0};
  return c;
}

TEST(CheckNetwork, FatTreeCapacity) {
  // leaf-spine of radix 8: 8 leaves × 4 ports = 32 NICs = 4 nodes of 8 NICs.
  EXPECT_FALSE(check_network(fat_tree(4, 2, 8)).has_value());
  const auto p = check_network(fat_tree(5, 2, 8));
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->path, "cluster.network.fat_tree");
  EXPECT_NE(p->value.find("40"), std::string::npos) << p->value;
  EXPECT_NE(p->allowed.find("32"), std::string::npos) << p->allowed;
}

TEST(CheckNetwork, RailOptimizedCapacityGivesEachRailWholeLeavesOrPods) {
  // Leaf-spine of radix 8 (d = 4), 3 NICs per node: each rail owns ⌊8/3⌋ = 2 leaves of the
  // spines' 8 ports → 3·2·4 = 24 NICs, where a plain tree hosts 32.
  ClusterConfig c = fat_tree(8, 2, 8);
  c.network.nics_per_node = 3;
  EXPECT_FALSE(check_network(c).has_value());
  c.num_nodes = 9;
  const auto p = check_network(c);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->allowed, "at most 24 NICs");
  EXPECT_NE(p->problem.find("rail-optimized"), std::string::npos);
  c.network.rail_optimized = false;
  EXPECT_FALSE(check_network(c).has_value());
  // 3 levels, radix 4 (d = 2): ⌊4/3⌋ = 1 pod per rail of 2 leaves → 3·1·2·2 = 12 NICs.
  ClusterConfig t = fat_tree(4, 3, 4);
  t.network.nics_per_node = 3;
  EXPECT_FALSE(check_network(t).has_value());
  t.num_nodes = 5;
  EXPECT_EQ(check_network(t)->allowed, "at most 12 NICs");
}

TEST(CheckNetwork, FatTreeParameters) {
  EXPECT_EQ(check_network(fat_tree(4, 4, 64))->path, "cluster.network.fat_tree.levels");
  EXPECT_EQ(check_network(fat_tree(4, 3, 1))->path, "cluster.network.fat_tree.switch_radix");
  ClusterConfig c = fat_tree(4, 3, 64);
  c.network.fat_tree.oversubscription = 0.0;
  EXPECT_EQ(check_network(c)->path, "cluster.network.fat_tree.oversubscription");
}

TEST(CheckNetwork, TorusDimsMustMatchNodes) {
  ClusterConfig c = cluster(16, NetworkTopology::torus);
  c.network.torus.dims = {4, 4};
  EXPECT_FALSE(check_network(c).has_value());
  c.num_nodes = 8;
  const auto p = check_network(c);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->path, "cluster.network.torus.dims");
  EXPECT_EQ(p->value, "[4, 4] (product 16)");
  c.network.torus.dims = {};
  EXPECT_EQ(check_network(c)->path, "cluster.network.torus.dims");
  c.network.torus.dims = {8, 0};
  EXPECT_EQ(check_network(c)->path, "cluster.network.torus.dims");
}

ClusterConfig dragonfly_cluster(int nodes, int groups, int routers, int per_router, int global) {
  ClusterConfig c = cluster(nodes, NetworkTopology::dragonfly);
  c.network.dragonfly = {groups, routers, per_router, global};
  return c;
}

TEST(CheckNetwork, Dragonfly) {
  EXPECT_FALSE(check_network(dragonfly_cluster(128, 8, 8, 2, 4)).has_value());
  // 129 nodes > 8·8·2 = 128.
  EXPECT_EQ(check_network(dragonfly_cluster(129, 8, 8, 2, 4))->path, "cluster.network.dragonfly");
  // 33 groups > 8 routers per group builds (the SimGrid engine routes on the graph, not on
  // SimGrid's DragonflyZone).
  EXPECT_FALSE(check_network(dragonfly_cluster(16, 33, 8, 2, 4)).has_value());
  // 40 groups > 8·4 + 1 = 33 reachable groups.
  const auto unreachable = check_network(dragonfly_cluster(16, 40, 8, 2, 4));
  ASSERT_TRUE(unreachable.has_value());
  EXPECT_NE(unreachable->allowed.find("33"), std::string::npos);
  EXPECT_EQ(check_network(dragonfly_cluster(16, 0, 8, 2, 4))->path,
            "cluster.network.dragonfly.groups");
  EXPECT_EQ(check_network(dragonfly_cluster(16, 4, 8, 2, 0))->path,
            "cluster.network.dragonfly.global_links_per_router");
}

}  // namespace
}  // namespace wt
