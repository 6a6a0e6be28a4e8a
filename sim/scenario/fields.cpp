// The scenario schema, one row per field: path, type, unit, default, allowed values, doc, and the
// reader that fills the Scenario. Rows are in document order; a section's fields come before the
// blocks nested in it, and the order is also the order in which a file is read (the model preset
// before the model fields that override it, the topology before its block).
#include "sim/scenario/field_factories.hpp"
#include "sim/scenario/framework_profiles.hpp"
#include "sim/scenario/serving_fields.hpp"
#include "sim/scenario/special_fields.hpp"

namespace wt {
namespace {

// parallel.first_stage_layers and last_stage_layers (Megatron-Core's uneven first and last stages).
constexpr const char* kStageLayersDefault = "0 (an even share)";
constexpr const char* kStageLayersAllowed =
    "0, or 1 .. num_layers with the rest splitting evenly over the other stages and each stage's "
    "layers over its virtual_stages";
constexpr IntRange kParallelDegree{1, 16384};
constexpr IntRange kLinkCount{1, 4096};
// 1 Mb/s (0.001 Gb/s, 0.001 GB/s) is the slowest link modelled: below it figures leave doubles.
constexpr double kMinBandwidth = 1e-3;
constexpr NumberRange kBandwidth{kMinBandwidth, 1e5};
constexpr NumberRange kLatency{0.0, 1e6};
constexpr IntRange kBatch{1, 1'000'000'000};
constexpr IntRange kWidth{1, 10'000'000};

std::vector<FieldBinding> top_and_model_fields() {
  const std::string required = "required (unless a preset or hf_config sets it)";
  return {
      integer_field(WT_MEMBER(schema), {1, 1},
                    {.doc = "Version of this file format; only 1 exists."}),
      string_field("name", read_name,
                   {.default_text = "the file name without .json, or \"scenario\"",
                    .allowed_text = "a non-empty string on one line, without control characters",
                    .doc = "Label used in reports, traces and plots."}),
      string_field("model.preset", read_model_preset,
                   {.default_text = "none",
                    .allowed_text = "a preset name (see Model presets)",
                    .doc = "Fills every model field from a published architecture; model fields "
                           "given beside it override it."}),
      string_field("model.hf_config", read_model_hf_config,
                   {.default_text = "none",
                    .allowed_text = "path to a Hugging Face config.json",
                    .doc = "Imports the architecture from a Hugging Face config.json (path "
                           "relative to the scenario's folder); model fields given beside it "
                           "override it. Not together with model.preset."}),
      layer_list_field(
          "model.layers", read_model_layers,
          {.default_text = "none (a transformer)",
           .allowed_text = "a non-empty array of {\"type\": conv2d, linear, batch_norm, relu, "
                           "max_pool, avg_pool or add, ...} (see Layer-list models)",
           .doc = "A model given layer by layer (convolutional and fully connected networks, "
                  "docs/models.md \"Layer-list models\"); trained by data parallelism only, "
                  "without the transformer fields. The preset resnet50 fills it."}),
      integer_field(WT_MEMBER(model.num_layers), {1, 10000},
                    {.default_text = required, .doc = "Transformer layers l."}),
      integer_field(
          WT_MEMBER(model.hidden_size), {1, 1'000'000},
          {.default_text = required, .doc = "Model width h; divisible by num_attention_heads."}),
      integer_field(WT_MEMBER(model.num_attention_heads), {1, 10000},
                    {.default_text = required, .doc = "Attention (query) heads a."}),
      integer_field(WT_MEMBER(model.num_kv_heads), {0, 10000},
                    {.default_text = "0 (= num_attention_heads)",
                     .allowed_text = "0, or 1 .. num_attention_heads dividing it",
                     .doc = "Key/value heads k (grouped-query attention when k < a)."}),
      integer_field(WT_MEMBER(model.ffn_hidden_size), {0, 10'000'000},
                    {.default_text = "0 (= 4 x hidden_size, also when gated)",
                     .allowed_text = "0, or 1 .. 10000000",
                     .doc = "MLP inner width f."}),
      integer_field(WT_MEMBER(model.seq_length), {1, 16'777'216},
                    {.unit = "tokens", .default_text = required, .doc = "Sequence length s."}),
      integer_field(WT_MEMBER(model.vocab_size), kWidth,
                    {.unit = "tokens", .default_text = required, .doc = "Vocabulary size V."}),
      boolean_field(WT_MEMBER(model.gated_mlp),
                    {.doc = "Gated MLP (SwiGLU): three weight matrices of h x f instead of two."}),
      boolean_field(WT_MEMBER(model.tied_embeddings),
                    {.doc = "The output layer shares the input embedding matrix."}),
      choice_field(WT_MEMBER(model.position_embedding),
                   {.doc = "How the model knows token positions: learned (absolute embeddings "
                           "added to the token embedding: GPT-2/3, OPT, BERT; Megatron-LM's "
                           "default), rope (rotary embeddings applied to queries and keys in "
                           "every layer: Llama, Mistral, Qwen, Gemma, DeepSeek, GPT-NeoX, PaLM, "
                           "Falcon, Nemotron; their kernels are timed), alibi (a bias inside the "
                           "attention kernel: BLOOM, MPT) or none. The presets set it."}),
      integer_field(WT_MEMBER(model.head_dim), {0, 100'000},
                    {.default_text = "0 (= hidden_size / num_attention_heads)",
                     .allowed_text = "0, or 1 .. 100000",
                     .doc = "Width of one attention head d (Gemma, Qwen3 and GPT-OSS use d != "
                            "h/a: the query is a x d wide). Sizes the attention's parameters, "
                            "GEMMs, core, activations and FLOPs."}),
      boolean_field(WT_MEMBER(model.parallel_layers),
                    {.doc = "Attention and MLP of a layer read the same normalised input and "
                            "their outputs are added (GPT-J, GPT-NeoX, PaLM, Falcon, MegaScale). "
                            "A dense model's block then runs one layer norm, one GEMM for the "
                            "QKV and MLP input projections, and one TP reduction per pass "
                            "(docs/models.md, \"Parallel block\")."}),
      integer_field(WT_MEMBER(model.attention_window), {0, 100'000'000},
                    {.default_text = "0 (full causal attention)",
                     .allowed_text = "0, or 1 .. 100000000",
                     .doc = "Sliding-window attention: each query attends to at most this many "
                            "keys (Mistral, MegaScale). A fused attention kernel skips the key "
                            "blocks outside the window (docs/models.md, \"Sliding-window "
                            "attention\"); an unfused core still computes the whole score "
                            "matrix (a warning says so)."}),
      number_field(WT_MEMBER(model.hidden_dropout), {0.0, 1.0},
                   {.doc = "Dropout rate after attention and MLP (Megatron-Core hidden_dropout, "
                           "default 0.1). With a rate above 0 each layer keeps two 1-byte dropout "
                           "masks for backward; the presets of Llama-era models (gated MLP) and "
                           "of GPT-NeoX, Pythia, BLOOM, PaLM, MPT and Falcon set 0."}),
      integer_field(WT_MEMBER(model.mtp_layers), {0, 16},
                    {.doc = "Multi-token prediction depth (DeepSeek-V3: 1): each depth adds one "
                            "transformer layer and a 2h x h projection, sharing the embedding "
                            "and output layer. Run on the last pipeline stage (time, memory, "
                            "hardware FLOPs); reported beside the parameter count and left out "
                            "of the model FLOPs (docs/models.md, \"Dense first layers and "
                            "MTP\")."}),
      integer_field(WT_MEMBER(model.moe.num_experts), {0, 4096},
                    {.doc = "Experts per MoE layer; 0 = dense model. In an MoE model every "
                            "layer's MLP is an MoE layer."}),
      integer_field(WT_MEMBER(model.moe.top_k), {0, 4096},
                    {.allowed_text = "1 .. num_experts when num_experts > 0, else 0",
                     .doc = "Experts each token is routed to."}),
      integer_field(WT_MEMBER(model.moe.moe_ffn_hidden_size), {0, 10'000'000},
                    {.default_text = "0 (= ffn_hidden_size)",
                     .allowed_text = "0, or 1 .. 10000000",
                     .doc = "MLP inner width of one expert."}),
      number_field(WT_MEMBER(model.moe.capacity_factor), {0.0, 64.0},
                   {.default_text = "0 (dropless)",
                    .doc = "Expert capacity factor: each expert's input is padded (or cut) to "
                           "capacity_factor x its balanced share of the routed tokens, as GShard, "
                           "Switch and DeepSpeed-MoE do (Megatron-Core with "
                           "--moe-pad-expert-input-to-capacity); the expert GEMMs and the "
                           "all-to-alls grow by the factor. 0 = dropless at balanced load."}),
      number_field(WT_MEMBER(model.moe.load_imbalance), {1.0, 1024.0},
                   {.default_text = "1 (even)",
                    .allowed_text = "1 .. parallel.expert; > 1 only for dropless routing "
                                    "(capacity_factor 0)",
                    .doc = "Dropless routing's load imbalance in every MoE layer: the routed "
                           "tokens the most loaded expert-parallel rank receives over the mean "
                           "(max / mean of the ranks' loads). Every rank waits for that one at "
                           "the combine all-to-all, so its expert GEMMs, activations, token "
                           "sorting and all-to-all bytes set the layer's time; model and "
                           "hardware FLOPs (the work done) do not change. With parallel.expert 1 "
                           "one rank holds every expert and the figure changes nothing. Measure "
                           "it for your router and data (Megatron-Core logs the tokens per "
                           "expert)."}),
      integer_field(WT_MEMBER(model.moe.num_shared_experts), {0, 64},
                    {.allowed_text = "0 .. 64; > 0 only when num_experts > 0",
                     .doc = "Shared experts: every token passes through them beside its top_k "
                            "routed experts (DeepSeek n_shared_experts, Qwen2-MoE's shared "
                            "expert). One MLP of their summed width in every MoE layer, split "
                            "by TP like a dense MLP, not by expert parallelism."}),
      integer_field(WT_MEMBER(model.moe.shared_expert_ffn_hidden_size), {0, 10'000'000},
                    {.default_text = "0 (= moe_ffn_hidden_size)",
                     .allowed_text = "0, or 1 .. 10000000",
                     .doc = "MLP inner width of one shared expert."}),
      integer_field(WT_MEMBER(model.moe.first_dense_layers), {0, 10000},
                    {.allowed_text = "0 .. num_layers - 1",
                     .doc = "Leading layers whose MLP is dense, of ffn_hidden_size "
                            "(DeepSeek first_k_dense_replace: 3 in V3, 1 in V2); the other "
                            "layers are MoE layers. Timed on the stage that holds them."}),
      integer_field(WT_MEMBER(model.moe.layer_freq), {1, 1000},
                    {.doc = "After the first dense layers, one layer in every layer_freq is an MoE "
                            "layer (the last of each group) and the others hold a dense MLP of "
                            "ffn_hidden_size: Llama 4's interleave_moe_layer_step, Megatron-Core "
                            "--moe-layer-freq k. 1 = MoE in every layer after them."}),
      integer_field(WT_MEMBER(model.mla.q_lora_rank), {0, 1'000'000},
                    {.default_text = "0 (queries projected from h directly)",
                     .allowed_text = "0, or 1 .. 1000000",
                     .doc = "Multi-head latent attention (DeepSeek-V2/V3): rank of the query "
                            "latent."}),
      integer_field(WT_MEMBER(model.mla.kv_lora_rank), {0, 1'000'000},
                    {.default_text = "0 (no MLA)",
                     .allowed_text = "0, or 1 .. 1000000",
                     .doc = "Rank of the compressed key/value latent; > 0 turns on MLA and "
                            "needs qk_rope_head_dim, qk_nope_head_dim and v_head_dim."}),
      integer_field(WT_MEMBER(model.mla.qk_rope_head_dim), {0, 100'000},
                    {.doc = "MLA: per-head width of the rotary part of queries and keys (the "
                            "key part is shared by all heads)."}),
      integer_field(WT_MEMBER(model.mla.qk_nope_head_dim), {0, 100'000},
                    {.doc = "MLA: per-head width of the non-rotary part of queries and keys."}),
      integer_field(WT_MEMBER(model.mla.v_head_dim), {0, 100'000},
                    {.doc = "MLA: per-head width of the values."}),
  };
}

std::vector<FieldBinding> training_and_parallel_fields() {
  return {
      string_field("training.framework", read_framework,
                   {.default_text = "\"none\"",
                    .allowed_text = framework_profile_names(),
                    .doc = "Training framework whose documented defaults fill the training and "
                           "parallel fields this file leaves out (sequence parallelism, "
                           "distributed optimizer / ZeRO stage, gradient reduce dtype and "
                           "overlap, attention kernel, recompute; docs/models.md, \"Framework "
                           "profiles\"). A field given in the file always wins."}),
      integer_field(WT_MEMBER(training.global_batch_size), kBatch,
                    {.unit = "sequences",
                     .default_text = "required",
                     .doc = "Sequences per optimizer step, over all data-parallel replicas."}),
      integer_field(WT_MEMBER(training.micro_batch_size), kBatch,
                    {.unit = "sequences", .doc = "Sequences per micro-batch on one replica."}),
      choice_field(WT_MEMBER(training.precision),
                   {.doc = "Math precision of the GEMMs (mixed precision with fp32 master "
                           "weights for the 16-, 8- and 4-bit ones; mxfp8 and nvfp4 are "
                           "Transformer Engine's block-scaled recipes, Blackwell only)."}),
      choice_field(WT_MEMBER(training.fp8_recipe),
                   {.doc = "With precision fp8, how tensors are scaled (Transformer Engine's "
                           "recipes, Megatron's --fp8-recipe): delayed (one scale per tensor from "
                           "the amax history), tensorwise (current scaling: one scale per tensor "
                           "from its own amax, an extra read of each cast tensor), blockwise "
                           "(one scale per 128-element block) or rowwise (torchao's Float8 "
                           "rowwise, torchtitan's: per-row scales, each operand quantized twice "
                           "from 16 bits, the 16-bit inputs saved, the weights cast at every "
                           "use). It sets the cost of each GEMM input's casts (docs/models.md, "
                           "\"Precisions\")."}),
      choice_field(WT_MEMBER(training.optimizer), {.doc = "Optimizer (sets its state size)."}),
      choice_field(WT_MEMBER(training.activation_recompute),
                   {.doc = "Activation recomputation: none, selective (Megatron's: the "
                           "modules of recompute_modules, the attention core by default), per_op "
                           "(torchtitan's per-op selective "
                           "checkpointing: keeps the block input and the outputs of the odd "
                           "matmuls and the attention kernel, reruns every second matmul and the "
                           "norms, rotary and activations in backward) or full (each layer's "
                           "forward again in backward)."}),
      integer_field(WT_MEMBER(training.recompute_num_layers), {0, 1'000'000},
                    {.default_text = "0 (every layer)",
                     .doc = "With full recompute: how many layers of each model chunk (pipeline "
                            "stage, or virtual stage) recompute, the first ones (Megatron's "
                            "--recompute-method block --recompute-num-layers); the others keep "
                            "their activations. 0 = every layer."}),
      choice_list_field(
          WT_MEMBER(training.recompute_modules),
          {.doc = "With selective recompute: the submodules of each layer that recompute "
                  "(Megatron-Core's --recompute-modules). core_attn: the attention core (an "
                  "unfused core's scores); layernorm: the two norms' outputs; mlp: a dense MLP; "
                  "moe: a MoE layer's experts, shared experts, router and dispatch; "
                  "shared_experts; moe_act: the routed experts' activation function's output; "
                  "mla_up_proj: MLA's up projections (Q, K, V). Each drops its saved tensors and "
                  "runs its forward again in backward (docs/models.md)."}),
      choice_field(
          WT_MEMBER(training.attention),
          {.doc = "Attention core: fused (one FlashAttention-style kernel: no s x s "
                  "scores in memory, recomputed in backward; built-in efficiency), "
                  "flash2 (FlashAttention-2, as PyTorch's scaled_dot_product_attention "
                  "and the flash-attn package run it) or cudnn (cuDNN's fused "
                  "attention, Transformer Engine's FusedAttention), each of these two at "
                  "its measured speed where the GPU's table exists (H100/H800/H200 "
                  "SXM, GH200), or unfused (batched GEMMs with scores, softmax and dropout in "
                  "memory, as before 2022)."}),
      boolean_field(WT_MEMBER(training.grad_reduce_in_fp32),
                    {.doc = "Keep the gradients in fp32 and reduce them in fp32 (4 B per "
                            "gradient instead of the 16-bit 2 B), as Megatron-LM and NeMo do "
                            "for bf16. No effect in fp32 and tf32."}),
      choice_field(WT_MEMBER(training.kernel_fusion),
                   {.doc = "How the non-GEMM work runs: fused (Megatron-Core and Transformer "
                           "Engine: fused norms, bias-activation and bias-dropout-add kernels over "
                           "a 16-bit residual stream, fused fp32 cross-entropy) or eager_amp "
                           "(PyTorch eager under torch.autocast with fp32 parameters: an fp32 "
                           "residual stream and norms, a cast at every autocast boundary, one "
                           "kernel per op, PyTorch's cross-entropy; the weights cast to 16 bits "
                           "every forward and their gradients back to fp32)."}),
      choice_field(WT_MEMBER(training.cross_entropy),
                   {.doc = "How the loss's cross-entropy holds the logits, which sets the memory "
                           "of the stage computing them: in_place (Megatron-Core's vocab-parallel "
                           "cross-entropy and Transformer Engine's: one fp32 copy, the softmax "
                           "and its gradient computed in it, 4 B per logit) or pytorch "
                           "(torch.nn.functional.cross_entropy on logits cast to fp32, as "
                           "torchtitan and Hugging Face models call it: log_softmax's saved "
                           "output, nll_loss's dense gradient and log_softmax's input gradient "
                           "held at once at the start of backward, 12 B per logit)."}),
      boolean_field(WT_MEMBER(training.moe_permute_fusion),
                    {.doc = "MoE models: permute the routed tokens into expert order and back "
                            "with Transformer Engine's fused gather kernels (Megatron-Core's "
                            "--moe-permute-fusion) instead of index_select and atomic "
                            "scatter_add (Megatron-Core's default, torchtitan). No effect on "
                            "dense models."}),
      choice_field(WT_MEMBER(training.moe_dispatcher),
                   {.doc = "MoE models with expert parallelism: how the tokens reach the "
                           "experts (Megatron-Core --moe-token-dispatcher-type). alltoall: the "
                           "routed copies go to their experts' ranks by an all-to-all and come "
                           "back by another; allgather: every rank gathers all tokens of the EP "
                           "group with their routing, keeps those routed to its experts and "
                           "reduce-scatters the outputs back. allgather needs tensor and "
                           "expert_tensor 1 (with TP Megatron-Core gathers over the TP x EP "
                           "group, which is not modelled)."}),
      number_field(WT_MEMBER(training.total_tokens), {0.0, 1e16},
                   {.unit = "tokens",
                    .doc = "Tokens to train on, for time-to-train, GPU-hours and cost; 0 = no "
                           "such figures."}),
      choice_field(WT_MEMBER(training.finetune.method),
                   {.doc = "Which weights train (docs/models.md, \"Fine-tuning\"): full (all), "
                           "lora (low-rank adapters beside frozen 16-bit base weights, Hu et al. "
                           "2021) or qlora (the same beside frozen base weights in 4-bit NF4 "
                           "with double quantization, Dettmers et al. 2023). Frozen weights keep "
                           "no gradients or optimizer state and get no weight-gradient GEMMs; "
                           "lora and qlora need a dense model without MLA; qlora needs bf16 "
                           "or fp16, lora also runs with fp8 or mxfp8 (quantized base GEMMs)."}),
      integer_field(WT_MEMBER(training.finetune.rank), {1, 65536},
                    {.doc = "LoRA rank r (PEFT's default 8): each adapted d_in x d_out matrix "
                            "gains r x (d_in + d_out) trainable parameters. lora and qlora only."}),
      string_field("training.finetune.target_modules", read_lora_targets,
                   {.default_text = "\"q,v\"",
                    .allowed_text = lora_target_allowed_text(),
                    .doc = "The linear layers that carry adapters (PEFT's q_proj ... down_proj; "
                           "fc1/fc2 = up/down of a two-matrix MLP; gate only in a gated MLP). "
                           "Default q,v: PEFT's for Llama models and the LoRA paper's; QLoRA "
                           "adapts all-linear. lora and qlora only."}),
      integer_field(WT_MEMBER(parallel.tensor), kParallelDegree,
                    {.doc = "Tensor-parallel degree t (Megatron); divides heads, KV heads and "
                            "the FFN width."}),
      integer_field(WT_MEMBER(parallel.pipeline), kParallelDegree,
                    {.doc = "Pipeline stages p; at most num_layers."}),
      integer_field(WT_MEMBER(parallel.data), {0, 1'000'000},
                    {.default_text = "0 (derived)",
                     .doc = "Data-parallel degree d; 0 or omitted = GPUs / (t x p x context). "
                            "Given, t x p x d x context must equal the GPU count."}),
      integer_field(WT_MEMBER(parallel.context), kParallelDegree,
                    {.doc = "Context-parallel degree (sequence split across GPUs in attention)."}),
      choice_field(
          WT_MEMBER(parallel.cp_comm_type),
          {.doc = "How context parallelism exchanges the sequence in attention (Megatron-Core "
                  "--cp-comm-type): p2p, Transformer Engine's ring passing K and V between the "
                  "context ranks; all_gather, K and V gathered before the attention (both priced "
                  "as a blocking gather of K and V); a2a, DeepSpeed-Ulysses: all-to-alls re-split "
                  "Q, K and V from sequence to heads before the attention and the output back "
                  "after it, so each rank attends over the whole sequence with heads / context "
                  "of its heads (the attention heads and KV heads per tensor rank must divide "
                  "by context)."}),
      integer_field(WT_MEMBER(parallel.expert), kParallelDegree,
                    {.doc = "Expert-parallel degree EP; divides num_experts. The expert layers "
                            "regroup a stage's tensor x context x data ranks as expert_tensor x "
                            "expert x expert-data (Megatron-Core MoE parallel folding), so "
                            "expert x expert_tensor divides tensor x context x data."}),
      integer_field(WT_MEMBER(parallel.expert_tensor), {0, 16384},
                    {.default_text = "0 (= tensor)",
                     .allowed_text = "0, or a divisor of moe_ffn_hidden_size with expert x "
                                     "expert_tensor dividing tensor x context x data",
                     .doc = "Expert tensor-parallel degree ETP (Megatron-Core "
                            "--expert-tensor-parallel-size): each expert's matrices split over "
                            "ETP ranks. 0 = tensor (Megatron before parallel folding)."}),
      integer_field(WT_MEMBER(parallel.zero_stage), {0, 3},
                    {.doc = "ZeRO stage: 1 shards optimizer state over data-parallel ranks, 2 "
                            "also gradients, 3 also weights (gathered before each layer's pass "
                            "and reduce-scattered after its backward, beside the layers' "
                            "compute)."}),
      boolean_field(WT_MEMBER(parallel.sequence_parallel),
                    {.doc = "Megatron sequence parallelism in the tensor-parallel group."}),
      choice_field(WT_MEMBER(parallel.pipeline_schedule),
                   {.doc = "Pipeline schedule; interleaved needs virtual_stages > 1."}),
      integer_field(WT_MEMBER(parallel.virtual_stages), {1, 128},
                    {.doc = "Model chunks per pipeline stage (interleaved schedule only)."}),
      number_field(WT_MEMBER(parallel.dp_bucket_mb), {0.0, 1e5, true},
                   {.unit = "MB", .doc = "Gradient bucket size of the data-parallel reduction."}),
      number_field(WT_MEMBER(parallel.grad_fusion_cycle_ms), {0.0, 1000.0},
                   {.unit = "ms",
                    .doc = "Latency added to each fused data-parallel gradient reduction "
                           "(Horovod's cycle time, HOROVOD_CYCLE_TIME; the horovod profile "
                           "sets it). 0 = a bucket is reduced as soon as it is full."}),
      boolean_field(WT_MEMBER(parallel.overlap_grad_reduce),
                    {.doc = "Overlap the gradient reduction with the backward pass (the last "
                            "micro-batch's backward then runs on the SMs the reduction leaves "
                            "it: docs/models.md, \"Collectives beside compute\")."}),
      boolean_field(WT_MEMBER(parallel.overlap_param_gather),
                    {.doc = "Overlap ZeRO parameter all-gathers with compute."}),
      boolean_field(
          WT_MEMBER(parallel.zero3_gather_copy),
          {.doc = "With ZeRO-3: each layer's parameters are all-gathered into one flat buffer and "
                  "copied out of it into the unsharded parameters on the compute stream, a "
                  "memory-bound pass that reads and writes every gathered parameter, before its "
                  "forward and before its backward (PyTorch FSDP2's per-parameter sharding: "
                  "foreach_all_gather_copy_out; the torchtitan profile sets it). Off: the gather "
                  "lands in place (FSDP1's flat parameter, DeepSpeed, MaxText)."}),
      boolean_field(WT_MEMBER(parallel.tp_comm_overlap),
                    {.doc = "Overlap the tensor-parallel all-gathers and reduce-scatters with "
                            "the GEMMs of their layer (Megatron-LM --tp-comm-overlap; needs "
                            "sequence_parallel)."}),
      boolean_field(
          WT_MEMBER(parallel.tp_backward_overlap),
          {.doc = "Run the backward's column-parallel tensor-parallel collectives under its "
                  "GEMMs, as Megatron-Core and Transformer Engine issue them (asynchronous NCCL "
                  "calls): with sequence_parallel the input's saved shard is all-gathered again "
                  "under the dgrad GEMM, and the input gradient's reduce-scatter (all-reduce "
                  "without sequence parallelism) runs under the wgrad GEMM. Off by default: "
                  "every TP collective blocks, which the published runs fit better "
                  "(docs/models.md, \"TP communication overlap\")."}),
      boolean_field(
          WT_MEMBER(parallel.ep_comm_overlap),
          {.doc = "Overlap the expert-parallel communication with compute: in 1F1B's steady "
                  "state the forward of one micro-batch and the backward of another run as one "
                  "pair, each one's all-to-alls (or all-gathers) under the other's compute; every "
                  "stage runs one forward more before its first backward, so the two are never "
                  "the same micro-batch (Megatron-Core --overlap-moe-expert-parallel-comm; "
                  "DeepSeek-V3's DualPipe overlaps the same way). Needs expert parallelism."}),
      boolean_field(WT_MEMBER(parallel.account_for_embedding_in_pipeline_split),
                    {.doc = "Count the embedding as one layer in the pipeline split (Megatron-Core "
                            "--account-for-embedding-in-pipeline-split): the first model chunk "
                            "holds one layer fewer."}),
      boolean_field(WT_MEMBER(parallel.account_for_loss_in_pipeline_split),
                    {.doc = "Count the output layer and loss as one layer in the pipeline split "
                            "(Megatron-Core --account-for-loss-in-pipeline-split): the last model "
                            "chunk holds one layer fewer."}),
      integer_field(
          WT_MEMBER(parallel.first_stage_layers), {0, 100000},
          {.default_text = kStageLayersDefault,
           .allowed_text = kStageLayersAllowed,
           .doc =
               "Layers of the first pipeline stage (Megatron-Core "
               "--decoder-first-pipeline-num-layers); the stages between the first and the "
               "last split the remaining layers evenly. Not with "
               "account_for_embedding_in_pipeline_split or account_for_loss_in_pipeline_split."}),
      integer_field(
          WT_MEMBER(parallel.last_stage_layers), {0, 100000},
          {.default_text = kStageLayersDefault,
           .allowed_text = kStageLayersAllowed,
           .doc = "Layers of the last pipeline stage (Megatron-Core "
                  "--decoder-last-pipeline-num-layers), e.g. fewer where it also holds the output "
                  "layer, the loss and MTP layers."}),
      choice_field(WT_MEMBER(parallel.offload),
                   {.doc = "Model states in host memory: optimizer (the fp32 master weights and "
                           "moments, updated by a CPU optimizer step: DeepSpeed offload_optimizer, "
                           "ZeRO-Offload; needs zero_stage >= 1) or parameters (also the "
                           "parameter and gradient shards: DeepSpeed offload_param, FSDP "
                           "CPUOffload; needs zero_stage 3). The host link and the CPU step "
                           "cost time (docs/models.md, \"Offload\")."}),
      choice_field(WT_MEMBER(parallel.grad_compression),
                   {.doc = "Compression of the data-parallel gradient reduction: fp16, bf16 or "
                           "fp8 on the wire; topk (values + int32 indices, all-gathered; "
                           "compression_ratio); powersgd (rank-r factors, two all-reduces; "
                           "powersgd_rank); onebit_adam (1-bit momentum after warm-up, Adam "
                           "only). Wire bytes and compression kernels are costed; convergence is "
                           "not simulated (docs/models.md, \"Gradient compression\")."}),
      number_field(WT_MEMBER(parallel.compression_ratio), {0.0, 1.0, true},
                   {.doc = "topk: share of each bucket's gradient values sent (0.01 = 1%)."}),
      integer_field(WT_MEMBER(parallel.powersgd_rank), {1, 1024},
                    {.doc = "powersgd: rank r of the factors P (m x r) and Q (n x r)."}),
      choice_field(WT_MEMBER(parallel.collective_algorithm),
                   {.doc = "Pins the collective algorithm; auto picks the fastest per call, as "
                           "NCCL's tuner does."}),
      choice_field(WT_MEMBER(parallel.data_sync),
                   {.doc = "How the data-parallel replicas combine gradients: allreduce (NCCL), "
                           "parameter_server (each worker node pushes its gradients to sharded "
                           "servers and pulls the weights; Li et al. 2014), async (the same "
                           "without a barrier: stale gradients; Dean et al. 2012) or "
                           "backup_workers (synchronous, each step waits for the first "
                           "num_nodes of num_nodes + backup_workers nodes; Chen et al. 2016). "
                           "All but allreduce need pure data parallelism (docs/models.md, \"Data "
                           "synchronisation beyond all-reduce\")."}),
      integer_field(WT_MEMBER(parallel.num_servers), {0, 1'000'000},
                    {.default_text = "0 (= one per worker node)",
                     .doc = "Parameter servers; the parameters are sharded evenly over them. "
                            "colocated: at most the worker nodes. parameter_server, async and "
                            "backup_workers only."}),
      choice_field(WT_MEMBER(parallel.server_placement),
                   {.doc = "Where the parameter servers run: colocated (a server process on "
                           "worker nodes, sharing their NICs, as MXNet and BytePS launch it) or "
                           "dedicated (extra CPU hosts with a node's NICs, not priced)."}),
      integer_field(WT_MEMBER(parallel.backup_workers), {0, 1'000'000},
                    {.doc = "backup_workers: extra worker nodes k; each step uses the gradients "
                            "of the first cluster.num_nodes to finish and drops the k slowest. "
                            "The k nodes are paid for (GPU-hours, cost)."}),
  };
}

std::vector<FieldBinding> cluster_fields() {
  return {
      string_field("cluster.gpu", read_gpu,
                   {.default_text = in_quotes(default_scenario().cluster.gpu),
                    .allowed_text = "a GPU catalog id or alias (windtunnel catalog), or a "
                                    "calibration profile (.json)",
                    .doc = "GPU type, case-insensitive (\"H100\", \"A100-80GB\", ...); a "
                           "profile stands for the catalog GPU it measured and calibrates it."}),
      integer_field(WT_MEMBER(cluster.num_nodes), {1, 1'000'000}, {.doc = "Nodes."}),
      integer_field(WT_MEMBER(cluster.gpus_per_node), {1, 72}, {.doc = "GPUs per node."}),
      number_field(WT_MEMBER(cluster.gpu_speed_spread), {0.0, 0.15},
                   {.doc = "Spread (standard deviation over the mean) of the GPUs' sustained "
                           "speed; each step's compute waits for the slowest of the job's "
                           "GPUs. 0 = identical GPUs."}),
      number_field(WT_MEMBER(cluster.gpu_sustained_speed), {0.3, 1.0},
                   {.doc = "Mean speed of the GPUs on GEMMs and attention inside a training "
                           "job, as a fraction of the isolated micro-benchmark speed of the "
                           "catalog (MAMF) or a calibration profile. 1 = benchmark speed."}),
      number_field(WT_MEMBER(cluster.gpu_power_limit_W), {0.0, 5000.0},
                   {.unit = "W",
                    .default_text = "0 (the GPU's own: its TDP, or the limit it ships with)",
                    .doc = "Board power limit of every GPU (nvidia-smi -pl). Below the TDP the "
                           "GPUs clock their compute-bound kernels down: (P - 0.2 TDP) / (0.8 "
                           "TDP), cube-rooted (docs/hardware.md, \"Power limits\")."}),
      number_field(WT_MEMBER(cluster.step_noise), {0.0, 0.3},
                   {.doc = "Step-to-step noise of a GPU's compute time (standard deviation over "
                           "the mean, independent per GPU and step): a synchronous step waits "
                           "for the expected slowest worker. 0 = none."}),
      number_field(WT_MEMBER(cluster.slow_node_rate), {0.0, 0.5},
                   {.doc = "Chance that a node is slow in a step (thermal throttling, a noisy "
                           "neighbour, a host hiccup), independent per node and step. 0 = "
                           "never."}),
      number_field(WT_MEMBER(cluster.slow_node_slowdown), {1.0, 100.0},
                   {.doc = "How much longer a slow node's compute takes in such a step."}),
      choice_field(WT_MEMBER(cluster.intra_node.fabric),
                   {.doc = "How GPUs inside a node are connected."}),
      number_field(WT_MEMBER(cluster.intra_node.bandwidth_GBps), {0.0, 1e5},
                   {.unit = "GB/s",
                    .default_text = "0 (the GPU's NVLink figure)",
                    .allowed_text = "0, or 0.001 .. 100000",
                    .doc = "Intra-node bandwidth per GPU and direction."}),
      number_field(WT_MEMBER(cluster.intra_node.latency_us), kLatency,
                   {.unit = "us", .doc = "Intra-node latency per transfer."}),
      choice_field(WT_MEMBER(cluster.network.topology),
                   {.doc = "Inter-node network; only its block (fat_tree, torus or dragonfly) "
                           "may appear beside it."}),
      number_field(WT_MEMBER(cluster.network.link_bandwidth_Gbps), kBandwidth,
                   {.unit = "Gb/s", .doc = "Line rate of one NIC (and its link), per direction."}),
      number_field(WT_MEMBER(cluster.network.link_latency_us), kLatency,
                   {.unit = "us", .doc = "Latency per link hop."}),
      integer_field(WT_MEMBER(cluster.network.nics_per_node), {1, 72},
                    {.doc = "NICs per node (one per GPU is usual; a GB200 NVL72 rack as one node "
                            "has 72)."}),
      boolean_field(WT_MEMBER(cluster.network.rail_optimized),
                    {.doc = "NIC i of every node sits on rail i (its own leaf switches)."}),
      choice_field(WT_MEMBER(cluster.network.transport),
                   {.doc = "How NCCL reaches the network: infiniband (verbs over InfiniBand or "
                           "RoCE) or efa (AWS Elastic Fabric Adapter through the aws-ofi-nccl "
                           "plugin: collectives that cross nodes run NCCL's Simple protocol only, "
                           "its LL and LL128 needing the in-order delivery EFA's SRD does not "
                           "give; docs/collectives.md, \"Protocols\")."}),
      integer_field(WT_MEMBER(cluster.network.fat_tree.levels), {1, 3},
                    {.doc = "Switch levels of the fat tree."}),
      integer_field(WT_MEMBER(cluster.network.fat_tree.switch_radix), {4, 1024, true},
                    {.doc = "Ports per switch."}),
      number_field(WT_MEMBER(cluster.network.fat_tree.oversubscription), {1.0, 16.0},
                   {.doc = "Down-link to up-link bandwidth ratio at the leaf (1 = full "
                           "bisection)."}),
      integer_list_field(WT_MEMBER(cluster.network.torus.dims), {1, 3}, {1, 1024},
                         {.default_text = "[] (required for a torus of more than one node)",
                          .doc = "Torus size per dimension, in nodes; the product is "
                                 "num_nodes."}),
      integer_field(WT_MEMBER(cluster.dcn.num_slices), {1, 4096},
                    {.doc = "ICI slices joined by the data-center network (TPU multi-slice); "
                            "only with intra_node.fabric ici; num_nodes counts every slice's "
                            "hosts and torus.dims is one slice."}),
      number_field(WT_MEMBER(cluster.dcn.host_bandwidth_Gbps), kBandwidth,
                   {.unit = "Gb/s",
                    .doc = "Data-center network bandwidth of one host, per direction (200: an "
                           "assumption, docs/topology.md \"Multi-slice\")."}),
      number_field(WT_MEMBER(cluster.dcn.latency_us), kLatency,
                   {.unit = "us",
                    .doc = "Latency of a transfer between slices over the data-center network "
                           "(an assumption)."}),
      integer_field(WT_MEMBER(cluster.network.dragonfly.groups), {1, 100'000},
                    {.default_text = "required for a dragonfly", .doc = "Groups."}),
      integer_field(WT_MEMBER(cluster.network.dragonfly.routers_per_group), kLinkCount,
                    {.default_text = "required for a dragonfly", .doc = "Routers per group."}),
      integer_field(WT_MEMBER(cluster.network.dragonfly.nodes_per_router), kLinkCount,
                    {.default_text = "required for a dragonfly", .doc = "Nodes per router."}),
      integer_field(WT_MEMBER(cluster.network.dragonfly.global_links_per_router), kLinkCount,
                    {.default_text = "required for a dragonfly",
                     .doc = "Links from each router to other groups."}),
      choice_field(WT_MEMBER(cluster.network.dragonfly.routing),
                   {.doc = "Routing between groups: minimal (local-global-local), valiant "
                           "(through an intermediate group) or ugal (minimal or Valiant per GPU "
                           "pair, by the load on the candidate paths; SimGrid engine)."}),
  };
}

std::vector<FieldBinding> cost_and_reliability_fields() {
  return {
      string_field("calibration", read_calibration,
                   {.default_text = "none",
                    .allowed_text = "path to an existing calibration profile",
                    .doc = "Calibration profile of windtunnel-calibrate (path relative to the "
                           "scenario's folder): measured GEMM, memory, attention and collective "
                           "figures replace the catalog's defaults (docs/calibration.md)."}),
      number_field(WT_MEMBER(cost.usd_per_gpu_hour), {0.0, 10000.0},
                   {.unit = "USD/GPU-h", .doc = "Price of one GPU-hour; 0 = no cost figures."}),
      boolean_field(
          WT_MEMBER(cost.spot),
          {.doc =
               "Spot capacity: preemptions count as failures (assumed one per node per 720 h)."}),
      number_field(WT_MEMBER(cost.spot_notice_s), {0.0, 1e5},
                   {.unit = "s",
                    .doc = "Warning the provider gives before a spot preemption; at least the "
                           "checkpoint's write, the job saves one first and loses no work."}),
      number_field(WT_MEMBER(reliability.gpu_mtbf_hours), {0.0, 1e9, true},
                   {.unit = "h",
                    .default_text = "the per-cause rates",
                    .doc = "Mean time between failures of one GPU, all causes (with its share of "
                           "the node and fabric): one failure process in place of "
                           "`reliability.failures.*`, which may then not be set."}),
      number_field(WT_MEMBER(reliability.checkpoint_write_s), {0.0, 1e7},
                   {.unit = "s",
                    .default_text = "size / storage bandwidth",
                    .doc = "Time to write one checkpoint, in place of the storage model "
                           "(`reliability.storage_*` may then not be set)."}),
      number_field(WT_MEMBER(reliability.restart_s), {0.0, 1e7},
                   {.unit = "s",
                    .doc = "Time from a failure to training again (excluding lost "
                           "work)."}),
  };
}

// Per cause: the mean hours between interruptions per unit and the restart after one.
#define WT_FAILURE_CAUSE(NAME, UNIT, WHAT, DEFAULT)                                \
  number_field(WT_MEMBER(reliability.failures.NAME.mtbf_hours), {0.0, 1e12, true}, \
               {.unit = "h per " UNIT,                                             \
                .default_text = DEFAULT,                                           \
                .doc = "Mean hours between interruptions by " WHAT " of one " UNIT \
                       " (default: Llama 3's rate, docs/models.md)."}),            \
      number_field(WT_MEMBER(reliability.failures.NAME.restart_s), {0.0, 1e7},     \
                   {.unit = "s",                                                   \
                    .default_text = "`reliability.restart_s`",                     \
                    .doc = "Time from a failure by " WHAT " to training again."})

// The causes come last: the GUI's form lists a section's fields together.
std::vector<FieldBinding> reliability_fields() {
  return {
      number_field(WT_MEMBER(reliability.storage_GBps), {0.001, 1e7},
                   {.unit = "GB/s",
                    .doc = "Aggregate checkpoint write bandwidth of the file system (default: "
                           "Llama 3's Tectonic, 2 TB/s sustained)."}),
      number_field(WT_MEMBER(reliability.storage_node_GBps), {0.001, 1e5},
                   {.unit = "GB/s",
                    .doc = "One node's checkpoint write bandwidth (default: BLOOM-176B, 2.3 TB "
                           "in 40 s from 48 nodes)."}),
      number_field(WT_MEMBER(reliability.storage_read_GBps), {0.001, 1e7},
                   {.unit = "GB/s",
                    .default_text = "the write time",
                    .doc = "Aggregate checkpoint read bandwidth of the file system on a restart "
                           "(capped by num_nodes × storage_node_GBps); unset, a read takes as "
                           "long as a write."}),
      boolean_field(WT_MEMBER(reliability.async_checkpoint),
                    {.doc = "Asynchronous checkpoints: only the copy to host memory stops "
                            "training; the write overlaps it."}),
      choice_field(WT_MEMBER(reliability.checkpoint_target),
                   {.doc = "Where checkpoints go: storage (the file system above), or "
                           "peer_memory: each node keeps its shard in host memory and sends "
                           "peer_replicas - 1 copies to other nodes' host memory over its NICs "
                           "(Gemini, Wang et al. SOSP 2023); only the copy to host memory stops "
                           "training, and a restart fetches the lost node's shard from a peer. "
                           "Host memory capacity is not checked."}),
      integer_field(WT_MEMBER(reliability.peer_replicas), {2, 16},
                    {.doc = "peer_memory: copies of each node's checkpoint shard, its own "
                            "included (Gemini's m; 2 keeps one copy on a peer); at most "
                            "cluster.num_nodes."}),
      integer_field(WT_MEMBER(reliability.checkpoint_interval_iterations), {1, 1'000'000'000},
                    {.default_text = "Young/Daly",
                     .doc = "Iterations between checkpoints (Megatron's --save-interval)."}),
      integer_field(WT_MEMBER(reliability.monte_carlo_runs), {0, 1'000'000},
                    {.doc = "Simulated runs of the whole job for the time-to-train "
                            "distribution of `run`; 0 = none."}),
      integer_field(WT_MEMBER(reliability.seed), {0, 2'000'000'000},
                    {.doc = "Seed of the Monte Carlo (the same seed gives the same figures)."}),
      boolean_field(WT_MEMBER(reliability.continue_with_fewer_replicas),
                    {.doc = "After a failure that takes a node out (GPU, HBM, NIC, host), go on "
                            "without its data-parallel replicas until it is back, instead of "
                            "waiting for a spare (Monte Carlo only)."}),
      integer_field(WT_MEMBER(reliability.spare_nodes), {0, 1'000'000},
                    {.default_text = "always one at hand",
                     .doc = "Spare nodes that replace failed ones; with more nodes out the "
                            "restart waits for repairs (Monte Carlo only)."}),
      number_field(WT_MEMBER(reliability.node_repair_hours), {0.0, 1e5},
                   {.unit = "h",
                    .doc = "Time a failed node is out, repaired or replaced (an assumption; "
                           "used with spare_nodes or continue_with_fewer_replicas)."}),
      WT_FAILURE_CAUSE(gpu, "GPU", "the GPU (not its HBM)", "108335 (16384 × 1296 / 196)"),
      WT_FAILURE_CAUSE(hbm, "GPU", "HBM", "294912 (16384 × 1296 / 72)"),
      WT_FAILURE_CAUSE(nic, "NIC", "the NIC", "3033381 (16384 × 1296 / 7)"),
      WT_FAILURE_CAUSE(network, "NIC", "switches and cables", "606676 (16384 × 1296 / 35)"),
      WT_FAILURE_CAUSE(host, "node", "the host (CPU, memory, disk, power, chassis)",
                       "57700 (2048 × 1296 / 46)"),
      WT_FAILURE_CAUSE(software, "GPU", "software (bugs, NCCL timeouts)",
                       "337042 (16384 × 1296 / 63)"),
  };
}
#undef WT_FAILURE_CAUSE

std::vector<FieldBinding> all_fields() {
  std::vector<FieldBinding> rows;
  for (auto part : {top_and_model_fields, training_and_parallel_fields, cluster_fields,
                    cost_and_reliability_fields, reliability_fields, serving_fields}) {
    std::vector<FieldBinding> more = part();
    rows.insert(rows.end(), std::make_move_iterator(more.begin()),
                std::make_move_iterator(more.end()));
  }
  return rows;
}

}  // namespace

const std::vector<FieldBinding>& field_bindings() {
  static const std::vector<FieldBinding> rows = all_fields();
  return rows;
}

const FieldBinding* find_field_binding(const std::string& path) {
  for (const FieldBinding& f : field_bindings()) {
    if (f.info.path == path) return &f;
  }
  return nullptr;
}

const std::vector<FieldInfo>& scenario_fields() {
  static const std::vector<FieldInfo> infos = [] {
    std::vector<FieldInfo> out;
    for (const FieldBinding& b : field_bindings()) {
      out.push_back(b.info);
    }
    return out;
  }();
  return infos;
}

}  // namespace wt
