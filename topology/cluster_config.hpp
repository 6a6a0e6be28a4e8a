#pragma once
// The cluster a scenario runs on, as the topology layer reads it: GPUs per node, the intra-node
// fabric and the network with its topology's shape. Plain structs, filled by the scenario parser
// (sim/scenario) and read by the topology builders and closed forms; units are in the field names.
#include <algorithm>
#include <string>
#include <vector>

namespace wt {

// ici: a TPU host, whose chips have no switch between them: each chip is a vertex of the ICI torus
// (cluster.network.torus.dims count chips), and chips of one host talk over the torus too.
// xgmi: AMD Infinity Fabric, a direct link between every pair of GPUs of the board (a full mesh,
// as nvlink_mesh; docs/topology.md "Infinity Fabric").
// neuronlink: AWS Trainium2, the 16 chips of a trn2.48xlarge joined as a 4 × 4 2D torus of
// NeuronLink links, 4 per chip (AWS_TRN2; docs/topology.md "NeuronLink nodes").
enum class IntraNodeFabric { nvswitch, nvlink_mesh, pcie, ici, xgmi, neuronlink };
enum class NetworkTopology { fat_tree, torus, dragonfly };
// How a dragonfly routes between groups (docs/topology.md, "Dragonfly routing"): minimal
// (local–global–local), valiant (through an intermediate group) or ugal (minimal or Valiant per
// GPU pair, by the load the pair's candidate paths carry).
enum class DragonflyRouting { minimal, valiant, ugal };
// How NCCL reaches the network (docs/collectives.md, "Protocols"): infiniband (verbs: InfiniBand
// and RoCE) or efa (AWS Elastic Fabric Adapter through the aws-ofi-nccl plugin, where NCCL runs
// only its Simple protocol across nodes).
enum class NetworkTransport { infiniband, efa };

// A direct link per GPU pair and no node switch.
inline bool full_mesh(IntraNodeFabric f) {
  return f == IntraNodeFabric::nvlink_mesh || f == IntraNodeFabric::xgmi;
}

// The NeuronLink torus inside a Trainium2 node: kNeuronLinkSide × (chips / kNeuronLinkSide), every
// dimension wrapped, kNeuronLinkLinks links per chip.
constexpr int kNeuronLinkSide = 4;
constexpr int kNeuronLinkChips = 16;
constexpr int kNeuronLinkLinks = 4;

struct IntraNodeConfig {
  IntraNodeFabric fabric = IntraNodeFabric::nvswitch;
  double bandwidth_GBps =
      0.0;  // per GPU, per direction; 0 = the GPU's NVLink figure from the catalog
  double latency_us = 0.7;
};

struct FatTreeConfig {
  int levels = 3;
  int switch_radix = 64;
  double oversubscription = 1.0;
};

struct TorusConfig {
  std::vector<int> dims;  // product = number of nodes (chips under intra_node.fabric "ici")
  // Per dimension, whether a wrap-around cable closes it; empty = every dimension wraps. Not a
  // scenario field: scenario validation sets it for an ICI slice from the chip's rules
  // (sim/scenario/validate_ici.cpp).
  std::vector<bool> wrap;
};

struct DragonflyConfig {
  int groups = 0;
  int routers_per_group = 0;
  int nodes_per_router = 0;
  int global_links_per_router = 0;
  DragonflyRouting routing = DragonflyRouting::minimal;
};

struct NetworkConfig {
  NetworkTopology topology = NetworkTopology::fat_tree;
  double link_bandwidth_Gbps = 400.0;  // per NIC, per direction
  double link_latency_us = 1.0;        // per link hop
  int nics_per_node = 8;
  bool rail_optimized = true;
  NetworkTransport transport = NetworkTransport::infiniband;
  FatTreeConfig fat_tree;
  TorusConfig torus;
  DragonflyConfig dragonfly;
};

// Several ICI slices joined by the data-center network (DCN), as MaxText's multi-slice training
// runs data parallelism over DCN (dcn_data_parallelism; docs/topology.md "Multi-slice"). Only with
// intra_node.fabric "ici": num_nodes counts the hosts of every slice, torus.dims is one slice's
// shape, and chips are numbered slice-major. Each host reaches the DCN through its NICs at
// host_bandwidth_Gbps per direction (an assumption by default, see docs).
struct DcnConfig {
  int num_slices = 1;
  double host_bandwidth_Gbps = 200.0;
  double latency_us = 10.0;
};

struct ClusterConfig {
  std::string gpu = "h100-sxm5-80gb";  // catalog id after alias resolution
  int num_nodes = 1;
  int gpus_per_node = 8;
  IntraNodeConfig intra_node;
  NetworkConfig network;
  DcnConfig dcn;
  // Relative standard deviation of the GPUs' sustained speed; a synchronous step waits for the
  // slowest (sim/hardware/speed_spread.hpp). 0.025 reproduces how the published NeMo step times
  // grow with the GPU count (docs/validation.md).
  double gpu_speed_spread = 0.025;
  // Mean speed of the job's GPUs on GEMMs and attention, as a fraction of the isolated
  // micro-benchmark figures (catalog MAMF or a calibration profile) the cost model starts from.
  // 0.90 centres the dev set's speed error; one value for every GPU model (docs/validation.md).
  double gpu_sustained_speed = 0.90;
  // Board power limit of every GPU in watts (nvidia-smi -pl); 0 = the catalog part's own (its
  // TDP, or the limit it ships with). Lowers the clock of compute-bound kernels
  // (sim/hardware/power_limit.hpp).
  double gpu_power_limit_W = 0.0;
  // Stragglers per step (sim/hardware/stragglers.hpp): relative standard deviation of one GPU's
  // compute time from step to step, and the chance that a node is slow in a step, by what factor.
  double step_noise = 0.0;
  double slow_node_rate = 0.0;
  double slow_node_slowdown = 2.0;
  int num_gpus() const { return num_nodes * gpus_per_node; }
  bool ici() const { return intra_node.fabric == IntraNodeFabric::ici; }
  int num_slices() const { return ici() ? std::max(1, dcn.num_slices) : 1; }
  int slice_chips() const { return num_gpus() / num_slices(); }
};

}  // namespace wt
