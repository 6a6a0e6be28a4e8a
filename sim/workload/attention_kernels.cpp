#include "sim/workload/attention_kernels.hpp"
#include "core/units.hpp"
#include "sim/workload/layer_shape.hpp"
#include "sim/workload/model_math.hpp"

namespace wt {
namespace {

using units::as_double;

// Bytes of the dropout mask per score element (PyTorch stores a bool per element).
constexpr double kDropoutMaskBytes = 1.0;

int64_t v_dim(const AttentionShape& a) {
  return a.v_head_dim > 0 ? a.v_head_dim : a.head_dim;
}

double score_elements(const AttentionShape& a) {
  return as_double(a.micro_batch) * as_double(a.heads) * as_double(a.seq_local) * as_double(a.seq);
}

double qkv_elements(const AttentionShape& a) {
  return as_double(a.micro_batch) * as_double(a.heads) *
         (as_double(a.head_dim) * (as_double(a.seq_local) + as_double(a.seq)) +
          as_double(v_dim(a)) * as_double(a.seq));
}

// One batched GEMM of the core: `batch` = micro-batch × heads products of m×k by k×n.
KernelShape batched_gemm(const AttentionShape& a, const char* name, const char* suffix, int64_t m,
                         int64_t n, int64_t k) {
  KernelShape g{KernelClass::gemm, name, suffix};
  g.batch = a.micro_batch * a.heads;
  g.m = m;
  g.n = n;
  g.k = k;
  g.flops = 2.0 * as_double(g.batch) * as_double(m) * as_double(n) * as_double(k);
  g.bytes =
      a.width * as_double(g.batch) *
      (as_double(m) * as_double(k) + as_double(k) * as_double(n) + as_double(m) * as_double(n));
  return g;
}

KernelShape memory_pass(const char* name, const char* suffix, double bytes) {
  KernelShape k{KernelClass::memory_bound, name, suffix};
  k.bytes = bytes;
  return k;
}

KernelShape fused_kernel(const AttentionShape& a, const char* name, const char* suffix,
                         double factor) {
  KernelShape k{KernelClass::attention, name, suffix};
  k.batch = a.micro_batch * a.heads;
  k.m = a.seq_local;
  k.n = a.seq;
  k.k = a.head_dim;
  k.flops = factor * 2.0 * score_elements(a) * as_double(a.head_dim + v_dim(a)) * a.window_fraction;
  // Q, K, V and the output (forward), plus their gradients (backward); never the scores.
  const double io = qkv_elements(a) + as_double(a.micro_batch) * as_double(a.heads) *
                                          as_double(v_dim(a)) * as_double(a.seq);
  k.bytes = (factor > 1.0 ? 2.0 : 1.0) * a.width * io;
  return k;
}

void unfused_forward(const AttentionShape& a, const char* suffix, KernelSink& out) {
  const double scores = score_elements(a);
  out.add(batched_gemm(a, "attn_scores", suffix, a.seq_local, a.seq, a.head_dim));
  out.add(memory_pass("attn_softmax", suffix, 2.0 * scores * a.width));
  out.add(memory_pass("attn_dropout", suffix, scores * (2.0 * a.width + kDropoutMaskBytes)));
  out.add(batched_gemm(a, "attn_context", suffix, a.seq_local, v_dim(a), a.seq));
}

void unfused_backward(const AttentionShape& a, KernelSink& out) {
  const double scores = score_elements(a);
  out.add(batched_gemm(a, "attn_context", "_dgrad", a.seq_local, a.seq, v_dim(a)));
  out.add(batched_gemm(a, "attn_context", "_wgrad", a.seq, v_dim(a), a.seq_local));
  out.add(memory_pass("attn_dropout", "_bwd", scores * (2.0 * a.width + kDropoutMaskBytes)));
  out.add(memory_pass("attn_softmax", "_bwd", 3.0 * scores * a.width));
  out.add(batched_gemm(a, "attn_scores", "_dgrad", a.seq_local, a.head_dim, a.seq));
  out.add(batched_gemm(a, "attn_scores", "_wgrad", a.seq, a.head_dim, a.seq_local));
}

}  // namespace

AttentionShape attention_shape(const Scenario& s) {
  const ModelConfig& m = s.model;
  AttentionShape a;
  a.micro_batch = s.training.micro_batch_size;
  a.heads = m.num_attention_heads / s.parallel.tensor;
  a.seq = m.seq_length;
  a.seq_local = m.seq_length / s.parallel.context;
  if (s.parallel.cp_comm_type == CpCommType::a2a) {
    // Ulysses: after its all-to-alls a rank holds heads / context heads of the whole sequence.
    a.heads /= s.parallel.context;
    a.seq_local = m.seq_length;
  }
  const AttentionWidths w = attention_widths(m);
  a.head_dim = w.qk_head_dim;
  a.v_head_dim = w.v_head_dim;
  const Precision p = s.training.precision;
  a.width = p == Precision::fp32 || p == Precision::tf32 ? 4.0 : 2.0;
  a.window_fraction = window_work_fraction(m.seq_length, m.attention_window);
  return a;
}

void emit_attention_forward(const AttentionShape& a, AttentionKernel kind, const char* suffix,
                            KernelSink& out) {
  if (is_fused(kind)) {
    out.add(fused_kernel(a, "attention", suffix, 1.0));
  } else {
    unfused_forward(a, suffix, out);
  }
}

void emit_attention_backward(const AttentionShape& a, AttentionKernel kind, bool recompute,
                             KernelSink& out) {
  if (is_fused(kind)) {
    out.add(fused_kernel(a, "attention", "_bwd", 2.5));
    return;
  }
  if (recompute) unfused_forward(a, "_recompute", out);
  unfused_backward(a, out);
}

}  // namespace wt
