#pragma once
// The kernels one GPU runs for one transformer layer, the embedding, the logits and the optimizer
// step, with the shapes that TP, SP and CP leave on that GPU (per micro-batch).
#include "sim/scenario/scenario.hpp"
#include "sim/workload/program.hpp"

namespace wt {

KernelList layer_forward_kernels(const Scenario& s);
// dgrad and wgrad of every GEMM, the attention backward, memory-bound backward; with selective
// recompute also the recomputed attention core.
KernelList layer_backward_kernels(const Scenario& s);
KernelList embedding_forward_kernels(const Scenario& s);
KernelList embedding_backward_kernels(const Scenario& s);
KernelList logits_forward_kernels(const Scenario& s);  // output GEMM and cross-entropy
KernelList logits_backward_kernels(const Scenario& s);
// Adam/SGD step over `params` parameters: memory-bound, bytes per parameter as DESIGN.md §4.
KernelList optimizer_kernels(const Scenario& s, double params);

double sum_flops(const KernelList& kernels);

}  // namespace wt
