#pragma once
// The switches and cables of a fat-tree above its NICs, and its up/down ECMP routing, shared by
// the plain (fat_tree.cpp) and rail-optimized (rail_fat_tree.cpp) fat-trees, which differ only in
// where the NICs sit (their FatTreePlan). docs/topology.md, "Fat-tree", has the pictures.
//
// Leaves have d ports down (to NICs) and u = k − d up, of which a leaf cables u' = ⌈n·u/d⌉ when
// no leaf holds more than n < d NICs (the declared ratio, for the ports in use). Level 2 holds,
// per pod, α switches (the spines of a leaf-spine, the aggregation switches of a 3-level tree):
// leaf up-link j goes to level-2 switch j mod α of its pod. Level 3 (cores, only when a 3-level
// tree has two pods or more) has α planes of c cores: up-link m of aggregation switch a (of any
// pod) goes to core m mod c of plane a. α and c are the fewest switches whose k ports take every
// cable from below (docs/topology.md, "Trimming"); a leaf thus reaches a level-2 switch by a
// bundle of ⌈u'/α⌉ or ⌊u'/α⌋ parallel cables.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "topology/cluster_topology.hpp"
#include "topology/network_summary.hpp"

namespace wt::topo {

// The closed forms both fat-trees share (fat_tree.cpp and rail_fat_tree.cpp give theirs). L=1: one
// switch, k ports. L=2: `top_ports` leaves (a spine has k ports) of d node ports each. L=3:
// `top_ports` pods (a core switch has k ports) of k/2 leaves of d ports.
int64_t fat_tree_max_endpoints(const FatTreeConfig& ft, int64_t top_ports);
// The leaf's down:up port ratio d/(k−d) divides the bisection when the tree has more than one leaf
// to cross between: the NICs need more than d ports, or there are several rails (`rails`), each
// with its own leaves. One switch, or one leaf, has no taper.
double fat_tree_taper(const ClusterConfig& cluster, int64_t rails);
// max_endpoints, 2·levels hops, and the bisection of half the NICs' links over the taper.
NetworkSummary fat_tree_summary_of(const ClusterConfig& cluster, NetworkSummary s,
                                   int64_t max_endpoints, int64_t rails);
// Levels 1..3, at least two ports, a positive oversubscription; then the NICs against the
// ports, refused with the problem `capacity_text` words (called only then).
std::optional<NetworkProblem> check_fat_tree_of(const ClusterConfig& cluster,
                                                std::string (*capacity_text)(const NetworkConfig&));

// Where a fat-tree's NICs sit, decided by its layout.
struct FatTreePlan {
  std::string name;  // registered topology name
  int levels = 1;    // declared switch levels, 1..3
  int radix = 2;     // k
  int leaf_down = 1;
  int leaf_up = 1;
  std::vector<int32_t> nic_leaf;  // leaf of each NIC, by global NIC index
  std::vector<int32_t> leaf_pod;  // pod of each leaf; one pod in a leaf-spine
  int num_pods = 1;
  int pod_leaves = 1;  // leaves of the fullest pod
  int leaf_nics = 1;   // NICs of the fullest leaf
  std::function<std::string(int)> leaf_name;
  std::function<std::string(int)> pod_name;
};

// The built levels above the leaves, as counts.
struct FatTreeShape {
  int height = 1;  // switch levels a route can climb: 1, 2 or 3
  int leaves = 1;
  int leaf_uplinks = 0;     // u', cabled up-links per leaf
  int level2_per_pod = 0;   // α
  int level2_uplinks = 0;   // up-links per aggregation switch (height 3)
  int cores_per_plane = 0;  // c
};

FatTreeShape fat_tree_shape(const FatTreePlan& plan);
// Switches and network links (both directions of every cable) the plan builds.
int64_t fat_tree_planned_switches(const FatTreePlan& plan);
int64_t fat_tree_planned_links(const FatTreePlan& plan);

class FatTreeTopology final : public ClusterTopology {
 public:
  FatTreeTopology(const ClusterConfig& cluster, double intra_node_Bps, FatTreePlan plan);

  std::string name() const override { return plan_.name; }
  const FatTreeShape& shape() const { return shape_; }
  int32_t leaf_vertex(int leaf) const { return leaf_base_ + leaf; }
  int leaf_of_nic(int nic) const { return plan_.nic_leaf[static_cast<size_t>(nic)]; }

 private:
  void route_network(int src_nic, int dst_nic, uint64_t flow_hash,
                     std::vector<int32_t>& out) const override;
  NetworkFigures network_figures() const override;

  void add_switches();
  void add_nic_cables();
  void add_leaf_uplinks();
  void add_level2_uplinks();
  int32_t leaf_uplink(int leaf, int j) const;
  int32_t level2_uplink(int pod, int a, int m) const;
  int pod_of(int leaf) const { return plan_.leaf_pod[static_cast<size_t>(leaf)]; }

  FatTreePlan plan_;
  FatTreeShape shape_;
  int32_t leaf_base_ = 0;
  int32_t level2_base_ = 0;
  int32_t core_base_ = 0;
  int32_t nic_cable_base_ = 0;
  int32_t leaf_uplink_base_ = 0;
  int32_t level2_uplink_base_ = 0;
};

}  // namespace wt::topo
