// The serving block's rows of the field table (docs/serving.md): one replica's layout and
// precision, its batching and KV cache, the traffic and the SLOs. Defaults follow vLLM's
// (cited per row); the GPU is cluster.gpu, so the catalog and a calibration profile apply as in
// training.
#include "sim/scenario/serving_fields.hpp"
#include "sim/scenario/field_factories.hpp"
#include "sim/scenario/special_fields.hpp"

namespace wt {
namespace {

constexpr NumberRange kMilliseconds{0.0, 1e9};

#define WT_LENGTH_FIELDS(NAME, WHAT)                                                             \
  choice_field(WT_MEMBER(serving.traffic.NAME.distribution),                                     \
               {.doc = "Distribution of " WHAT ": fixed (every request `mean`), uniform "        \
                       "(integers min .. max) or lognormal (mean and stddev of the length, "     \
                       "clipped to min .. max)."}),                                              \
      number_field(WT_MEMBER(serving.traffic.NAME.mean), {0.0, 1e7},                             \
                   {.unit = "tokens", .doc = "Mean of " WHAT " (fixed: the length)."}),          \
      number_field(WT_MEMBER(serving.traffic.NAME.stddev), {0.0, 1e7},                           \
                   {.unit = "tokens", .doc = "Standard deviation of " WHAT " (lognormal)."}),    \
      integer_field(WT_MEMBER(serving.traffic.NAME.min), {1, 16'777'216},                        \
                    {.unit = "tokens", .doc = "Shortest " WHAT " (uniform: the lower bound)."}), \
      integer_field(WT_MEMBER(serving.traffic.NAME.max), {0, 16'777'216},                        \
                    {.unit = "tokens",                                                           \
                     .default_text = "0 (model.seq_length)",                                     \
                     .allowed_text = "0, or min .. 16777216",                                    \
                     .doc = "Longest " WHAT " (uniform: the upper bound); prompt and output "    \
                            "together are cut to model.seq_length."})

}  // namespace

std::vector<FieldBinding> serving_fields() {
  return {
      integer_field(WT_MEMBER(serving.tensor), {1, 72},
                    {.doc = "GPUs per replica, tensor parallel (Megatron's split of heads and "
                            "FFN, two all-reduces per layer); at most cluster.gpus_per_node, "
                            "dividing the KV heads or a multiple of them. The GPU is "
                            "cluster.gpu."}),
      integer_field(WT_MEMBER(serving.expert), {1, 72},
                    {.doc = "Mixture-of-experts models: expert parallelism inside the replica. 1: "
                            "every expert split over the serving.tensor ranks (vLLM's default); "
                            "serving.tensor: each GPU holds num_experts / tensor whole experts "
                            "(vLLM --enable-expert-parallel), the routed tokens dispatched to them "
                            "and combined by two all-to-alls per MoE layer."}),
      number_field(WT_MEMBER(serving.expert_load_imbalance), {1.0, 1024.0},
                   {.doc = "Mixture-of-experts models: the router's imbalance, the tokens of the "
                           "most loaded expert over the mean per expert in a step (1 = spread "
                           "evenly; at most num_experts / top_k). With serving.expert > 1 the "
                           "rank holding the hottest expert computes and exchanges its extra "
                           "rows, and the step waits for it; with serving.expert 1 every GPU "
                           "computes a slice of every expert and the figure changes nothing. "
                           "Measure it for your router and traffic."}),
      boolean_field(WT_MEMBER(serving.encode),
                    {.doc = "Encoder serving (BERT-style embeddings or classification): a request "
                            "is one bidirectional pass over its prompt (whole, never chunked), "
                            "no KV cache is kept, no token is decoded; output_tokens is not used "
                            "and TTFT is the end-to-end latency."}),
      integer_field(WT_MEMBER(serving.replicas), {1, 100'000},
                    {.doc = "Replicas of the model, each serving its share of the requests."}),
      choice_field(WT_MEMBER(serving.router),
                   {.doc = "How requests go to replicas: round_robin, or least_loaded (the "
                           "replica with the fewest requests waiting or running)."}),
      choice_field(WT_MEMBER(serving.weight_precision),
                   {.doc = "Weights of the transformer layers: bf16/fp16; fp8 (W8A8, FP8 GEMMs; "
                           "GPUs with FP8 tensor cores); int8 or int4 weight-only (W8A16, "
                           "W4A16 as AWQ/GPTQ/Marlin: 16-bit GEMMs reading the narrow weights, "
                           "int4 with one fp16 scale per group of 128). Embeddings and the "
                           "output layer stay 16-bit."}),
      choice_field(WT_MEMBER(serving.kv_cache_precision),
                   {.doc = "KV cache entries: bf16/fp16 (2 B) or fp8 (1 B, vLLM "
                           "--kv-cache-dtype fp8)."}),
      choice_field(WT_MEMBER(serving.batching),
                   {.doc = "static: up to max_num_seqs waiting requests form a batch that runs "
                           "until its longest request ends; continuous: every engine step "
                           "admits waiting requests while KV blocks and the token budget allow "
                           "and retires finished ones (Orca; vLLM)."}),
      integer_field(WT_MEMBER(serving.max_num_seqs), {1, 1'000'000},
                    {.doc = "Most sequences in one batch (static: the batch size; vLLM "
                            "--max-num-seqs, default 256)."}),
      integer_field(WT_MEMBER(serving.max_num_batched_tokens), {1, 100'000'000},
                    {.unit = "tokens",
                     .doc = "Token budget of one engine step, prefill and decode tokens "
                            "together (vLLM --max-num-batched-tokens; 8192 is vLLM V1's default "
                            "for its API server on GPUs of 70 GiB or more). Without chunked "
                            "prefill a prompt longer than it is refused."}),
      boolean_field(WT_MEMBER(serving.chunked_prefill),
                    {.doc = "Chunked prefill (vLLM V1's default): a step's leftover budget "
                            "goes to prompt chunks beside the decodes. Off: a step is either "
                            "whole prompts or decodes, prompts first (vLLM V0)."}),
      integer_field(WT_MEMBER(serving.kv_block_size), {1, 4096},
                    {.unit = "tokens",
                     .doc = "Tokens per paged KV cache block (vLLM --block-size, default 16)."}),
      number_field(WT_MEMBER(serving.gpu_memory_utilization), {0.0, 1.0, true},
                   {.doc = "Share of each GPU's memory the engine may use for weights, "
                           "activations and KV cache (vLLM --gpu-memory-utilization, default "
                           "0.9)."}),
      number_field(WT_MEMBER(serving.traffic.rate_rps), {0.0, 1e7, true},
                   {.unit = "requests/s",
                    .doc = "Mean arrival rate of a Poisson process (exponential gaps), over "
                           "all replicas."}),
      integer_list_field(WT_MEMBER(serving.traffic.hourly_percent), {24, 24}, {0, 100'000},
                         {.default_text = "[] (rate_rps all day)",
                          .doc = "Daily profile: 24 values, the rate of each hour as a percent "
                                 "of rate_rps (the simulation starts at hour 0)."}),
      number_field(WT_MEMBER(serving.traffic.burst_factor), {1.0, 1e4},
                   {.doc = "Bursts: the arrival rate is this many times the hour's rate for the "
                           "first burst_s of every burst_period_s; 1 = no bursts (the mean rate "
                           "is then above rate_rps, see docs/serving.md)."}),
      number_field(WT_MEMBER(serving.traffic.burst_s), {0.0, 1e8},
                   {.unit = "s", .doc = "Length of each burst; at most burst_period_s."}),
      number_field(WT_MEMBER(serving.traffic.burst_period_s), {0.0, 1e8, true},
                   {.unit = "s", .doc = "A burst starts every this many seconds (at 0 first)."}),
      WT_LENGTH_FIELDS(prompt_tokens, "prompt lengths"),
      WT_LENGTH_FIELDS(output_tokens, "output lengths"),
      number_field(WT_MEMBER(serving.slo.ttft_ms), kMilliseconds,
                   {.unit = "ms", .doc = "Time-to-first-token target; 0 = none."}),
      number_field(
          WT_MEMBER(serving.slo.tpot_ms), kMilliseconds,
          {.unit = "ms", .doc = "Time-per-output-token target (after the first); 0 = none."}),
      number_field(WT_MEMBER(serving.slo.e2e_ms), kMilliseconds,
                   {.unit = "ms", .doc = "End-to-end latency target; 0 = none."}),
      choice_field(WT_MEMBER(serving.slo.percentile),
                   {.doc = "The percentile of each latency that must meet its target."}),
      string_field("serving.speculative.draft_model", read_draft_model,
                   {.default_text = "none",
                    .allowed_text = "a preset name with model.vocab_size's vocabulary",
                    .doc = "Speculative decoding (Leviathan et al. 2023; vLLM's draft-model "
                           "method): this preset drafts num_tokens tokens per decode step on "
                           "the replica's GPUs (same tensor parallelism and weight precision, "
                           "its own KV cache), the target verifies them in one pass."}),
      integer_field(
          WT_MEMBER(serving.speculative.num_tokens), {1, 32},
          {.unit = "tokens", .doc = "Draft tokens per step (vLLM num_speculative_tokens)."}),
      number_field(WT_MEMBER(serving.speculative.acceptance_rate), {0.0, 1.0, true},
                   {.doc = "Probability that the target accepts one draft token (alpha of "
                           "Leviathan et al.; measure it for your model pair and data: their "
                           "experiments report about 0.5 to 0.9, from memory). A step then yields "
                           "(1 - alpha^(k+1)) / (1 - alpha) tokens on average."}),
      number_field(WT_MEMBER(serving.duration_s), {0.0, 1e8},
                   {.unit = "s", .doc = "Requests arrive for this long; 0 = no time limit."}),
      integer_field(WT_MEMBER(serving.num_requests), {0, 100'000'000},
                    {.doc = "Requests that arrive; 0 = no count limit (then duration_s > 0). "
                            "Arrivals stop at the first limit reached."}),
      integer_field(WT_MEMBER(serving.seed), {0, 2'000'000'000},
                    {.doc = "Seed of arrivals and lengths (the same seed gives the same "
                            "figures)."}),
  };
}
#undef WT_LENGTH_FIELDS

}  // namespace wt
