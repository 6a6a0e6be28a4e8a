#pragma once
// What one serving replica holds and what one engine step costs (docs/serving.md), from the same
// catalog, GEMM efficiency model, calibration profile and collective costs as training:
// - KV cache per token: 2 · layers · kv_heads · head_dim · bytes (MHA, GQA); MLA keeps the
//   compressed latent and the shared rotary key, layers · (kv_lora_rank + qk_rope_head_dim) ·
//   bytes, replicated on every tensor rank;
// - weights by precision; the memory left for KV blocks after weights, activation workspace, CUDA
//   context and NCCL buffers;
// - a step's time: per layer its GEMMs (roofline through kernel_time_s; compute-bound in prefill,
//   weight-bandwidth-bound in decode), the attention core (compute, and the KV bytes it reads),
//   the element-wise kernels and two tensor-parallel all-reduces (collective_cost), then the
//   logits of the sequences that sample a token.
#include <cstdint>
#include <memory>

#include "sim/comm/collective.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workload/hardware_setup.hpp"
#include "sim/workload/layer_kernels.hpp"

namespace wt {

// Bytes per weight of the transformer layers: 2 (bf16, fp16), 1 (fp8, int8), 0.5 + 2/128 (int4
// with one fp16 scale per group of 128, as AWQ and GPTQ store them).
double weight_bytes_per_param(WeightPrecision p);
double kv_bytes_per_element(KvCachePrecision p);  // 2, or 1 for fp8
// The GEMMs' math precision: fp8 for W8A8 fp8, 16-bit for weight-only and 16-bit weights.
Precision serving_gemm_precision(WeightPrecision p);

// KV cache bytes of one token in the whole model (before tensor parallelism).
double kv_bytes_per_token(const ModelConfig& m, KvCachePrecision p);
// On one GPU of a replica of tensor parallel t: KV heads split over the ranks, at least one per
// rank (vLLM replicates them when t exceeds them); MLA's latent on every rank.
double kv_bytes_per_token_per_gpu(const ModelConfig& m, KvCachePrecision p, int t);
// Weights on one GPU: the layers at the weight precision split t ways, the embedding and output
// layer (one matrix when tied) in 16 bits, split t ways by vocabulary (vLLM's
// VocabParallelEmbedding).
double serving_weight_bytes_per_gpu(const ModelConfig& m, WeightPrecision p, int t);

// One GPU's memory in a replica (bytes).
struct ServingMemory {
  double capacity = 0.0;      // the GPU's memory
  double budget = 0.0;        // capacity · gpu_memory_utilization
  double weights = 0.0;       // serving_weight_bytes_per_gpu
  double activations = 0.0;   // workspace of the largest step (max_num_batched_tokens)
  double cuda_context = 0.0;  // kCudaContextBytes (sim/workload/runtime_memory.hpp)
  double comm_buffers = 0.0;  // NCCL buffers of the tensor-parallel communicator (t > 1)
  double kv_cache = 0.0;      // what is left, rounded down to whole blocks
  double kv_bytes_per_token = 0.0;
  double kv_bytes_per_block = 0.0;
  int64_t kv_blocks = 0;  // 0: the model does not fit (or encoder serving: no cache)
  bool fits = false;      // a KV block fits (encoder serving: the weights and workspace fit)
};
ServingMemory serving_memory(const Scenario& s, const GpuSpec& gpu);

// Mixture of experts: the expected number of distinct experts that `tokens` routed tokens hit when
// each picks top_k of `experts` uniformly (each expert is missed by one token with probability
// 1 - k/E, independently across tokens): E · (1 − (1 − k/E)^tokens). 0 for a dense model.
double expected_experts_hit(int experts, int top_k, double tokens);

// Mixture of experts with expert parallelism e: the routed rows on the busiest rank of a step of
// `tokens` tokens. Balanced, every rank gets tokens·k/e. With `imbalance` I (max over mean tokens
// per expert) the hottest expert gets I × the mean of the experts hit, μ = tokens·k /
// expected_experts_hit, at most `tokens` (a token picks an expert once); its rank, the others at
// the mean, gets tokens·k/e + (min(I·μ, tokens) − μ), at most tokens·k. e = 1: tokens·k (every GPU
// computes every expert's slice; the imbalance does not change it).
double busiest_rank_rows(const ModelConfig& m, int expert, double imbalance, double tokens);

// Speculative decoding: the tokens one verification yields on average when each of k draft tokens
// is accepted with probability a independently, until the first rejection, plus the target's own
// token: (1 - a^(k+1)) / (1 - a) (Leviathan et al. 2023, eq. 1); k + 1 at a = 1.
double expected_tokens_per_verification(int k, double a);

// The scenario of a speculative draft: the target's with the draft's architecture and no
// speculative block of its own.
Scenario draft_scenario(const Scenario& s);

// The work of one engine step on a replica.
struct StepWork {
  int64_t prefill_tokens = 0;  // prompt tokens computed (whole prompts or chunks)
  // Query-key pairs of the prefill attention, causal: Σ over chunks q · (c + (q + 1) / 2), with c
  // the tokens already in the cache.
  double prefill_pairs = 0.0;
  int64_t prefill_kv_tokens = 0;  // Σ (c + q): the KV entries the prefill attention reads
  int64_t decode_seqs = 0;        // sequences decoding
  int64_t decode_kv_tokens = 0;   // Σ context of the decoding sequences
  // Query tokens of each decoding sequence: 1, or with speculative decoding the last token and
  // the k draft tokens the target verifies (k + 1), after the draft's k steps.
  int64_t decode_tokens_per_seq = 1;
  int64_t sampled = 0;  // rows of the logits: sequences producing a token, k + 1 per verification
  int64_t decode_tokens() const { return decode_seqs * decode_tokens_per_seq; }
  int64_t tokens() const { return prefill_tokens + decode_tokens(); }
};

struct StepTime {
  double gemm_s = 0.0;
  double attention_s = 0.0;
  double elementwise_s = 0.0;  // norms, residuals, activation, rotary, embedding
  double tp_comm_s = 0.0;      // the tensor-parallel all-reduces and the logits gather
  double logits_s = 0.0;
  double draft_s = 0.0;  // speculative decoding: the draft's prefill and its k decode steps
  double total() const {
    return gemm_s + attention_s + elementwise_s + tp_comm_s + logits_s + draft_s;
  }
};

class StepCost {
 public:
  // The hardware of the scenario's GPU (cluster.gpu, its calibration profile, the node's fabric).
  explicit StepCost(const Scenario& s);
  StepTime step_time(const StepWork& w) const;
  double step_time_s(const StepWork& w) const { return step_time(w).total(); }
  const GpuSpec& gpu() const { return hw_.gpu; }

 private:
  double gemm_s(int64_t m, int64_t n, int64_t k, double weight_bytes_per) const;
  // A grouped GEMM (MoE experts): `rows` rows in all over `groups` weight matrices of n × k.
  double grouped_gemm_s(double rows, double groups, int64_t n, int64_t k,
                        double weight_bytes_per) const;
  double all_reduce_s(double bytes) const;
  double all_to_all_s(double bytes) const;
  // One layer's MLP on one GPU for T tokens: a dense MLP, or an MoE layer's router, shared
  // experts and the routed experts actually hit.
  double dense_mlp_gemm_s(int64_t T, int64_t width) const;
  double moe_gemm_s(int64_t T) const;

  StepTime target_time(const StepWork& w) const;

  Scenario s_;
  HardwareSetup hw_;
  std::shared_ptr<const StepCost> draft_;  // speculative decoding's draft model
  Precision gemm_precision_;
  Precision act_precision_;
  double act_bytes_;
  // 1 / the clock a power limit leaves (sim/hardware/power_limit.hpp): GEMMs and attention
  // stretch by it, as in training; serving has no sustained-speed or straggler stretch.
  double clock_slowdown_;
};

}  // namespace wt
