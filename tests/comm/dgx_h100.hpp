#pragma once
// A DGX H100-like cluster for the comm tests: 8 GPUs per node on NVSwitch at the catalog figure,
// 8 × 400 Gb/s (NDR) NICs, 3-level fat-tree of 64-port switches, 1 µs per link.
#include "sim/scenario/scenario.hpp"

namespace wt::test {

inline Scenario dgx_h100(int nodes) {
  Scenario s;
  s.cluster.gpu = "h100-sxm5-80gb";
  s.cluster.num_nodes = nodes;
  s.cluster.gpus_per_node = 8;
  s.cluster.intra_node = {IntraNodeFabric::nvswitch, 0.0, 0.7};
  s.cluster.network.topology = NetworkTopology::fat_tree;
  s.cluster.network.link_bandwidth_Gbps = 400.0;
  s.cluster.network.link_latency_us = 1.0;
  s.cluster.network.nics_per_node = 8;
  s.cluster.network.fat_tree = {3, 64, 1.0};
  return s;
}

}  // namespace wt::test
