#pragma once
// The attention core (scores, softmax, weighted sum of the values) of one layer on one GPU, per
// micro-batch, as the kernels each implementation runs:
// - fused (FlashAttention): one forward kernel of 2·b·s_q·s_k·(d_qk + d_v)·heads FLOPs (4·…·d
//   when query/key and value heads are alike) that keeps no score matrix, and one backward kernel
//   of 2.5× that (it recomputes the scores: 5 matmuls to 2);
// - unfused (Megatron-LM before 2022): QKᵀ and ·V as batched GEMMs, with the b·heads·s_q·s_k
//   scores written to memory and read back by the softmax, the dropout and the second GEMM; the
//   backward runs four batched GEMMs and the softmax and dropout backward over the same matrix.
#include <cstdint>

#include "sim/scenario/scenario.hpp"
#include "sim/workload/layer_kernels.hpp"

namespace wt {

struct AttentionShape {
  int64_t micro_batch = 1;
  int64_t heads = 1;       // heads on this GPU (a / t)
  int64_t seq_local = 1;   // queries on this GPU (s / cp)
  int64_t seq = 1;         // keys each query attends to
  int64_t head_dim = 1;    // query/key head width d_qk (MLA: nope + rope)
  int64_t v_head_dim = 0;  // value head width d_v (MLA); 0: = head_dim
  double width = 2.0;      // bytes per activation element
  // Share of the causal query-key pairs a sliding window leaves (window_work_fraction,
  // model_math.hpp): a fused kernel skips the key blocks outside the window, so its FLOPs scale by
  // it; an unfused core computes and masks the whole score matrix. 1 without a window.
  double window_fraction = 1.0;
};

AttentionShape attention_shape(const Scenario& s);

void emit_attention_forward(const AttentionShape& a, AttentionKernel kind, const char* suffix,
                            KernelSink& out);
// The backward of the core; with `recompute` (selective recompute of an unfused core) the forward
// runs again first. A fused core always recomputes inside its backward kernel.
void emit_attention_backward(const AttentionShape& a, AttentionKernel kind, bool recompute,
                             KernelSink& out);

}  // namespace wt
