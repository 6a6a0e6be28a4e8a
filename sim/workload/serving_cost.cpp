#include "sim/workload/serving_cost.hpp"

#include <algorithm>
#include <cmath>

#include "core/units.hpp"
#include "sim/hardware/gemm_efficiency.hpp"
#include "sim/hardware/power_limit.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/layer_shape.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/runtime_memory.hpp"

namespace wt {
namespace {

using units::as_double;

// KV heads one rank keeps: its share, at least one (replicated when t exceeds them).
double kv_heads_per_rank(const ModelConfig& m, int t) {
  return std::max(1.0, as_double(m.num_kv_heads) / t);
}

// MLA decodes in the absorbed form (DeepSeek-V2 §2.1.2; vLLM's MLA backends): each head's query
// meets the latent and the rotary key (kv_lora_rank + rope wide) and the values are the latent.
struct CoreWidths {
  double qk = 0.0;
  double v = 0.0;
};
CoreWidths core_widths(const ModelConfig& m) {
  if (m.mla.kv_lora_rank > 0) {
    return {as_double(m.mla.kv_lora_rank + m.mla.qk_rope_head_dim), as_double(m.mla.kv_lora_rank)};
  }
  const AttentionWidths w = attention_widths(m);
  return {as_double(w.qk_head_dim), as_double(w.v_head_dim)};
}

double mlp_in_width(const ModelConfig& m, int64_t f) {
  return as_double(f) * (m.gated_mlp ? 2.0 : 1.0);
}
double mlp_in_width(const ModelConfig& m) {
  return mlp_in_width(m, m.ffn_hidden_size);
}

bool is_moe(const ModelConfig& m) {
  return m.moe.num_experts > 0;
}

// Layers with an MoE MLP; the first_dense_layers keep a dense one of ffn_hidden_size.
double moe_layers(const ModelConfig& m) {
  return is_moe(m) ? as_double(m.num_layers - m.moe.first_dense_layers) : 0.0;
}

// The MLP's input and activated widths per token on one GPU (t ranks): dense f, or an MoE
// layer's top_k routed experts plus its shared experts (the experts' rows spread over the ranks
// by tensor or expert parallelism alike).
double mlp_activation_width(const ModelConfig& m, int t) {
  if (!is_moe(m)) return (mlp_in_width(m) + as_double(m.ffn_hidden_size)) / t;
  const int64_t fe = routed_ffn_width(m);
  const int64_t fs = shared_ffn_width(m);
  const double moe =
      (m.moe.top_k * (mlp_in_width(m, fe) + as_double(fe)) + mlp_in_width(m, fs) + as_double(fs)) /
      t;
  if (m.moe.first_dense_layers == 0) return moe;
  return std::max(moe, (mlp_in_width(m) + as_double(m.ffn_hidden_size)) / t);
}

}  // namespace

double weight_bytes_per_param(WeightPrecision p) {
  switch (p) {
    case WeightPrecision::bf16:
    case WeightPrecision::fp16:
      return 2.0;
    case WeightPrecision::fp8:
    case WeightPrecision::int8:
      return 1.0;
    case WeightPrecision::int4:
      return 0.5 + 2.0 / 128.0;
  }
  return 2.0;
}

double kv_bytes_per_element(KvCachePrecision p) {
  return p == KvCachePrecision::fp8 ? 1.0 : 2.0;
}

Precision serving_gemm_precision(WeightPrecision p) {
  switch (p) {
    case WeightPrecision::fp8:
      return Precision::fp8;
    case WeightPrecision::fp16:
      return Precision::fp16;
    default:
      return Precision::bf16;
  }
}

double kv_bytes_per_token(const ModelConfig& m, KvCachePrecision p) {
  return kv_bytes_per_token_per_gpu(m, p, 1);
}

double kv_bytes_per_token_per_gpu(const ModelConfig& m, KvCachePrecision p, int t) {
  const double bytes = kv_bytes_per_element(p);
  const double layers = m.num_layers;
  if (m.mla.kv_lora_rank > 0) {
    return layers * as_double(m.mla.kv_lora_rank + m.mla.qk_rope_head_dim) * bytes;
  }
  const AttentionWidths w = attention_widths(m);
  return layers * kv_heads_per_rank(m, t) * as_double(w.qk_head_dim + w.v_head_dim) * bytes;
}

double serving_weight_bytes_per_gpu(const ModelConfig& m, WeightPrecision p, int t) {
  const double layers = as_double(m.num_layers) * layer_params(m).total();
  const double embeddings = embedding_params(m) * (m.tied_embeddings ? 1.0 : 2.0);
  return (layers * weight_bytes_per_param(p) + embeddings * 2.0) / t;
}

ServingMemory serving_memory(const Scenario& s, const GpuSpec& gpu) {
  const ServingConfig& v = s.serving;
  const ModelConfig& m = s.model;
  const int t = v.tensor;
  ServingMemory mem;
  mem.capacity = gpu.memory_bytes();
  mem.budget = mem.capacity * v.gpu_memory_utilization;
  mem.weights = serving_weight_bytes_per_gpu(m, v.weight_precision, t);
  // vLLM sizes the cache after a profiling forward of max_num_batched_tokens tokens: the residual
  // stream and its normalised copy, the QKV output and the MLP's input and activated
  // intermediate, in 16 bits; and the fp32 logits of max_num_seqs sampled rows (full vocabulary,
  // gathered on the first rank).
  const AttentionWidths w = attention_widths(m);
  const double tokens = as_double(v.max_num_batched_tokens);
  const double qkv = as_double(w.q_out() + w.k_out() + w.v_out()) / t;
  const double mlp = mlp_activation_width(m, t);
  mem.activations =
      tokens * (2.0 * as_double(m.hidden_size) + std::max(qkv, mlp)) * 2.0 +
      (v.encode ? 0.0
                : as_double(std::min<int64_t>(v.max_num_seqs, v.max_num_batched_tokens)) *
                      as_double(m.vocab_size) * 4.0);
  mem.cuda_context = kCudaContextBytes;
  if (t > 1) mem.comm_buffers = 2.0 * kNcclChannels * kNcclBytesPerChannelPeer;
  mem.kv_bytes_per_token = kv_bytes_per_token_per_gpu(m, v.kv_cache_precision, t);
  // A draft model's weights and its own cache, one entry per token beside the target's (vLLM
  // allocates the draft's KV blocks with the target's block table).
  if (v.speculative.enabled()) {
    mem.weights += serving_weight_bytes_per_gpu(v.speculative.draft, v.weight_precision, t);
    mem.kv_bytes_per_token +=
        kv_bytes_per_token_per_gpu(v.speculative.draft, v.kv_cache_precision, t);
  }
  const double left =
      mem.budget - mem.weights - mem.activations - mem.cuda_context - mem.comm_buffers;
  // An encoder keeps no cache: a pass's keys and values live in its workspace.
  if (v.encode) {
    mem.kv_bytes_per_token = 0.0;
    mem.fits = left > 0.0;
    return mem;
  }
  mem.kv_bytes_per_block = mem.kv_bytes_per_token * v.kv_block_size;
  mem.kv_blocks = left > 0.0 ? static_cast<int64_t>(std::floor(left / mem.kv_bytes_per_block)) : 0;
  mem.kv_cache = as_double(mem.kv_blocks) * mem.kv_bytes_per_block;
  mem.fits = mem.kv_blocks > 0;
  return mem;
}

double expected_experts_hit(int experts, int top_k, double tokens) {
  if (experts <= 0 || tokens <= 0.0) return 0.0;
  const double e = experts;
  return e * (1.0 - std::pow(1.0 - top_k / e, tokens));
}

double busiest_rank_rows(const ModelConfig& m, int expert, double imbalance, double tokens) {
  const double k = m.moe.top_k;
  const double mean_rank = tokens * k / expert;
  if (expert <= 1 || imbalance <= 1.0 || tokens <= 0.0) return mean_rank;
  const double mean = tokens * k / expected_experts_hit(m.moe.num_experts, m.moe.top_k, tokens);
  const double hottest = std::min(imbalance * mean, tokens);
  return std::min(mean_rank + std::max(0.0, hottest - mean), tokens * k);
}

double expected_tokens_per_verification(int k, double a) {
  if (a >= 1.0) return k + 1.0;
  return (1.0 - std::pow(a, k + 1)) / (1.0 - a);
}

Scenario draft_scenario(const Scenario& s) {
  Scenario d = s;
  d.model = s.serving.speculative.draft;
  d.serving.speculative = SpeculativeConfig{};
  return d;
}

namespace {

// 16-bit math on a GPU without bf16 tensor cores (T4, V100) is fp16: weight-only int8/int4 kernels
// (AWQ, GPTQ) dequantise to fp16 there.
Precision sixteen_bit_on(const GpuSpec& gpu, Precision p) {
  return p == Precision::bf16 && gpu.peak_flops(Precision::bf16) <= 0.0 ? Precision::fp16 : p;
}

}  // namespace

StepCost::StepCost(const Scenario& s)
    : s_(s),
      hw_(s),
      gemm_precision_(sixteen_bit_on(hw_.gpu, serving_gemm_precision(s.serving.weight_precision))),
      act_precision_(sixteen_bit_on(hw_.gpu, s.serving.weight_precision == WeightPrecision::fp16
                                                 ? Precision::fp16
                                                 : Precision::bf16)),
      act_bytes_(2.0),
      clock_slowdown_(1.0 / power_clock_factor(hw_.gpu, s.cluster.gpu_power_limit_W)) {
  if (s.serving.speculative.enabled()) draft_ = std::make_shared<StepCost>(draft_scenario(s));
}

// A GEMM of m rows: the training roofline (kernel_time_s: the catalog's or the profile's
// efficiency at this shape, the weights and activations read from HBM). Below one row tile
// (kTileM), or with an output of less than one wave of tiles (under_one_wave: decode batches of
// 128-256 rows, short prompts), cuBLAS runs split-K or stream-K kernels that spread the weights
// over all SMs (Osama et al., "Stream-K", PPoPP 2023), so the tile and wave factors of the
// training shapes do not apply: the compute part is at the best-shape efficiency. Measured on an
// H100 (docs/calibration.md, "Serving steps"): Llama 3 8B's GEMMs at 128 decode rows took 1.11 ×
// those at one row, bound by the weights' reads, where the wave factor had them at 2.06 ×.
double StepCost::gemm_s(int64_t m, int64_t n, int64_t k, double weight_bytes_per) const {
  return grouped_gemm_s(as_double(m), 1.0, n, k, weight_bytes_per);
}

// A grouped GEMM (vLLM's fused MoE, Megatron's GroupedMLP) runs every group's row tiles in one
// launch: its FLOPs are the rows' and its weights the groups' matrices; the shape of the
// efficiency model is the whole grid (all the rows), and it is bandwidth-bound (split-K, as
// above) when a group has fewer than a tile of rows.
double StepCost::grouped_gemm_s(double rows, double groups, int64_t n, int64_t k,
                                double weight_bytes_per) const {
  KernelShape g{KernelClass::gemm, "gemm"};
  g.m = std::max<int64_t>(1, std::llround(rows));
  g.n = n;
  g.k = k;
  g.flops = 2.0 * rows * as_double(n) * as_double(k);
  g.bytes = groups * as_double(n) * as_double(k) * weight_bytes_per +
            rows * as_double(n + k) * act_bytes_;
  const Calibration* profile = hw_.profile();
  if (rows / groups >= kTileM &&
      !under_one_wave(g.m, n, 1, static_cast<int>(hw_.gpu.sm_count.value))) {
    return kernel_time_s(g, hw_.gpu, gemm_precision_, profile, clock_slowdown_);
  }
  KernelShape memory = g;
  memory.cls = KernelClass::memory_bound;
  const double memory_s = kernel_time_s(memory, hw_.gpu, gemm_precision_, profile);
  std::optional<double> eff;
  if (profile != nullptr) eff = profile->gemm_efficiency(gemm_precision_, 4096, 4096, 4096);
  const double best = eff ? *eff : best_gemm_efficiency(hw_.gpu, gemm_precision_);
  const double compute_s =
      g.flops * clock_slowdown_ / (hw_.gpu.peak_flops(gemm_precision_) * best) +
      hw_.gpu.kernel_launch_us.value * 1e-6;
  return std::max(memory_s, compute_s);
}

double StepCost::dense_mlp_gemm_s(int64_t T, int64_t width) const {
  const ModelConfig& m = s_.model;
  const int t = s_.serving.tensor;
  const double wb = weight_bytes_per_param(s_.serving.weight_precision);
  const int64_t h = m.hidden_size;
  const auto in = static_cast<int64_t>(mlp_in_width(m, width)) / t;
  return gemm_s(T, in, h, wb) + gemm_s(T, h, width / t, wb);
}

// An MoE layer on one GPU of t ranks with expert parallelism e (1 or t): the router (T × E × h,
// 16-bit, on every rank), the shared experts (a dense MLP split t ways) and two grouped GEMMs over
// the routed experts: T·k/e routed rows on the GPU's experts (on the busiest rank with
// serving.expert_load_imbalance, busiest_rank_rows), of which the batch hits
// expected_experts_hit(E, k, T)/e, each n wide split t/e ways. Only the hit experts' weights are
// read.
double StepCost::moe_gemm_s(int64_t T) const {
  const ModelConfig& m = s_.model;
  const int t = s_.serving.tensor;
  const int e = s_.serving.expert;
  const double wb = weight_bytes_per_param(s_.serving.weight_precision);
  const int64_t h = m.hidden_size;
  const int64_t fe = routed_ffn_width(m);
  const int64_t etp = t / e;
  const double rows = busiest_rank_rows(m, e, s_.serving.expert_load_imbalance, as_double(T));
  const double hit = expected_experts_hit(m.moe.num_experts, m.moe.top_k, as_double(T)) / e;
  const auto in = static_cast<int64_t>(mlp_in_width(m, fe)) / etp;
  double out = gemm_s(T, m.moe.num_experts, h, 2.0) + grouped_gemm_s(rows, hit, in, h, wb) +
               grouped_gemm_s(rows, hit, h, fe / etp, wb);
  if (shared_ffn_width(m) > 0) out += dense_mlp_gemm_s(T, shared_ffn_width(m));
  return out;
}

double StepCost::all_reduce_s(double bytes) const {
  if (s_.serving.tensor <= 1) return 0.0;
  return collective_cost(Collective::all_reduce, bytes, GroupShape{s_.serving.tensor, 1},
                         hw_.fabric)
      .time_s;
}

double StepCost::all_to_all_s(double bytes) const {
  if (s_.serving.tensor <= 1) return 0.0;
  return collective_cost(Collective::all_to_all, bytes, GroupShape{s_.serving.tensor, 1},
                         hw_.fabric)
      .time_s;
}

// With a draft model, a step is the draft's work and then the target's: the draft computes the
// step's prompt tokens into its own cache (its last prompt row sampled) and then k decode steps of
// the decoding sequences, one token each, whose contexts grow by one per step; the target verifies
// k + 1 tokens per sequence in one pass (target_time).
StepTime StepCost::step_time(const StepWork& w) const {
  StepTime out = target_time(w);
  if (!draft_ || w.tokens() == 0) return out;
  StepWork prefill = w;
  prefill.decode_seqs = 0;
  prefill.decode_kv_tokens = 0;
  prefill.decode_tokens_per_seq = 1;
  prefill.sampled = w.sampled - w.decode_seqs * w.decode_tokens_per_seq;
  out.draft_s = draft_->step_time_s(prefill);
  const int64_t k = w.decode_tokens_per_seq - 1;
  for (int64_t j = 0; j < k && w.decode_seqs > 0; ++j) {
    StepWork d;
    d.decode_seqs = w.decode_seqs;
    d.decode_kv_tokens = w.decode_kv_tokens + j * w.decode_seqs;
    d.sampled = w.decode_seqs;
    out.draft_s += draft_->step_time_s(d);
  }
  return out;
}

StepTime StepCost::target_time(const StepWork& w) const {
  const ModelConfig& m = s_.model;
  const int t = s_.serving.tensor;
  const int64_t T = w.tokens();
  StepTime out;
  if (T <= 0) return out;
  const AttentionWidths aw = attention_widths(m);
  const int64_t h = m.hidden_size;
  const double wb = weight_bytes_per_param(s_.serving.weight_precision);
  const int64_t qkv_n = static_cast<int64_t>(qkv_macs_per_token(m) / as_double(h)) / t;
  const double attention_gemm = gemm_s(T, qkv_n, h, wb) + gemm_s(T, h, aw.proj_in() / t, wb);
  const double dense_layers = as_double(m.num_layers) - moe_layers(m);
  const double mlp_gemm = dense_layers * dense_mlp_gemm_s(T, m.ffn_hidden_size) +
                          (is_moe(m) ? moe_layers(m) * moe_gemm_s(T) : 0.0);
  // The attention core: FLOPs 2 · pairs · (d_qk + d_v) per head, and the KV entries it reads.
  const CoreWidths cw = core_widths(m);
  const double heads = as_double(aw.heads) / t;
  // An encoder's keys and values are 16-bit activations, not cache entries.
  const KvCachePrecision kv_precision =
      s_.serving.encode ? KvCachePrecision::bf16 : s_.serving.kv_cache_precision;
  const double kv_per_layer =
      kv_bytes_per_token_per_gpu(m, kv_precision, t) / as_double(m.num_layers);
  double attention = 0.0;
  const Calibration* profile = hw_.profile();
  if (w.prefill_tokens > 0) {
    KernelShape a{KernelClass::attention, "prefill_attention"};
    a.m = w.prefill_tokens;
    a.n = std::max<int64_t>(w.prefill_kv_tokens, 1);
    a.k = static_cast<int64_t>(cw.qk);
    a.batch = std::max<int64_t>(static_cast<int64_t>(heads), 1);
    a.flops = 2.0 * w.prefill_pairs * (cw.qk + cw.v) * heads;
    a.bytes = as_double(w.prefill_kv_tokens) * kv_per_layer +
              2.0 * as_double(w.prefill_tokens) * heads * cw.qk * act_bytes_;
    attention += kernel_time_s(a, hw_.gpu, act_precision_, profile, clock_slowdown_);
  }
  if (w.decode_seqs > 0) {
    // q query tokens per sequence (k + 1 when verifying drafts) against its context: the KV
    // entries are read once for all q.
    const double q = as_double(w.decode_tokens_per_seq);
    KernelShape a{KernelClass::attention, "decode_attention"};
    a.m = w.decode_tokens_per_seq;
    a.n = std::max<int64_t>(w.decode_kv_tokens / w.decode_seqs, 1);
    a.k = static_cast<int64_t>(cw.qk);
    a.batch = std::max<int64_t>(w.decode_seqs * static_cast<int64_t>(heads), 1);
    a.flops = 2.0 * as_double(w.decode_kv_tokens) * q * (cw.qk + cw.v) * heads;
    a.bytes = as_double(w.decode_kv_tokens) * kv_per_layer +
              2.0 * as_double(w.decode_tokens()) * heads * cw.qk * act_bytes_;
    attention += kernel_time_s(a, hw_.gpu, act_precision_, profile, clock_slowdown_);
  }
  // Element-wise work per token, one kernel each: two fused residual-add + RMSNorm (read x and
  // the residual, write both: 8h), the MLP activation (read its input, write f/t) and, with
  // rotary positions, the rotary embedding on the queries and keys (read and write).
  KernelShape e{KernelClass::memory_bound, "elementwise"};
  e.bytes = as_double(T) *
            (8.0 * as_double(h) + mlp_activation_width(m, t) +
             2.0 * as_double(rotary_elements(m, aw, static_cast<int64_t>(t)))) *
            act_bytes_;
  KernelShape one = e;
  one.bytes = 0.0;
  const double launch_s = kernel_time_s(one, hw_.gpu, act_precision_, profile);
  const double elementwise = kernel_time_s(e, hw_.gpu, act_precision_, profile) + 3.0 * launch_s;
  const double layers = m.num_layers;
  out.gemm_s = layers * attention_gemm + mlp_gemm;
  out.attention_s = layers * attention;
  out.elementwise_s = layers * elementwise;
  const double all_reduce = all_reduce_s(as_double(T) * as_double(h) * act_bytes_);
  out.tp_comm_s = layers * 2.0 * all_reduce;
  if (is_moe(m)) {
    // Each GPU permutes its routed rows into expert order and back (read and write, twice): all
    // T·k rows with the experts split over the tensor ranks, T·k/t with expert parallelism.
    const double routed =
        busiest_rank_rows(m, s_.serving.expert, s_.serving.expert_load_imbalance, as_double(T));
    KernelShape permute{KernelClass::memory_bound, "moe_permute"};
    permute.bytes = 4.0 * routed * as_double(h) * act_bytes_;
    out.elementwise_s += moe_layers(m) * kernel_time_s(permute, hw_.gpu, act_precision_, profile);
    // Expert parallelism: the tokens are sequence-sharded over the ranks (the attention's
    // all-reduce as a reduce-scatter and an all-gather, the same cost), and each rank sends its
    // T/t tokens' top_k copies to their experts' ranks and gets them back (dispatch and combine,
    // Megatron-Core's all-to-all token dispatcher) instead of the MLP's all-reduce. The step waits
    // for the busiest rank, which receives and returns its `routed` rows.
    if (s_.serving.expert > 1) {
      out.tp_comm_s +=
          moe_layers(m) * (2.0 * all_to_all_s(routed * as_double(h) * act_bytes_) - all_reduce);
    }
  }
  // The embedding lookup and the final norm, then the output layer (16-bit, split by vocabulary)
  // for the rows that sample, and their logits gathered from the tensor ranks.
  KernelShape embed{KernelClass::memory_bound, "embedding"};
  embed.bytes = 2.0 * as_double(T) * as_double(h) * act_bytes_;
  out.elementwise_s += 2.0 * kernel_time_s(embed, hw_.gpu, act_precision_, profile);
  if (w.sampled > 0 && s_.serving.encode) {
    // An encoder's head: BERT's pooler, an h × h dense layer on each sequence's first token (the
    // classifier of a few labels after it is negligible); replicated on the tensor ranks.
    out.logits_s = gemm_s(w.sampled, h, h, 2.0);
  } else if (w.sampled > 0) {
    out.logits_s = gemm_s(w.sampled, m.vocab_size / t, h, 2.0);
    if (t > 1) {
      out.tp_comm_s += collective_cost(Collective::all_gather,
                                       as_double(w.sampled) * as_double(m.vocab_size) * act_bytes_,
                                       GroupShape{t, 1}, hw_.fabric)
                           .time_s;
    }
  }
  return out;
}

}  // namespace wt
