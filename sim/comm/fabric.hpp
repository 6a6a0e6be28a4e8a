#pragma once
// Builds the cost model's Fabric (intra-node and inter-node link classes) from a scenario.
#include "sim/comm/collective.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// intra: alpha = intra_node.latency_us, beta = intra_node.bandwidth (or the GPU's NVLink/PCIe
// figure) × nvlink efficiency; inter: alpha = link latency × hops between nodes, beta = the node's
// NIC bandwidth shared by its GPUs × network efficiency; call overhead from the catalog.
Fabric make_fabric(const Scenario& s, const GpuSpec& gpu);

// The shape of a group of `ranks` consecutive-stride ranks (stride = product of the faster
// dimensions in Megatron's rank order) on nodes of `gpus_per_node` GPUs.
GroupShape group_shape(int ranks, int stride, int gpus_per_node);

}  // namespace wt
