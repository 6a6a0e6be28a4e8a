#pragma once
// The kernels one GPU runs for one transformer layer, the embedding, the logits and the optimizer
// step, with the shapes that TP, SP and CP leave on that GPU (per micro-batch).
#include "sim/scenario/scenario.hpp"
#include "sim/workload/program.hpp"

namespace wt {

// One kernel as the emitters describe it, without an owned name, so that a caller that only needs
// the total time (the `estimate` path) allocates nothing. `name` + `suffix` is the kernel's name.
struct KernelShape {
  KernelClass cls = KernelClass::memory_bound;
  const char* name = "";
  const char* suffix = "";
  int64_t m = 0, n = 0, k = 0, batch = 1;
  double flops = 0.0;
  double bytes = 0.0;
};

// Receives the kernels of a list in order.
class KernelSink {
 public:
  virtual void add(const KernelShape& k) = 0;

 protected:
  ~KernelSink() = default;
};

// The emitters behind the KernelList functions below (the same kernels, in the same order).
void emit_layer_forward_kernels(const Scenario& s, KernelSink& out);
void emit_layer_backward_kernels(const Scenario& s, KernelSink& out);
void emit_embedding_forward_kernels(const Scenario& s, KernelSink& out);
void emit_embedding_backward_kernels(const Scenario& s, KernelSink& out);
void emit_logits_forward_kernels(const Scenario& s, KernelSink& out);
void emit_logits_backward_kernels(const Scenario& s, KernelSink& out);
void emit_optimizer_kernels(const Scenario& s, double params, KernelSink& out);

// The six lists of a training step at once, the shapes that TP, SP and CP leave taken once (the
// `estimate` path prices all six per evaluation).
struct StepKernelSinks {
  KernelSink& layer_forward;
  KernelSink& layer_backward;
  KernelSink& embedding_forward;
  KernelSink& embedding_backward;
  KernelSink& logits_forward;
  KernelSink& logits_backward;
};
void emit_step_kernels(const Scenario& s, const StepKernelSinks& out);

KernelList layer_forward_kernels(const Scenario& s);
// dgrad and wgrad of every GEMM, the attention backward, memory-bound backward; with selective
// recompute also the recomputed attention core.
KernelList layer_backward_kernels(const Scenario& s);
KernelList embedding_forward_kernels(const Scenario& s);
KernelList embedding_backward_kernels(const Scenario& s);
KernelList logits_forward_kernels(const Scenario& s);  // output GEMM and cross-entropy
KernelList logits_backward_kernels(const Scenario& s);
// The input of one MTP depth (layer_mix.hpp): the embedding lookup of the shifted tokens, two
// RMSNorms and the 2h → h projection; backward their gradients. The depth's transformer layer and
// output head are the layer's and the logits' lists.
void emit_mtp_input_forward_kernels(const Scenario& s, KernelSink& out);
void emit_mtp_input_backward_kernels(const Scenario& s, KernelSink& out);
KernelList mtp_input_forward_kernels(const Scenario& s);
KernelList mtp_input_backward_kernels(const Scenario& s);
// Adam/SGD step over `params` parameters: memory-bound, bytes per parameter as docs/models.md says.
KernelList optimizer_kernels(const Scenario& s, double params);

double sum_flops(const KernelList& kernels);

}  // namespace wt
