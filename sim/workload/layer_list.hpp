#pragma once
// The workload of a layer-list model (model.layers, e.g. the resnet50 preset; docs/models.md,
// "Layer-list models"): per micro-batch the layers' forward kernels in order and their backward
// kernels in reverse, on a data-parallel layout; in the last micro-batch's backward the gradients
// fill parallel.dp_bucket_mb buckets that are all-reduced (ZeRO-1: reduce-scattered) on the DP
// stream as they fill, as PyTorch DDP and Horovod's tensor fusion do; then the optimizer step.
// Both engines run the program this builds, as they run a transformer's.
#include <cstdint>
#include <vector>

#include "sim/scenario/scenario.hpp"
#include "sim/workload/program.hpp"
#include "sim/workload/stage_memory.hpp"

namespace wt {

// Trainable parameters of one layer: conv C_out·C_in·k² (+ C_out bias), linear in·out (+ out
// bias), batch norm 2C (scale and shift; the running statistics are buffers, not parameters).
double net_layer_params(const NetLayer& l);
double net_params(const std::vector<NetLayer>& layers);

// Forward FLOPs of one layer for `batch` samples: conv 2·N·H_out·W_out·C_out·C_in·k², linear
// 2·N·in·out; the memory-bound layers count none (the FLOPs convention of He et al. 2016).
double net_layer_forward_flops(const NetLayer& l, int64_t batch);
double net_forward_flops(const std::vector<NetLayer>& layers, int64_t batch);

// The kernels of one layer's forward and backward pass for `batch` samples whose activations take
// `elem_bytes` bytes each: convolutions as implicit GEMMs (M = N·H_out·W_out, N = C_out,
// K = C_in·k²; backward a data-gradient and a weight-gradient GEMM of the same FLOPs, the first
// layer's data gradient skipped: its input needs none), elementwise layers as HBM passes.
KernelList net_layer_forward_kernels(const NetLayer& l, int64_t batch, double elem_bytes,
                                     bool first);
KernelList net_layer_backward_kernels(const NetLayer& l, int64_t batch, double elem_bytes,
                                      bool first);

// Activation bytes a micro-batch keeps for backward: each conv, linear, batch norm and max pool
// keeps its input; ReLU runs in place (its output is what the next layer keeps); avg pool and add
// keep nothing.
double net_kept_activation_bytes(const std::vector<NetLayer>& layers, int64_t batch,
                                 double elem_bytes);

// 4 bytes in fp32/tf32 training, 2 in 16-bit mixed precision.
double net_activation_width(Precision p);

Workload build_layer_list_workload(const Scenario& s);
PeakMemory layer_list_peak_memory(const Scenario& s, const Workload& w, double capacity_bytes);

}  // namespace wt
