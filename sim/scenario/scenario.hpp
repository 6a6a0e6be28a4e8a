#pragma once
// The scenario (docs/scenario.md) after parsing, preset expansion and validation. Every field holds
// its documented default until the file (or --set) says otherwise; units are in the field names.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/scenario/net_layer.hpp"
#include "topology/cluster_config.hpp"

namespace wt {

// fp8: per-tensor scaled FP8 (Transformer Engine's delayed or current scaling); mxfp8 and nvfp4:
// the block-scaled formats of Blackwell's tensor cores (TE's MXFP8BlockScaling, NVFP4BlockScaling;
// sim/scenario/precision.hpp).
enum class Precision { fp32, tf32, fp16, bf16, fp8, mxfp8, nvfp4 };
// How precision fp8 scales its tensors (Transformer Engine's recipes; Megatron's --fp8-recipe,
// framework-defaults.md §1 and §9): delayed (DelayedScaling: one scale per tensor from the amax
// history), tensorwise (Float8CurrentScaling: one scale per tensor from its own amax, an extra
// pass), blockwise (Float8BlockScaling: fp32 scales per 1×128 block of activations and gradients),
// rowwise (torchao's Float8 rowwise, torchtitan's: per-row scales along each GEMM's reduction
// dimension, each operand quantized again from 16 bits for the other axis; the 16-bit inputs are
// saved and no quantized weight copy is kept).
enum class Fp8Recipe { delayed, tensorwise, blockwise, rowwise };
enum class Optimizer { adam, adamw, sgd };
// Activation recomputation. selective: Megatron's (the attention core again in backward);
// per_op: torchtitan's per-op selective checkpointing (the outputs of the matmuls and attention
// kernels kept, every second matmul of a block and the memory-bound ops run again in backward);
// full: each layer's forward again in backward.
enum class Recompute { none, selective, per_op, full };
// The submodules Megatron-Core's selective recompute checkpoints (TransformerConfig
// recompute_modules, --recompute-modules; framework-defaults.md: default ["core_attn"], field added
// in core_v0.13.0); sim/workload/recompute_modules.hpp says what each drops and reruns.
enum class RecomputeModule { core_attn, moe_act, layernorm, mla_up_proj, mlp, moe, shared_experts };
// How the attention core runs: one fused kernel that never stores the s x s scores
// (FlashAttention, 2022 on), or batched GEMMs with the scores, softmax and dropout in HBM.
// fused: one FlashAttention-style kernel of unnamed implementation, at the built-in efficiency;
// flash2: FlashAttention-2 (PyTorch's scaled_dot_product_attention, the flash-attn package);
// cudnn: cuDNN's fused attention (Transformer Engine's FusedAttention); both at their measured
// efficiency where the GPU's table exists (sim/hardware/attention_tables.hpp), else the built-in;
// unfused: batched GEMMs with the scores in memory.
enum class AttentionKernel { fused, unfused, flash2, cudnn };
// How the non-GEMM work of a layer runs (sim/workload/layer_kernels.cpp): fused kernels over a
// 16-bit residual stream (Megatron-Core, Transformer Engine), or PyTorch eager under torch.autocast
// with fp32 parameters and residual stream, one kernel per op.
enum class KernelFusion { fused, eager_amp };
// How the loss's cross-entropy holds the logits (sim/workload/memory.hpp, logit_bytes): in place
// in one fp32 copy (Megatron-Core's vocab-parallel cross-entropy, Transformer Engine's), or
// PyTorch's F.cross_entropy on logits cast to fp32 (log_softmax and nll_loss, each with its own
// fp32 tensors).
enum class CrossEntropy { in_place, pytorch };
// How a transformer knows token positions (docs/models.md, "Positions"): learned absolute
// embeddings added to the token embedding (GPT-2/3, OPT, BERT; Megatron-LM's default
// learned_absolute), rotary embeddings applied to queries and keys in every layer (Llama and most
// models since 2023), ALiBi's attention bias (BLOOM, MPT), or none.
enum class PositionEmbedding { learned, rope, alibi, none };
inline bool is_fused(AttentionKernel a) {
  return a != AttentionKernel::unfused;
}
enum class PipelineSchedule { gpipe, one_f_one_b, interleaved };
// How context parallelism exchanges the sequence (Megatron-Core --cp-comm-type; docs/models.md,
// "Communication"): p2p, Transformer Engine's ring of K/V; all_gather, K/V gathered before the
// attention; a2a, DeepSpeed-Ulysses: Q, K, V and the output re-split from sequence to heads.
enum class CpCommType { p2p, all_gather, a2a };
// How an MoE layer's tokens reach the expert-parallel ranks (Megatron-Core
// --moe-token-dispatcher-type): alltoall, the routed copies exchanged by all-to-alls; allgather,
// every rank gathers all tokens of the EP group, keeps those routed to its experts, and the outputs
// are reduce-scattered back (sim/workload/layer_work.cpp).
enum class MoeDispatcher { alltoall, allgather };
// Model states kept in host memory (docs/models.md, "Offload"). optimizer: the optimizer state
// (fp32 master weights and moments), updated by a CPU optimizer step, as DeepSpeed's
// offload_optimizer (ZeRO-Offload) does; parameters: also the parameter and gradient shards, as
// DeepSpeed's offload_param (ZeRO-Infinity, ZeRO-3 only) and PyTorch FSDP's
// CPUOffload(offload_params=True) do.
enum class Offload { none, optimizer, parameters };

// How the data-parallel gradient reduction is compressed (docs/models.md, "Gradient
// compression"): none; a narrower dtype on the wire (fp16, bf16, fp8); top-k sparsification
// (values and int32 indices, all-gathered); PowerSGD (rank-r factors P and Q, all-reduced); 1-bit
// Adam (the momentum's signs and one scale per chunk, after warm-up). Only the time is simulated,
// not the effect on convergence.
enum class GradCompression { none, fp16, bf16, fp8, topk, powersgd, onebit_adam };
// How the data-parallel replicas combine their gradients (docs/models.md, "Data synchronisation
// beyond all-reduce"): allreduce (NCCL, every framework's default); parameter_server (workers push
// gradients to sharded servers and pull the weights, Li et al. OSDI 2014); async (the same without
// a barrier, Dean et al. 2012); backup_workers (synchronous, the step waits for the first n of
// n + k workers, Chen et al. 2016).
enum class DataSync { allreduce, parameter_server, async, backup_workers };
// Where the parameter servers run: on extra hosts (dedicated) or on the worker nodes (colocated).
enum class ServerPlacement { colocated, dedicated };
// Collective algorithm: `automatic` picks the fastest per call, as NCCL's tuner does.
enum class CollectiveAlgorithm { automatic, ring, tree, hierarchical, nvls };
// Which weights train (docs/models.md, "Fine-tuning"). full: all of them; lora: low-rank adapters
// beside frozen 16-bit base weights (Hu et al. 2021); qlora: the same beside frozen base weights
// in 4-bit NormalFloat with double quantization (Dettmers et al. 2023).
enum class FinetuneMethod { full, lora, qlora };

// The linear layers of a transformer layer that may carry LoRA adapters, as bits of
// FinetuneConfig::target_modules (PEFT's module names q_proj ... down_proj; fc1 = up, fc2 = down in
// a two-matrix MLP).
enum LoraTarget : unsigned {
  kLoraQ = 1u << 0,
  kLoraK = 1u << 1,
  kLoraV = 1u << 2,
  kLoraO = 1u << 3,
  kLoraGate = 1u << 4,
  kLoraUp = 1u << 5,
  kLoraDown = 1u << 6,
  kLoraAll = (1u << 7) - 1,
};

struct FinetuneConfig {
  FinetuneMethod method = FinetuneMethod::full;
  // LoRA rank r; PEFT's LoraConfig default (r = 8).
  int rank = 8;
  // PEFT's default for Llama-family models (TRANSFORMERS_MODELS_TO_LORA_TARGET_MODULES_MAPPING:
  // q_proj, v_proj), the LoRA paper's choice for GPT-3 (Hu et al. 2021, §7.1).
  unsigned target_modules = kLoraQ | kLoraV;
};

struct MoeConfig {
  int num_experts = 0;  // 0 = dense model (routed experts)
  int top_k = 0;
  int64_t moe_ffn_hidden_size = 0;
  double capacity_factor = 0.0;  // 0 = dropless at balanced load; > 0: experts padded to capacity
  int num_shared_experts = 0;    // experts every token passes through (DeepSeek, Qwen2-MoE)
  int64_t shared_expert_ffn_hidden_size = 0;  // 0 = moe_ffn_hidden_size
  int first_dense_layers = 0;                 // leading layers with a dense MLP of ffn_hidden_size
  // After the first dense layers, one layer in every layer_freq is an MoE layer, the last of each
  // group (Llama 4's interleave_moe_layer_step, Megatron-Core --moe-layer-freq k); the others
  // hold a dense MLP of ffn_hidden_size. 1 = every layer after them.
  int layer_freq = 1;
  // Dropless routing's imbalance: the routed tokens the most loaded expert-parallel rank receives
  // over the mean, in every MoE layer (1 = even). That rank sets each layer's pace.
  double load_imbalance = 1.0;
};

// Multi-head latent attention (DeepSeek-V2/V3): queries and keys/values pass through low-rank
// latents; kv_lora_rank = 0 means ordinary (grouped-query) attention.
struct MlaConfig {
  int64_t q_lora_rank = 0;  // 0 = queries projected directly from h
  int64_t kv_lora_rank = 0;
  int64_t qk_rope_head_dim = 0;
  int64_t qk_nope_head_dim = 0;
  int64_t v_head_dim = 0;
};

struct ModelConfig {
  std::string preset;  // empty when the model is given field by field or by hf_config
  std::string hf_config;
  int num_layers = 0;
  int64_t hidden_size = 0;
  int num_attention_heads = 0;
  int num_kv_heads = 0;         // 0 in a file means "same as num_attention_heads"
  int64_t ffn_hidden_size = 0;  // 0 in a file means 4 * hidden_size
  int64_t seq_length = 0;
  int64_t vocab_size = 0;
  bool gated_mlp = false;
  bool tied_embeddings = false;
  PositionEmbedding position_embedding = PositionEmbedding::learned;
  int64_t head_dim = 0;          // 0 in a file means hidden_size / num_attention_heads
  bool parallel_layers = false;  // attention and MLP read the same input (GPT-J, PaLM, Falcon)
  // Sliding-window attention: each query attends to at most this many keys (itself and the
  // window - 1 before it; Mistral, MegaScale). 0 = full causal attention.
  int64_t attention_window = 0;
  int mtp_layers = 0;  // multi-token prediction depth (DeepSeek-V3)
  // Dropout after attention and MLP (Megatron-Core's hidden_dropout, default 0.1); 0 = none, as
  // Llama-era models train: no dropout masks are kept for backward (sim/workload/memory.cpp).
  double hidden_dropout = 0.1;
  MoeConfig moe;
  MlaConfig mla;
  // A layer-list model (model.layers or a layer-list preset; sim/scenario/net_layer.hpp): empty
  // for a transformer. Validation sets num_layers to its length and seq_length to 1 (a sample is
  // one input, e.g. one image, so tokens/s equals samples/s).
  std::vector<NetLayer> layers;
  bool is_layer_list() const { return !layers.empty(); }
  // A parallel block priced as one (docs/models.md, "Parallel block"): a dense model with
  // ordinary attention. A MoE or MLA model with parallel_layers is timed as a sequential layer.
  bool fused_parallel_block() const {
    return parallel_layers && moe.num_experts == 0 && mla.kv_lora_rank == 0 && layers.empty();
  }
};

struct TrainingConfig {
  // Framework profile (sim/scenario/framework_profiles.hpp) whose defaults fill the fields a file
  // leaves out; "none" keeps the field table's defaults.
  std::string framework = "none";
  int64_t global_batch_size = 0;
  int64_t micro_batch_size = 1;
  Precision precision = Precision::bf16;
  Fp8Recipe fp8_recipe = Fp8Recipe::delayed;  // with precision fp8 (sim/scenario/precision.hpp)
  Optimizer optimizer = Optimizer::adam;
  Recompute activation_recompute = Recompute::none;
  // With full recompute, the layers of each model chunk that recompute (the first ones, Megatron's
  // --recompute-method block --recompute-num-layers N); the others keep their activations. 0 = all.
  int recompute_num_layers = 0;
  // With selective recompute, the submodules that recompute (Megatron-Core's --recompute-modules).
  std::vector<RecomputeModule> recompute_modules = {RecomputeModule::core_attn};
  AttentionKernel attention = AttentionKernel::fused;
  bool grad_reduce_in_fp32 = false;  // fp32 gradient buffers, reduced in fp32 (Megatron with bf16)
  // MoE token permutation by Transformer Engine's fused gather kernels (Megatron-Core's
  // --moe-permute-fusion) instead of index_select and atomic scatter_add (sim/workload).
  bool moe_permute_fusion = false;
  MoeDispatcher moe_dispatcher = MoeDispatcher::alltoall;
  KernelFusion kernel_fusion = KernelFusion::fused;
  CrossEntropy cross_entropy = CrossEntropy::in_place;
  double total_tokens = 0.0;  // 0 = no time-to-train figures
  FinetuneConfig finetune;
};

struct ParallelConfig {
  int tensor = 1;
  int pipeline = 1;
  int data = 0;  // 0 until validation derives it from the GPU count
  int context = 1;
  CpCommType cp_comm_type = CpCommType::p2p;
  int expert = 1;
  int expert_tensor = 0;  // expert layers' TP (ETP); 0 = tensor (sim/scenario/expert_layout.hpp)
  int zero_stage = 0;
  bool sequence_parallel = false;
  PipelineSchedule pipeline_schedule = PipelineSchedule::one_f_one_b;
  int virtual_stages = 1;
  double dp_bucket_mb = 25.0;
  // Latency each fused gradient all-reduce waits before it starts: Horovod's HOROVOD_CYCLE_TIME,
  // the period of its background thread that negotiates which tensors are ready (docs/models.md).
  // 0 = none (PyTorch DDP and Megatron launch a bucket as soon as it is full).
  double grad_fusion_cycle_ms = 0.0;
  bool overlap_grad_reduce = true;
  bool overlap_param_gather = true;
  // ZeRO-3 gathers each layer into one flat buffer and copies every parameter out of it on the
  // compute stream (PyTorch FSDP2's per-parameter sharding); false: the gather lands in place.
  bool zero3_gather_copy = false;
  // Megatron-LM's --tp-comm-overlap (Transformer Engine userbuffers): with sequence parallelism,
  // each TP all-gather and reduce-scatter runs under a GEMM of its layer (docs/models.md).
  bool tp_comm_overlap = false;
  // The backward's column-parallel TP collectives run asynchronously under its GEMMs, as
  // Megatron-Core's LinearWithGradAccumulationAndAsyncCommunication and Transformer Engine's
  // Linear issue them: with sequence parallelism the input's saved shard is all-gathered again
  // under the dgrad GEMM, and the input gradient's reduce-scatter (all-reduce without sequence
  // parallelism) runs under the wgrad GEMM (sim/workload/tp_overlap.hpp). Off by default: with
  // only the SMs the transfers take as its cost it makes the published TP runs faster than they
  // ran (docs/models.md, "TP communication overlap").
  bool tp_backward_overlap = false;
  // Megatron-Core's --overlap-moe-expert-parallel-comm and DeepSeek's DualPipe: in 1F1B's steady
  // state a forward and a backward pass of two micro-batches run as one pair, each one's expert-
  // parallel communication under the other's compute (sim/workload/schedule.hpp, ep_pairs).
  bool ep_comm_overlap = false;
  // Megatron-Core's --account-for-embedding-in-pipeline-split /
  // --account-for-loss-in-pipeline-split: the embedding (first model chunk) and the loss (last
  // model chunk) count as one layer each when the layers are split over the pipeline
  // (sim/workload/workload_sizes.hpp, chunk_layers).
  bool account_for_embedding_in_pipeline_split = false;
  bool account_for_loss_in_pipeline_split = false;
  // Megatron-Core's --decoder-first-pipeline-num-layers / --decoder-last-pipeline-num-layers:
  // the layers of the first and of the last pipeline stage (0 = an even share); the other stages
  // split the rest evenly, and each stage's layers split evenly over its model chunks.
  int first_stage_layers = 0;
  int last_stage_layers = 0;
  Offload offload = Offload::none;
  GradCompression grad_compression = GradCompression::none;
  double compression_ratio = 0.01;  // topk: share of the gradient values sent
  int powersgd_rank = 4;            // powersgd: rank r of the factors
  CollectiveAlgorithm collective_algorithm = CollectiveAlgorithm::automatic;
  DataSync data_sync = DataSync::allreduce;
  int num_servers = 0;  // parameter servers; 0 = one per worker node (sim/comm/parameter_server)
  ServerPlacement server_placement = ServerPlacement::colocated;
  int backup_workers = 0;  // backup_workers: extra worker nodes k beyond cluster.num_nodes
};

struct CostConfig {
  double usd_per_gpu_hour = 0.0;  // 0 = no cost figures
  bool spot = false;
  double spot_notice_s = 0.0;  // warning before a preemption
};

// One cause of interruptions: the mean hours between failures of one unit (a GPU, a NIC or a
// node; docs/models.md, "Time to train and failures") and the time from such a failure to training
// again (< 0: reliability.restart_s).
struct FailureCause {
  double mtbf_hours = 0.0;
  double restart_s = -1.0;
};

// Defaults: Llama 3's 419 unexpected interruptions in 54 days (1,296 h) on 16,384 H100 in 2,048
// nodes with one NIC per GPU, by cause (data/reference/hardware-and-prices.json,
// reliability.llama3_405b_16k_H100.unexpected_breakdown): unit-hours / interruptions.
struct FailureCauses {
  FailureCause gpu{16384.0 * 1296.0 / 196.0};      // per GPU
  FailureCause hbm{16384.0 * 1296.0 / 72.0};       // per GPU
  FailureCause nic{16384.0 * 1296.0 / 7.0};        // per NIC
  FailureCause network{16384.0 * 1296.0 / 35.0};   // per NIC: switches and cables
  FailureCause host{2048.0 * 1296.0 / 46.0};       // per node
  FailureCause software{16384.0 * 1296.0 / 63.0};  // per GPU
};

// Where checkpoints go (docs/models.md, "Time to train and failures"): the shared file system or
// object store, or the host memory of peer nodes, as Gemini does (Wang et al., "GEMINI: Fast
// Failure Recovery in Distributed Training with In-Memory Checkpoints", SOSP 2023).
enum class CheckpointTarget { storage, peer_memory };

struct ReliabilityConfig {
  double gpu_mtbf_hours = -1.0;      // < 0: the per-cause rates of `failures`
  double checkpoint_write_s = -1.0;  // < 0: checkpoint size / storage bandwidth
  double restart_s = 600.0;
  FailureCauses failures;
  double storage_GBps = 2000.0;     // aggregate file-system write bandwidth
  double storage_node_GBps = 1.2;   // one node's share
  double storage_read_GBps = -1.0;  // aggregate read bandwidth; < 0: as the write
  bool async_checkpoint = false;
  CheckpointTarget checkpoint_target = CheckpointTarget::storage;
  int peer_replicas = 2;  // peer_memory: copies of each node's shard, its own included (Gemini's m)
  int checkpoint_interval_iterations = 0;  // 0: Young/Daly
  int monte_carlo_runs = 10000;
  int seed = 1;
  // Restart policy for a failure that takes a node out (GPU, HBM, NIC, host; Monte Carlo only).
  bool continue_with_fewer_replicas = false;  // false: wait for a spare
  int spare_nodes = -1;                       // < 0: a spare is always at hand
  double node_repair_hours = 24.0;
};

// Serving (docs/serving.md). Weights: bf16/fp16 as trained; fp8 W8A8 (FP8 GEMMs, as vLLM's and
// TensorRT-LLM's fp8 checkpoints run); int8 and int4 weight-only (W8A16, W4A16 as AWQ/GPTQ
// kernels run: weights dequantised in the GEMM, which computes in 16 bits).
enum class WeightPrecision { bf16, fp16, fp8, int8, int4 };
enum class KvCachePrecision { bf16, fp16, fp8 };
// static: a batch of up to max_num_seqs requests runs until its longest request ends; continuous:
// every engine step admits waiting requests and retires finished ones (Orca, vLLM).
enum class Batching { static_batch, continuous };
enum class Router { round_robin, least_loaded };
enum class LengthDistribution { fixed, uniform, lognormal };
// What a request's service takes: the step-cost model, or (tests only, not in the field table) a
// sampled whole-request time, for the queueing oracles.
enum class ServiceTime { model, exponential, deterministic };

struct LengthConfig {
  LengthDistribution distribution = LengthDistribution::fixed;
  double mean = 0.0;    // fixed: the length; lognormal: its mean
  double stddev = 0.0;  // lognormal
  int64_t min = 1;      // uniform: lower bound; every distribution: floor
  int64_t max = 0;      // uniform: upper bound; every distribution: cap (0 = model.seq_length)
};

struct TrafficConfig {
  double rate_rps = 1.0;
  std::vector<int> hourly_percent;  // 24 values, percent of rate_rps per hour; empty = constant
  // Bursts: for the first burst_s of every burst_period_s the rate is burst_factor times the
  // hour's rate (1 = no bursts).
  double burst_factor = 1.0;
  double burst_s = 0.0;
  double burst_period_s = 3600.0;
  LengthConfig prompt_tokens{LengthDistribution::fixed, 512.0};
  LengthConfig output_tokens{LengthDistribution::fixed, 128.0};
};

enum class SloPercentile { p50, p95, p99 };
struct SloConfig {
  double ttft_ms = 0.0;  // 0 = no target
  double tpot_ms = 0.0;
  double e2e_ms = 0.0;
  SloPercentile percentile = SloPercentile::p99;
};

// Speculative decoding with a draft model (Leviathan et al. 2023; vLLM --speculative-config):
// each decode step the draft proposes num_tokens tokens one by one, the target verifies them in
// one pass, and each is accepted with probability acceptance_rate, independently.
struct SpeculativeConfig {
  std::string draft_model;  // a preset name; empty = no speculative decoding
  ModelConfig draft;        // the preset's architecture
  int num_tokens = 4;
  double acceptance_rate = 0.7;
  bool enabled() const { return !draft_model.empty(); }
};

struct ServingConfig {
  bool enabled = false;  // the file has a serving block (windtunnel serve)
  int tensor = 1;        // GPUs per replica, tensor parallel
  // MoE models: expert parallelism inside the replica, 1 (every expert split over the tensor
  // ranks) or `tensor` (each GPU holds num_experts / tensor whole experts).
  int expert = 1;
  // Mixture of experts: max tokens per expert / mean tokens per expert in a step (1 = routing
  // spread evenly). With expert > 1 the busiest rank holds the hottest expert: its grouped GEMMs,
  // permutation and all-to-alls carry (imbalance − 1) × an expert's mean rows more.
  double expert_load_imbalance = 1.0;
  // Encoder serving (BERT-style): requests are prefill-only passes over the prompt, bidirectional
  // attention, no KV cache kept, no decode.
  bool encode = false;
  int replicas = 1;
  Router router = Router::least_loaded;
  WeightPrecision weight_precision = WeightPrecision::bf16;
  KvCachePrecision kv_cache_precision = KvCachePrecision::bf16;
  Batching batching = Batching::continuous;
  int max_num_seqs = 256;
  int64_t max_num_batched_tokens = 8192;
  bool chunked_prefill = true;
  int kv_block_size = 16;
  double gpu_memory_utilization = 0.9;
  TrafficConfig traffic;
  SloConfig slo;
  SpeculativeConfig speculative;
  double duration_s = 0.0;      // 0 = no time limit on arrivals
  int64_t num_requests = 1000;  // 0 = no count limit
  int seed = 1;
  ServiceTime service_time = ServiceTime::model;  // tests only
  double service_time_s = 0.0;                    // tests only: the mean of the sampled time
};

struct Scenario {
  int schema = 1;
  std::string name;
  ModelConfig model;
  TrainingConfig training;
  ParallelConfig parallel;
  ClusterConfig cluster;
  std::optional<std::string> calibration;
  CostConfig cost;
  ReliabilityConfig reliability;
  ServingConfig serving;
  // Non-fatal findings of validation (e.g. an uneven pipeline split); copied into the result.
  std::vector<std::string> warnings;
  // The framework profile's defaults that filled fields the file left out, one line each with its
  // source ("parallel.zero_stage = 1 (...)").
  std::vector<std::string> framework_defaults;

  // Layer slots the pipeline split deals out: the layers, plus one for the embedding and one for
  // the loss when the parallel.account_for_* fields count them.
  int pipeline_split_slots() const {
    return model.num_layers + (parallel.account_for_embedding_in_pipeline_split ? 1 : 0) +
           (parallel.account_for_loss_in_pipeline_split ? 1 : 0);
  }

  // A file with a serving block and no training job (training.global_batch_size not given).
  bool serving_only() const { return serving.enabled && training.global_batch_size == 0; }

  int64_t num_micro_batches() const {
    return training.global_batch_size / (training.micro_batch_size * parallel.data);
  }
};

// Names used in files and messages, e.g. to_string(Precision::bf16) == "bf16".
const char* to_string(Precision p);
const char* to_string(Optimizer o);
const char* to_string(Recompute r);
const char* to_string(RecomputeModule m);
const char* to_string(Fp8Recipe r);
const char* to_string(AttentionKernel a);
const char* to_string(KernelFusion k);
const char* to_string(CrossEntropy c);
const char* to_string(PositionEmbedding p);
const char* to_string(PipelineSchedule s);
const char* to_string(CpCommType c);
const char* to_string(MoeDispatcher d);
const char* to_string(Offload o);
const char* to_string(CheckpointTarget t);
const char* to_string(GradCompression c);
const char* to_string(DataSync d);
const char* to_string(ServerPlacement p);
const char* to_string(IntraNodeFabric f);
const char* to_string(NetworkTopology t);
const char* to_string(DragonflyRouting r);
const char* to_string(NetworkTransport t);
const char* to_string(CollectiveAlgorithm a);
const char* to_string(WeightPrecision p);
const char* to_string(KvCachePrecision p);
const char* to_string(Batching b);
const char* to_string(Router r);
const char* to_string(LengthDistribution d);
const char* to_string(SloPercentile p);
const char* to_string(FinetuneMethod m);
// "q,v", in the order q, k, v, o, gate, up, down.
std::string lora_targets_text(unsigned targets);

}  // namespace wt
