#include "sim/workload/layer_kernels.hpp"

#include <algorithm>
#include <string>

#include "core/units.hpp"
#include "sim/scenario/expert_layout.hpp"
#include "sim/scenario/precision.hpp"
#include "sim/workload/attention_kernels.hpp"
#include "sim/workload/finetune.hpp"
#include "sim/workload/hardware_setup.hpp"
#include "sim/workload/layer_shape.hpp"
#include "sim/workload/layer_work.hpp"
#include "sim/workload/memory.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/recompute_modules.hpp"
#include "sim/workload/workload_sizes.hpp"

namespace wt {

bool eager(const Scenario& s);  // defined below, beside the eager weight casts

namespace {

using units::as_double;

// Bytes per element of activations and GEMM operands at a training precision. fp8, mxfp8 and
// nvfp4 training (Transformer Engine) run GEMMs on quantized operands (scales included,
// sim/scenario/precision.hpp) and keep activations in 16 bits.
// The time of one atomic 16-bit add (scatter_add_, index_add_) in bytes of streaming traffic:
// on an H100 SXM, 23.5–31.8 B (median 26) over 8 MoE shapes, unpermute's forward and permute's
// backward (calibrate/pytorch/moe_layer.py, calibrate/profiles/h100-sxm5-80gb-moe-layer.json;
// docs/models.md, "MoE token dispatch"): ~110 G atomic adds/s against 2.9 TB/s of copies.
// Other GPUs are assumed to keep the same ratio to their memory bandwidth.
constexpr double kScatterAddBytes = 26.0;

double activation_width(Precision p) {
  return p == Precision::fp32 || p == Precision::tf32 ? 4.0 : 2.0;
}

// Bytes of optimizer traffic per parameter (docs/models.md, "Compute time"): Adam reads and
// writes the fp32 master weight and its two moments (24 B), reads the gradient (2 or 4 B) and, in
// mixed precision, writes the 16-bit copy of the weight (2 B); SGD with momentum has one moment
// (16 B). PyTorch's fused AdamW on fp32 weights and gradients, 28 B by this count, moved 31 B per
// parameter on an H100 (calibrate/profiles/h100-sxm5-80gb-step-kernels.json, GPT 1.3B).
double optimizer_bytes_per_param(const TrainingConfig& t) {
  const Precision p = t.precision;
  const double weight_copy = p == Precision::fp32 || p == Precision::tf32 ? 0.0 : 2.0;
  const double state = t.optimizer == Optimizer::sgd ? 16.0 : 24.0;
  return state + gradient_width(t) + weight_copy;
}

struct Shapes {
  int64_t tokens;     // b · s / cp on this GPU
  int64_t seq_local;  // s / cp
  int64_t seq;        // full sequence (keys each local query attends to)
  int64_t h, t;
  AttentionWidths attn;      // the layer's attention (layer_shape.hpp), whole layer
  int64_t qkv_out;           // (a·d_qk + k·d_qk + k·d_v) / t, = (h + 2hk/a) / t for d = h/a
  int64_t proj_in_local;     // a·d_v / t, the output projection's input
  int64_t ffn_local;         // f / t (per expert for MoE)
  int64_t shared_ffn_local;  // the shared experts' width / t (0 without)
  int64_t shared_fc1_out;    // shared_ffn_local, doubled when gated
  int64_t fc1_out;           // ffn_local, doubled when gated
  // top_k × the most loaded rank's scale (expert_load_scale) for MoE, 1 for dense: the routed
  // rows a GPU's experts take; routed_copies: top_k × capacity factor, the copies a GPU sends.
  double expert_tokens_factor, routed_copies;
  int64_t rotary;  // elements per token the rotary embedding rotates (0 without)
  // The routed experts split over ETP ranks (sim/scenario/expert_layout.hpp): each expert's inner
  // width f / ETP, and the tokens reaching a GPU's experts ETP / TP times those of its TP rank.
  int64_t expert_ffn_local, expert_fc1_out;
  double expert_rows_scale;
  bool sp;
  // A parallel block (ModelConfig::fused_parallel_block): one layer norm, and the QKV and MLP
  // input projections as one GEMM of their summed width (PaLM §2, "Parallel Layers").
  bool parallel_block;
  double norms;  // layer norms per layer: 2, or 1 for a parallel block
  double act, op;
  double gather_copy_bytes;  // ZeRO-3's copy-out of a gathered layer (zero3_gather_copy), or 0
  bool quantized;            // GEMM inputs are cast first (fp8, mxfp8, nvfp4)
  double cast_bytes;         // bytes moved per element cast (sim/scenario/precision.hpp)
  double weight_cast_bytes;  // per parameter at each use, where weights are not cached (rowwise)
  const char* cast_name;     // "fp8_cast", "mxfp8_cast", "nvfp4_cast"
  // Fine-tuning (sim/workload/finetune.hpp): the base weights frozen (no weight gradients), stored
  // in NF4 and dequantized before each GEMM (qlora), and the LoRA adapters of each layer.
  bool frozen;
  bool nf4;
  int64_t rank;
  AdaptedLinears adapters;
};

Shapes shapes_of(const Scenario& s) {
  const ModelConfig& m = s.model;
  Shapes x{};
  x.seq = m.seq_length;
  x.seq_local = m.seq_length / s.parallel.context;
  x.tokens = s.training.micro_batch_size * x.seq_local;
  x.h = m.hidden_size;
  x.t = s.parallel.tensor;
  x.attn = attention_widths(m);
  x.qkv_out = (x.attn.q_out() + x.attn.k_out() + x.attn.v_out()) / x.t;
  x.proj_in_local = x.attn.proj_in() / x.t;
  x.rotary = rotary_elements(m, x.attn, x.t);
  const bool moe = m.moe.num_experts > 0;
  const int64_t f = moe ? routed_ffn_width(m) : m.ffn_hidden_size;
  x.ffn_local = f / x.t;
  x.fc1_out = m.gated_mlp ? 2 * x.ffn_local : x.ffn_local;
  x.shared_ffn_local = shared_ffn_width(m) / x.t;
  x.shared_fc1_out = m.gated_mlp ? 2 * x.shared_ffn_local : x.shared_ffn_local;
  x.expert_tokens_factor = moe ? m.moe.top_k * expert_load_scale(s) : 1.0;
  x.routed_copies = moe ? m.moe.top_k * expert_capacity_scale(m) : 1.0;
  const int etp = expert_tensor_size(s.parallel);
  x.expert_ffn_local = f / etp;
  x.expert_fc1_out = m.gated_mlp ? 2 * x.expert_ffn_local : x.expert_ffn_local;
  x.expert_rows_scale = static_cast<double>(etp) / static_cast<double>(x.t);
  x.sp = s.parallel.sequence_parallel && s.parallel.tensor > 1;
  x.parallel_block = m.fused_parallel_block();
  x.norms = x.parallel_block ? 1.0 : 2.0;
  x.act = activation_width(s.training.precision);
  const Precision p = s.training.precision;
  x.op = operand_bytes(p);
  x.quantized = quantized_gemms(p);
  // FSDP2 copies the gathered layer into its parameters: read and write each at the gather's
  // width (the compute dtype, x.act: fp32 for fp32 training).
  x.gather_copy_bytes =
      s.parallel.zero3_gather_copy && s.parallel.zero_stage == 3 && layer_dp_group(s) > 1
          ? 2.0 * x.act * layer_params_on_gpu(s)
          : 0.0;
  // Only per-tensor fp8 asks the GPU (whether its FP8 GEMMs need a transposed copy).
  const bool any_layout = p == Precision::fp8 && scenario_gpu(s).fp8_gemm_any_layout();
  x.cast_bytes = cast_bytes_per_element(p, s.training.fp8_recipe, any_layout);
  x.weight_cast_bytes = weight_cast_bytes_per_use(p, s.training.fp8_recipe);
  x.cast_name = p == Precision::mxfp8   ? "mxfp8_cast"
                : p == Precision::nvfp4 ? "nvfp4_cast"
                                        : "fp8_cast";
  x.frozen = frozen_base(s.training);
  x.nf4 = s.training.finetune.method == FinetuneMethod::qlora;
  x.rank = s.training.finetune.rank;
  x.adapters = x.frozen ? adapted_linears(m, s.training.finetune.target_modules) : AdaptedLinears{};
  return x;
}

KernelShape gemm(const char* name, const char* suffix, double m, int64_t n, int64_t k,
                 double width) {
  KernelShape g{KernelClass::gemm, name, suffix};
  g.m = static_cast<int64_t>(m);
  g.n = n;
  g.k = k;
  g.flops = 2.0 * m * as_double(n) * as_double(k);
  g.bytes = width * (m * as_double(k) + as_double(k) * as_double(n) + m * as_double(n));
  return g;
}

KernelShape memory_bound_named(const char* name, const char* suffix, double bytes) {
  KernelShape k{KernelClass::memory_bound, name, suffix};
  k.bytes = bytes;
  return k;
}

KernelShape memory_bound(const char* name, double bytes) {
  return memory_bound_named(name, "", bytes);
}

// Elementwise traffic of one layer's forward, per token, in elements: two layer norms (one in a
// parallel block; read + write h each), two bias-dropout-adds (read 2h, write h), the MLP
// activation (read fc1 output, write f; the routed experts' per routed token, the shared experts'
// per token). With SP the h-wide parts are split across TP ranks.
double elementwise_elements(const Shapes& x);

// PyTorch eager under torch.autocast with fp32 parameters (training.kernel_fusion = eager_amp;
// docs/models.md, "Eager PyTorch"), bytes per token of one layer, one kernel per op as
// calibrate/profiles/*-step-kernels.json show them. The residual stream and the norms are fp32
// (the fp32 embedding starts it; a 16-bit sublayer output added to it gives fp32); each linear's
// input is cast to 16 bits (read 4, write 2); the attention output is made contiguous before the
// projection (read + write). Forward: two norms (read + write 4 B each way), two casts, two
// residual adds (read 4 + 2, write 4), the relayout, the activation in 16 bits: GELU reads fc1's
// output and writes f; a gated MLP (SwiGLU) runs SiLU on the gate (read f, write f) and the product
// with the up half (read 2f, write f) as two kernels, 5f = 2.5 · fc1's output (calibrate/profiles/
// h100-sxm5-80gb-step-kernels-llama.json: aten::silu and aten::mul).
double eager_activation_elements(int64_t fc1_out, int64_t ffn, bool gated) {
  return gated ? 2.5 * as_double(fc1_out) : as_double(fc1_out + ffn);
}

double eager_forward_bytes(const Shapes& x, bool gated) {
  const double h = as_double(x.h);
  const double norms = x.norms * 8.0 * h, casts = 2.0 * 6.0 * h, residuals = 2.0 * 10.0 * h;
  const double relayout = 4.0 * as_double(x.proj_in_local);
  const double activation =
      2.0 * (x.expert_tokens_factor * eager_activation_elements(x.fc1_out, x.ffn_local, gated) +
             eager_activation_elements(x.shared_fc1_out, x.shared_ffn_local, gated));
  return norms + casts + residuals + relayout + activation;
}

// The activation's backward in 16 bits: GELU's reads its gradient and input and writes the input
// gradient (f + 2 · f); SwiGLU's product backward reads the gradient and one factor and writes the
// other's gradient, twice (6f), SiLU's backward reads its gradient and input and writes the gate's
// gradient (3f), and the two halves' gradients are concatenated for fc1 (read 2f, write 2f):
// 13f = 6.5 · fc1's output.
double eager_activation_backward_elements(int64_t fc1_out, int64_t ffn, bool gated) {
  return gated ? 6.5 * as_double(fc1_out) : as_double(ffn + 2 * fc1_out);
}

// Backward: each 16-bit output gradient taken from the fp32 stream is cast (6 B per element, twice
// per sublayer: into the sublayer and back out of it), each norm's backward reads its gradient and
// input and writes its input gradient, then reads both again for the weight and bias gradients
// (20 B), the fp32 gradient stream accumulates each sublayer's (read 4 + 4, write 4), the
// activation's backward reads its gradient and input and writes the input gradient, the Q, K, V
// gradients are concatenated (read + write), the relayout runs back, and models with biases (the
// two-matrix GPT convention) reduce each linear's output gradient for the bias gradient.
double eager_backward_bytes(const Shapes& x, bool biases, bool gated) {
  const double h = as_double(x.h);
  const double casts = 4.0 * 6.0 * h, norms = x.norms * 20.0 * h, accumulate = 2.0 * 12.0 * h;
  const double routed = x.expert_tokens_factor;
  const double activation =
      2.0 * (routed * eager_activation_backward_elements(x.fc1_out, x.ffn_local, gated) +
             eager_activation_backward_elements(x.shared_fc1_out, x.shared_ffn_local, gated));
  const double qkv_concat = 4.0 * as_double(x.qkv_out);
  const double relayout = 4.0 * as_double(x.proj_in_local);
  const double bias_grads =
      biases ? 2.0 * (as_double(x.qkv_out) + h + routed * as_double(x.fc1_out) + h) : 0.0;
  return casts + norms + accumulate + activation + qkv_concat + relayout + bias_grads;
}

double elementwise_elements(const Shapes& x) {
  const double hw = x.sp ? as_double(x.h) / as_double(x.t) : as_double(x.h);
  const double norms = x.norms * 2.0 * hw;
  const double residuals = 2.0 * 3.0 * hw;
  const double activation = x.expert_tokens_factor * as_double(x.fc1_out + x.ffn_local) +
                            as_double(x.shared_fc1_out + x.shared_ffn_local);
  return norms + residuals + activation;
}

// Bytes per rotated element, each pass (docs/models.md, "Positions"). Fused (Transformer Engine's
// fused RoPE, Megatron-Core's apply_rope_fusion; torchtitan and the other compiled paths alike):
// one kernel reads the query or key and writes it rotated, and backward the same for its gradient.
// Eager PyTorch's rotate-half form, x · cos + cat(−x₂, x₁) · sin, one kernel per op as the H100's
// profiled Llama steps show them (calibrate/profiles/h100-sxm5-80gb-step-kernels-llama-ops.json):
// forward the negation of one half (read ½, write ½), the concatenation (1 + 1), the two products
// (2 + 2) and the sum (3), backward the two products, the negation, the concatenation and the
// accumulation of the two gradients (3), and each way two copies of the transposed head layout
// (2 + 2): 14 element accesses each way.
double rotary_bytes_per_element(bool eager_ops, double width) {
  return (eager_ops ? 14.0 : 2.0) * width;
}

// Quantized training (Transformer Engine) casts each GEMM's 16-bit input into the copies both
// passes read, memory-bound: x.cast_bytes per element by precision, fp8 recipe and GPU
// (cast_bytes_per_element in sim/scenario/precision.hpp).
void add_fp8_cast(KernelSink& out, const Shapes& x, const char* suffix, double elements) {
  if (!x.quantized) return;
  out.add(memory_bound_named(x.cast_name, suffix, elements * x.cast_bytes));
}

// torchao's Float8 linears (fp8 rowwise) cast the weight at every use, the forward's row-scaled
// copy and the backward's column-scaled one (weight_cast_bytes_per_use); Transformer Engine
// caches its copies for the iteration and casts nothing here.
void add_weight_cast(KernelSink& out, const Shapes& x, const char* suffix, double params) {
  if (x.weight_cast_bytes <= 0.0) return;
  out.add(memory_bound_named("fp8_weight_cast", suffix, params * x.weight_cast_bytes));
}

// `batch` independent GEMMs of one shape, each with its own operands (the local experts' GEMMs,
// grouped or one after another, as Megatron-Core runs them).
KernelShape batched(KernelShape g, int64_t batch) {
  g.batch = batch;
  g.flops *= as_double(batch);
  g.bytes *= as_double(batch);
  return g;
}

// QLoRA dequantizes each k×n NF4 weight to bf16 before its GEMM, forward and backward (bitsandbytes
// MatMul4Bit): memory-bound, reading kNf4BitsPerParam / 8 and writing 2 bytes per parameter.
void add_dequantize(KernelSink& out, const Shapes& x, const char* name, bool backward, int64_t n,
                    int64_t k, int64_t batch) {
  if (!x.nf4) return;
  const double params = as_double(batch) * as_double(n) * as_double(k);
  out.add(memory_bound_named(name, backward ? "_dequant_bwd" : "_dequant",
                             params * (kNf4BitsPerParam / 8.0 + 2.0)));
}

// One linear layer Y = X·W with X m×k: the forward GEMM, or (backward) dX = dY·Wᵀ (m×k, inner n)
// and, unless W is frozen (fine-tuning), dW = Xᵀ·dY (k×n, inner m), each with its fp8 casts;
// `batch` such layers side by side.
void add_linear(KernelSink& out, const Shapes& x, const char* name, bool backward, double m,
                int64_t n, int64_t k, int64_t batch = 1) {
  const double b = as_double(batch);
  add_dequantize(out, x, name, backward, n, k, batch);
  const double params = b * as_double(n) * as_double(k);
  if (!backward) {
    add_fp8_cast(out, x, "", b * m * as_double(k));
    add_weight_cast(out, x, "", params);
    out.add(batched(gemm(name, "", m, n, k, x.op), batch));
    return;
  }
  add_fp8_cast(out, x, "_bwd", b * m * as_double(n));
  add_weight_cast(out, x, "_bwd", params);
  out.add(batched(gemm(name, "_dgrad", m, k, n, x.op), batch));
  if (x.frozen) return;
  out.add(batched(gemm(name, "_wgrad", as_double(k), n, static_cast<int64_t>(m), x.op), batch));
}

// The LoRA adapter of one frozen linear layer with local input width `d_in` and output width
// `d_out` (Hu et al. 2021, §4.1: h = xW + xAB): forward the GEMMs x·A (m×r, inner d_in) and (xA)·B
// (m×d_out, inner r); backward dgrad and wgrad of both, B first (B's input gradient d(xA), then
// its weight gradient (xA)ᵀ·dY; A's input gradient d(xA)·Aᵀ, added to the frozen layer's, and its
// weight gradient xᵀ·d(xA)). Nothing when the layer is not adapted (d_in = 0). Under TP both A
// and B are counted as split by t on the split side of their layer (an assumption, finetune.hpp).
void add_adapter(KernelSink& out, const Shapes& x, const char* a_name, const char* b_name,
                 bool backward, double m, int64_t d_in, int64_t d_out) {
  if (d_in == 0) return;
  const int64_t r = x.rank;
  if (!backward) {
    out.add(gemm(a_name, "", m, r, d_in, x.op));
    out.add(gemm(b_name, "", m, d_out, r, x.op));
    return;
  }
  const auto rows = static_cast<int64_t>(m);
  out.add(gemm(b_name, "_dgrad", m, r, d_out, x.op));
  out.add(gemm(b_name, "_wgrad", as_double(r), d_out, rows, x.op));
  out.add(gemm(a_name, "_dgrad", m, d_in, r, x.op));
  out.add(gemm(a_name, "_wgrad", as_double(d_in), r, rows, x.op));
}

// The projections into Q, K and V. Grouped-query attention: one column-parallel GEMM. MLA
// (Megatron-Core MLASelfAttention, get_query_key_value_tensors): the down projections into the
// query latent and the KV latent with the rotary key are one duplicated linear (not split by TP)
// that runs on the rank's s/t tokens under SP (its latents are then gathered), on all tokens
// without; the up projections (q_lora_rank → a·d_qk, kv_lora_rank → a·(nope + v)) are
// column-parallel over the gathered tokens.
void add_qkv(KernelSink& out, const Shapes& x, bool backward) {
  const double tokens = as_double(x.tokens);
  const AttentionWidths& w = x.attn;
  if (!w.mla) {
    add_linear(out, x, "qkv", backward, tokens, x.qkv_out, x.h);
    const AdaptedLinears& a = x.adapters;
    add_adapter(out, x, "lora_q_a", "lora_q_b", backward, tokens, a.q.d_in, a.q.d_out / x.t);
    add_adapter(out, x, "lora_k_a", "lora_k_b", backward, tokens, a.k.d_in, a.k.d_out / x.t);
    add_adapter(out, x, "lora_v_a", "lora_v_b", backward, tokens, a.v.d_in, a.v.d_out / x.t);
    return;
  }
  const double down_rows = x.sp ? tokens / as_double(x.t) : tokens;
  add_linear(out, x, "qkv_down", backward, down_rows, w.q_lora_rank + w.kv_latent, x.h);
  if (w.q_lora_rank > 0) {
    add_linear(out, x, "q_up", backward, tokens, w.q_out() / x.t, w.q_lora_rank);
  } else {
    add_linear(out, x, "q_proj", backward, tokens, w.q_out() / x.t, x.h);
  }
  add_linear(out, x, "kv_up", backward, tokens, w.kv_up_out() / x.t, w.kv_lora_rank);
}

// The MLP's input projection and its adapters (a dense model's).
void add_mlp_input(KernelSink& out, const Shapes& x, bool backward, bool with_fc1) {
  const double tokens = as_double(x.tokens);
  const AdaptedLinears& a = x.adapters;
  if (with_fc1) add_linear(out, x, "mlp_fc1", backward, tokens, x.fc1_out, x.h);
  add_adapter(out, x, "lora_gate_a", "lora_gate_b", backward, tokens, a.gate.d_in,
              a.gate.d_out / x.t);
  add_adapter(out, x, "lora_up_a", "lora_up_b", backward, tokens, a.up.d_in, a.up.d_out / x.t);
}

// A parallel block's input projections, Q, K, V and the MLP's fc1 (both column-parallel over the
// same normalised input), as one GEMM of their summed output width, with their adapters.
void add_parallel_input(KernelSink& out, const Shapes& x, bool backward) {
  const double tokens = as_double(x.tokens);
  add_linear(out, x, "qkv_fc1", backward, tokens, x.qkv_out + x.fc1_out, x.h);
  const AdaptedLinears& a = x.adapters;
  add_adapter(out, x, "lora_q_a", "lora_q_b", backward, tokens, a.q.d_in, a.q.d_out / x.t);
  add_adapter(out, x, "lora_k_a", "lora_k_b", backward, tokens, a.k.d_in, a.k.d_out / x.t);
  add_adapter(out, x, "lora_v_a", "lora_v_b", backward, tokens, a.v.d_in, a.v.d_out / x.t);
  add_mlp_input(out, x, backward, false);
}

// The token dispatcher around the routed experts (Megatron-Core's MoEAlltoAllTokenDispatcher,
// torchtitan's MoE), memory-bound kernels over h-wide rows (docs/models.md, "MoE token
// dispatch"). A rank routes its T/t tokens (the router's rows) into P = T/t · k copies: the router
// scores (logits read, fp32 probabilities written and read by top-k); `permute` gathers the P
// copies into expert order; with several local experts behind an all-to-all, the received X rows
// are sorted by local expert and back (sort_chunks_by_idxs); `unpermute` sums each token's k
// weighted copies back into T/t rows. With training.moe_permute_fusion (Transformer Engine's
// moe_permute/moe_unpermute) every pass is a gather; without it (Megatron-Core's index_select and
// scatter_add_, torchtitan's scatter_add) the weighting is a separate multiply and the sums are
// atomic adds, one per element of the P copies: kScatterAddBytes each.
void add_token_dispatch(KernelSink& out, const Scenario& s, const Shapes& x, bool backward) {
  const double local_rows = as_double(x.tokens) / as_double(x.t);
  const double received = as_double(x.tokens) * x.expert_tokens_factor * x.expert_rows_scale;
  // The allgather dispatcher permutes from the EP group's gathered tokens only the rows routed to
  // this rank's experts (already in expert order: no sort) and unpermutes them into the gathered
  // tokens' output, which the reduce-scatter returns: its copies are the received rows and its
  // tokens the gathered ones (TP 1, check_moe_dispatcher).
  const bool gathered =
      s.training.moe_dispatcher == MoeDispatcher::allgather && s.parallel.expert > 1;
  const double routed_rows = gathered ? local_rows * as_double(s.parallel.expert) : local_rows;
  const double copies = gathered ? received : local_rows * x.routed_copies;
  const double row = as_double(x.h) * x.act;
  const double h = as_double(x.h);
  const char* pass = backward ? "_bwd" : "";
  const int64_t local = std::max<int64_t>(1, s.model.moe.num_experts / s.parallel.expert);
  const double scores = local_rows * as_double(s.model.moe.num_experts) * (x.act + 8.0);
  out.add(memory_bound_named("moe_router_scores", pass, scores));
  if (local > 1 && s.parallel.expert > 1 && !gathered) {
    out.add(memory_bound_named("moe_sort_chunks", pass, 2.0 * 2.0 * received * row));
  }
  const bool fused = s.training.moe_permute_fusion;
  if (!backward) {
    out.add(memory_bound_named("moe_permute", "", 2.0 * copies * row));
    const double weight = fused ? 0.0 : 2.0 * copies * row;  // the copies × probs, written
    out.add(memory_bound_named("moe_unpermute", "", (copies + routed_rows) * row + weight));
    if (!fused) out.add(memory_bound_named("moe_scatter_add", "", copies * h * kScatterAddBytes));
    return;
  }
  // Unpermute's backward: the output gradient gathered to the copies and the probabilities'
  // gradient (the copies read again); unfused, the multiply's backward reads and writes them.
  const double unpermute = fused ? (routed_rows + 2.0 * copies) * row : 6.0 * copies * row;
  out.add(memory_bound_named("moe_unpermute", "_bwd", unpermute));
  // Permute's backward sums each token's k copies: a gather fused, atomic adds unfused.
  out.add(memory_bound_named("moe_permute", "_bwd", (copies + routed_rows) * row));
  if (!fused) out.add(memory_bound_named("moe_scatter_add", "_bwd", copies * h * kScatterAddBytes));
}

// The adapter of the attention's output projection (row-parallel: its input split by TP).
void add_output_adapter(KernelSink& out, const Shapes& x, bool backward) {
  const AdaptedLinears& a = x.adapters;
  add_adapter(out, x, "lora_o_a", "lora_o_b", backward, as_double(x.tokens), a.o.d_in / x.t,
              a.o.d_out);
}

// `input_fused`: a parallel block's fc1 runs inside its qkv_fc1 GEMM (add_parallel_input).
void add_mlp(KernelSink& out, const Scenario& s, const Shapes& x, bool backward,
             bool input_fused = false) {
  const double tokens = as_double(x.tokens);
  const double routed = tokens * x.expert_tokens_factor;
  if (s.model.moe.num_experts == 0) {
    const AdaptedLinears& a = x.adapters;
    add_mlp_input(out, x, backward, !input_fused);
    add_linear(out, x, "mlp_fc2", backward, routed, x.h, x.ffn_local);
    add_adapter(out, x, "lora_down_a", "lora_down_b", backward, routed, a.down.d_in / x.t,
                a.down.d_out);
    return;
  }
  // Each TP rank routes its 1/t share of the tokens.
  add_linear(out, x, "router", backward, tokens / as_double(x.t), s.model.moe.num_experts, x.h);
  add_token_dispatch(out, s, x, backward);
  // The shared experts (Megatron-Core SharedExpertMLP): one MLP of their summed width that every
  // token passes through, column- and row-parallel over the dense TP ranks like a dense MLP.
  if (x.shared_ffn_local > 0) {
    add_linear(out, x, "shared_fc1", backward, tokens, x.shared_fc1_out, x.h);
    add_linear(out, x, "shared_fc2", backward, tokens, x.h, x.shared_ffn_local);
  }
  // The routed tokens that reach this GPU are split evenly over its E/e local experts: one GEMM
  // per expert of routed/(E/e) rows, so many small experts run short, badly tiled GEMMs. Each
  // expert is split over ETP ranks, which all see its tokens: ETP / TP times a TP rank's share.
  const int64_t local = std::max<int64_t>(1, s.model.moe.num_experts / s.parallel.expert);
  const double per_expert = routed * x.expert_rows_scale / as_double(local);
  add_linear(out, x, "mlp_fc1", backward, per_expert, x.expert_fc1_out, x.h, local);
  add_linear(out, x, "mlp_fc2", backward, per_expert, x.h, x.expert_ffn_local, local);
}

void add_rotary(KernelSink& out, const Scenario& s, const Shapes& x, const char* name) {
  if (x.rotary == 0) return;
  out.add(memory_bound(
      name, as_double(x.tokens) * as_double(x.rotary) * rotary_bytes_per_element(eager(s), x.act)));
}

// Per-op checkpointing (torchtitan) at the start of a layer's backward: the forward's
// memory-bound kernels (norms, residual adds, activation, rotary) and every second matmul of the
// block in forward order — k (its slice of the QKV GEMM), the output projection, and one MLP
// matrix: w3 (the gated half of fc1) or a two-matrix MLP's fc2.
void add_per_op_recompute(KernelSink& out, const Scenario& s, const Shapes& x) {
  const double tokens = as_double(x.tokens);
  out.add(memory_bound("elementwise_recompute", tokens * elementwise_elements(x) * x.act));
  add_rotary(out, s, x, "rotary_recompute");
  add_linear(out, x, "k_proj_recompute", false, tokens, x.attn.k_out() / x.t, x.h);
  add_linear(out, x, "attn_proj_recompute", false, tokens, x.h, x.proj_in_local);
  const bool moe = s.model.moe.num_experts > 0;
  const int64_t local = moe ? std::max<int64_t>(1, s.model.moe.num_experts / s.parallel.expert) : 1;
  const double rows = tokens * x.expert_tokens_factor / as_double(local);
  if (s.model.gated_mlp) {
    add_linear(out, x, "mlp_w3_recompute", false, rows, x.ffn_local, x.h, local);
    if (x.shared_ffn_local > 0) {
      add_linear(out, x, "shared_w3_recompute", false, tokens, x.shared_ffn_local, x.h);
    }
  } else {
    add_linear(out, x, "mlp_fc2_recompute", false, rows, x.h, x.ffn_local, local);
    if (x.shared_ffn_local > 0) {
      add_linear(out, x, "shared_fc2_recompute", false, tokens, x.h, x.shared_ffn_local);
    }
  }
}

// Passes kernels on with the suffix "_recompute" (forward kernels rerun in backward).
class RecomputeSink final : public KernelSink {
 public:
  explicit RecomputeSink(KernelSink& out) : out_(out) {}
  void add(const KernelShape& k) override {
    KernelShape r = k;
    r.suffix = "_recompute";
    out_.add(r);
  }

 private:
  KernelSink& out_;
};

// Selective recompute's modules other than the attention core, at the start of a layer's backward
// (recompute_modules.hpp): the two norms (read + write h each, /t with SP), a dense MLP or a MoE
// layer (its GEMMs, router and dispatch, with its activation function), the shared experts, the
// routed experts' activation function (read the fc1 output, write f per routed token), MLA's up
// projections. Their collectives are not run again (not modelled).
void add_module_recompute(KernelSink& sink, const Scenario& s, const Shapes& x) {
  const TrainingConfig& t = s.training;
  if (t.activation_recompute != Recompute::selective) return;
  RecomputeSink out(sink);
  const double tokens = as_double(x.tokens);
  const double hw = x.sp ? as_double(x.h) / as_double(x.t) : as_double(x.h);
  const double routed_act = x.expert_tokens_factor * as_double(x.fc1_out + x.ffn_local);
  const double shared_act = as_double(x.shared_fc1_out + x.shared_ffn_local);
  if (recomputes(t, RecomputeModule::layernorm)) {
    out.add(memory_bound("layernorm", tokens * x.norms * 2.0 * hw * x.act));
  }
  const bool moe = recomputes(t, RecomputeModule::moe);
  if (recomputes(t, RecomputeModule::mlp) || moe) {
    add_mlp(out, s, x, false);
    out.add(memory_bound("mlp_activation", tokens * (routed_act + shared_act) * x.act));
  }
  if (!moe && recomputes(t, RecomputeModule::shared_experts) && x.shared_ffn_local > 0) {
    add_linear(out, x, "shared_fc1", false, tokens, x.shared_fc1_out, x.h);
    out.add(memory_bound("shared_activation", tokens * shared_act * x.act));
    add_linear(out, x, "shared_fc2", false, tokens, x.h, x.shared_ffn_local);
  }
  if (!moe && recomputes(t, RecomputeModule::moe_act)) {
    out.add(memory_bound("moe_activation", tokens * routed_act * x.act));
  }
  const AttentionWidths& w = x.attn;
  if (recomputes(t, RecomputeModule::mla_up_proj) && w.mla) {
    add_linear(out, x, w.q_lora_rank > 0 ? "q_up" : "q_proj", false, tokens, w.q_out() / x.t,
               w.q_lora_rank > 0 ? w.q_lora_rank : x.h);
    add_linear(out, x, "kv_up", false, tokens, w.kv_up_out() / x.t, w.kv_lora_rank);
  }
}

class ListSink final : public KernelSink {
 public:
  void add(const KernelShape& k) override {
    Kernel kernel{k.cls, std::string(k.name) + k.suffix};
    kernel.m = k.m;
    kernel.n = k.n;
    kernel.k = k.k;
    kernel.batch = k.batch;
    kernel.flops = k.flops;
    kernel.bytes = k.bytes;
    list.push_back(std::move(kernel));
  }
  KernelList list;
};

template <class Emit>
KernelList collect(Emit emit) {
  ListSink sink;
  emit(sink);
  return std::move(sink.list);
}

}  // namespace

bool eager(const Scenario& s) {
  return s.training.kernel_fusion == KernelFusion::eager_amp;
}

// Eager autocast casts each fp32 weight to 16 bits once per forward (its cast cache lives as long
// as the autocast region), and each weight gradient, produced in 16 bits, to fp32 as it is
// accumulated: read 4 + write 2 B per parameter each way.
void add_eager_weight_casts(KernelSink& out, const Scenario& s, bool backward) {
  out.add(memory_bound(backward ? "weight_grad_cast" : "weight_cast",
                       6.0 * layer_trainable_params_on_gpu(s)));
}

namespace {

void emit_layer_forward(const Scenario& s, const Shapes& x, KernelSink& out) {
  const double tokens = as_double(x.tokens);
  if (x.gather_copy_bytes > 0.0)
    out.add(memory_bound_named("fsdp_copy_out", "", x.gather_copy_bytes));
  if (x.parallel_block) {
    add_parallel_input(out, x, false);
  } else {
    add_qkv(out, x, false);
  }
  emit_attention_forward(attention_shape(s), s.training.attention, "", out);
  add_linear(out, x, "attn_proj", false, tokens, x.h, x.proj_in_local);
  add_output_adapter(out, x, false);
  add_mlp(out, s, x, false, x.parallel_block);
  add_rotary(out, s, x, "rotary");
  if (eager(s)) {
    add_eager_weight_casts(out, s, false);
    out.add(memory_bound("elementwise", tokens * eager_forward_bytes(x, s.model.gated_mlp)));
    return;
  }
  out.add(memory_bound("elementwise", tokens * elementwise_elements(x) * x.act));
}

void emit_layer_backward(const Scenario& s, const Shapes& x, KernelSink& out) {
  const double tokens = as_double(x.tokens);
  const Recompute r = s.training.activation_recompute;
  // The backward's gather is copied out once; under full recompute the recomputed forward's list
  // has that copy already (a layer that does not recompute under --recompute-num-layers misses it).
  if (x.gather_copy_bytes > 0.0 && r != Recompute::full) {
    out.add(memory_bound_named("fsdp_copy_out", "_bwd", x.gather_copy_bytes));
  }
  if (r == Recompute::per_op) add_per_op_recompute(out, s, x);
  add_module_recompute(out, s, x);
  if (x.parallel_block) {
    add_parallel_input(out, x, true);
  } else {
    add_qkv(out, x, true);
  }
  add_linear(out, x, "attn_proj", true, tokens, x.h, x.proj_in_local);
  add_output_adapter(out, x, true);
  const bool core_again =
      recomputes(s.training, RecomputeModule::core_attn) || r == Recompute::per_op;
  emit_attention_backward(attention_shape(s), s.training.attention, core_again, out);
  add_mlp(out, s, x, true, x.parallel_block);
  add_rotary(out, s, x, "rotary_bwd");
  if (eager(s)) {
    add_eager_weight_casts(out, s, true);
    out.add(memory_bound("elementwise_bwd",
                         tokens * eager_backward_bytes(x, !s.model.gated_mlp, s.model.gated_mlp)));
    return;
  }
  out.add(memory_bound("elementwise_bwd", 2.0 * tokens * elementwise_elements(x) * x.act));
}

// The embedding's rows gathered (read + write), scattered back into its gradient in backward
// (three passes); in fp32 under eager autocast, whose embedding weights are fp32.
double embedding_width(const Scenario& s, const Shapes& x) {
  return eager(s) ? 4.0 : x.act;
}

void emit_embedding_forward(const Scenario& s, const Shapes& x, KernelSink& out) {
  const double hw = x.sp ? as_double(x.h) / as_double(x.t) : as_double(x.h);
  out.add(memory_bound("embedding", 2.0 * as_double(x.tokens) * hw * embedding_width(s, x)));
}

void emit_embedding_backward(const Scenario& s, const Shapes& x, KernelSink& out) {
  if (frozen_base(s.training))
    return;  // a frozen embedding needs no gradient (token ids have none)
  const double hw = x.sp ? as_double(x.h) / as_double(x.t) : as_double(x.h);
  out.add(memory_bound("embedding_bwd", 3.0 * as_double(x.tokens) * hw * embedding_width(s, x)));
}

// The output layer's weight on this GPU: the local vocabulary's rows of h.
double output_weight_elements(const Scenario& s, const Shapes& x) {
  return as_double(s.model.vocab_size / x.t) * as_double(x.h);
}

// Cross-entropy bytes per logit. Fused (Megatron-Core, Transformer Engine): one fp32 pass each
// way, read + write, 8 B forward and 8 B backward. Eager autocast: the 16-bit logits cast to fp32
// (6 B), log-softmax (read twice, write: 12 B), then backward the dense gradient of the loss
// written (4 B), log-softmax's backward (read 8, write 4 B) and the cast back to 16 bits (6 B):
// 18 B forward, 22 B backward; the H100's step kernels show 31 B for the softmax kernels alone.
double cross_entropy_bytes(const Scenario& s, bool backward) {
  if (!eager(s)) return 8.0;
  return backward ? 22.0 : 18.0;
}

void emit_logits_forward(const Scenario& s, const Shapes& x, KernelSink& out) {
  const int64_t vocab_local = s.model.vocab_size / x.t;
  const double tokens = as_double(x.tokens);
  // Final layer norm, the output GEMM and a fused fp32 cross-entropy over the local vocabulary.
  const double hw = x.sp ? as_double(x.h) / as_double(x.t) : as_double(x.h);
  // Eager: an fp32 norm (read + write 4 B) and the cast of its output to 16 bits.
  out.add(memory_bound("final_norm", tokens * hw * (eager(s) ? 14.0 : 2.0 * x.act)));
  out.add(gemm("logits", "", tokens, vocab_local, x.h, x.op));
  // Eager autocast casts the output layer's fp32 weight to 16 bits as it does a layer's.
  if (eager(s)) out.add(memory_bound("logits_weight_cast", 6.0 * output_weight_elements(s, x)));
  out.add(memory_bound("cross_entropy",
                       tokens * as_double(vocab_local) * cross_entropy_bytes(s, false)));
}

void emit_logits_backward(const Scenario& s, const Shapes& x, KernelSink& out) {
  const int64_t vocab_local = s.model.vocab_size / x.t;
  const double tokens = as_double(x.tokens);
  out.add(memory_bound("cross_entropy_bwd",
                       tokens * as_double(vocab_local) * cross_entropy_bytes(s, true)));
  if (eager(s)) {  // the final norm's backward and the cast of its gradient, as a layer's
    const double hw = x.sp ? as_double(x.h) / as_double(x.t) : as_double(x.h);
    out.add(memory_bound("final_norm_bwd", tokens * hw * (20.0 + 6.0)));
  }
  out.add(gemm("logits_dgrad", "", tokens, x.h, vocab_local, x.op));
  if (x.frozen) return;  // the output layer is frozen when fine-tuning
  out.add(gemm("logits_wgrad", "", as_double(x.h), vocab_local, x.tokens, x.op));
  // ... and its 16-bit weight gradient to fp32 as it is accumulated.
  if (eager(s)) {
    out.add(memory_bound("logits_weight_grad_cast", 6.0 * output_weight_elements(s, x)));
  }
}

// The MTP input of one depth (DeepSeek-V3 §2.2; Megatron-Core's MultiTokenPredictionLayer): the
// embedding of the shifted tokens (the embedding's lookup), the two RMSNorms of that embedding and
// of the main model's hidden state (read + write each), and their concatenation projected
// 2h → h by a column-parallel GEMM (h/t outputs per GPU). Backward: the GEMM's data and weight
// gradients, the norms' backward (three passes each) and the embedding's gradient scatter.
void emit_mtp_input_forward(const Scenario& s, const Shapes& x, KernelSink& out) {
  emit_embedding_forward(s, x, out);
  const double hw = x.sp ? as_double(x.h) / as_double(x.t) : as_double(x.h);
  out.add(memory_bound("mtp_norms", 2.0 * 2.0 * as_double(x.tokens) * hw * x.act));
  out.add(gemm("mtp_eh_proj", "", as_double(x.tokens), x.h / x.t, 2 * x.h, x.op));
}

void emit_mtp_input_backward(const Scenario& s, const Shapes& x, KernelSink& out) {
  out.add(gemm("mtp_eh_proj_dgrad", "", as_double(x.tokens), 2 * x.h, x.h / x.t, x.op));
  if (!x.frozen)
    out.add(gemm("mtp_eh_proj_wgrad", "", as_double(2 * x.h), x.h / x.t, x.tokens, x.op));
  const double hw = x.sp ? as_double(x.h) / as_double(x.t) : as_double(x.h);
  out.add(memory_bound("mtp_norms_bwd", 2.0 * 3.0 * as_double(x.tokens) * hw * x.act));
  emit_embedding_backward(s, x, out);
}

}  // namespace

void emit_mtp_input_forward_kernels(const Scenario& s, KernelSink& out) {
  emit_mtp_input_forward(s, shapes_of(s), out);
}

void emit_mtp_input_backward_kernels(const Scenario& s, KernelSink& out) {
  emit_mtp_input_backward(s, shapes_of(s), out);
}

KernelList mtp_input_forward_kernels(const Scenario& s) {
  return collect([&](KernelSink& k) { emit_mtp_input_forward_kernels(s, k); });
}

KernelList mtp_input_backward_kernels(const Scenario& s) {
  return collect([&](KernelSink& k) { emit_mtp_input_backward_kernels(s, k); });
}

void emit_layer_forward_kernels(const Scenario& s, KernelSink& out) {
  emit_layer_forward(s, shapes_of(s), out);
}

void emit_layer_backward_kernels(const Scenario& s, KernelSink& out) {
  emit_layer_backward(s, shapes_of(s), out);
}

void emit_embedding_forward_kernels(const Scenario& s, KernelSink& out) {
  emit_embedding_forward(s, shapes_of(s), out);
}

void emit_embedding_backward_kernels(const Scenario& s, KernelSink& out) {
  emit_embedding_backward(s, shapes_of(s), out);
}

void emit_logits_forward_kernels(const Scenario& s, KernelSink& out) {
  emit_logits_forward(s, shapes_of(s), out);
}

void emit_logits_backward_kernels(const Scenario& s, KernelSink& out) {
  emit_logits_backward(s, shapes_of(s), out);
}

void emit_step_kernels(const Scenario& s, const StepKernelSinks& out) {
  const Shapes x = shapes_of(s);
  emit_layer_forward(s, x, out.layer_forward);
  emit_layer_backward(s, x, out.layer_backward);
  emit_embedding_forward(s, x, out.embedding_forward);
  emit_embedding_backward(s, x, out.embedding_backward);
  emit_logits_forward(s, x, out.logits_forward);
  emit_logits_backward(s, x, out.logits_backward);
}

// Gradient clipping by global norm (Megatron-LM, NeMo and PyTorch FSDP trainers clip at 1.0 by
// default): one pass reading the owned gradients for their norm. The norm's scalar all-reduce
// (tens of microseconds) and the rescaling pass, which runs only on the steps that clip, are left
// out.
// The optimizer step in host memory (parallel.offload; docs/models.md, "Offload"), as
// ZeRO-Offload runs it (Ren et al., USENIX ATC 2021, §4): the GPU's gradient shard crosses to the
// host (during backward when the reduction overlaps it, else after), the CPU optimizer streams the
// same state the GPU step would, and the updated 16-bit parameters cross back. With parameters
// offloaded (ZeRO-3) each micro-batch's forward and backward upload the parameter shard before
// gathering it; the model does not overlap these uploads with compute.
void emit_offloaded_optimizer(const Scenario& s, double params, KernelSink& out) {
  const TrainingConfig& t = s.training;
  const bool fp32_weights = t.precision == Precision::fp32 || t.precision == Precision::tf32;
  const double weight_width = fp32_weights ? 4.0 : 2.0;
  if (!s.parallel.overlap_grad_reduce) {
    KernelShape down{KernelClass::host_link, "grads_to_host"};
    down.bytes = params * gradient_width(t);
    out.add(down);
  }
  KernelShape step{KernelClass::host_cpu, "cpu_optimizer_step"};
  step.bytes = params * optimizer_bytes_per_param(t);
  out.add(step);
  KernelShape up{KernelClass::host_link, "params_to_gpu"};
  up.bytes = params * weight_width;
  out.add(up);
  if (s.parallel.offload == Offload::parameters) {
    KernelShape uploads{KernelClass::host_link, "param_shard_uploads"};
    uploads.bytes = 2.0 * static_cast<double>(s.num_micro_batches()) * params * weight_width;
    out.add(uploads);
  }
}

void emit_optimizer_kernels(const Scenario& s, double params, KernelSink& out) {
  if (s.parallel.offload != Offload::none) {
    emit_offloaded_optimizer(s, params, out);
    return;
  }
  KernelShape norm{KernelClass::optimizer, "grad_norm"};
  norm.bytes = params * gradient_width(s.training);
  out.add(norm);
  KernelShape k{KernelClass::optimizer, "optimizer_step"};
  k.bytes = params * optimizer_bytes_per_param(s.training);
  out.add(k);
}

KernelList layer_forward_kernels(const Scenario& s) {
  return collect([&](KernelSink& out) { emit_layer_forward_kernels(s, out); });
}

KernelList layer_backward_kernels(const Scenario& s) {
  return collect([&](KernelSink& out) { emit_layer_backward_kernels(s, out); });
}

KernelList embedding_forward_kernels(const Scenario& s) {
  return collect([&](KernelSink& out) { emit_embedding_forward_kernels(s, out); });
}

KernelList embedding_backward_kernels(const Scenario& s) {
  return collect([&](KernelSink& out) { emit_embedding_backward_kernels(s, out); });
}

KernelList logits_forward_kernels(const Scenario& s) {
  return collect([&](KernelSink& out) { emit_logits_forward_kernels(s, out); });
}

KernelList logits_backward_kernels(const Scenario& s) {
  return collect([&](KernelSink& out) { emit_logits_backward_kernels(s, out); });
}

KernelList optimizer_kernels(const Scenario& s, double params) {
  return collect([&](KernelSink& out) { emit_optimizer_kernels(s, params, out); });
}

double sum_flops(const KernelList& kernels) {
  double total = 0.0;
  for (const Kernel& k : kernels)
    total += k.flops;
  return total;
}

}  // namespace wt
