#pragma once
// Builds the cost model's Fabric (intra-node and inter-node link classes) from a scenario.
#include "sim/comm/collective.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// intra: alpha = intra_node.latency_us, beta = intra_node.bandwidth (or the GPU's NVLink/PCIe
// figure) × nvlink efficiency; inter: alpha = link latency × hops between nodes, beta = the node's
// NIC bandwidth shared by its GPUs × network efficiency; call overhead from the catalog.
Fabric make_fabric(const Scenario& s, const GpuSpec& gpu);

// The intra-node link class a calibration profile implies: its NVLink all-reduce fit
// t = alpha + S/beta over n GPUs is a ring with per-link bandwidth beta·2(n−1)/n and per-step
// latency (alpha − call overhead − NCCL's Ring/Simple protocol latency)/(2(n−1)), so the cost
// model reproduces the fit with the Simple protocol for that group (exactly where alpha covers the
// protocol latency) and scales it to others. Unchanged when the profile measured no NVLink
// all-reduce. (Network collectives stay on the catalog: a one-host calibration cannot measure
// them.)
Fabric calibrate_fabric(Fabric fabric, int gpus_per_node, const Calibration& calibration);

// The shape of a group of `ranks` consecutive-stride ranks (stride = product of the faster
// dimensions in Megatron's rank order) on nodes of `gpus_per_node` GPUs.
GroupShape group_shape(int ranks, int stride, int gpus_per_node);

}  // namespace wt
