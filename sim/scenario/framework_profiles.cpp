// The profile table. Each default names where the framework sets it; the file paths and lines are
// those of the commits listed in data/reference/framework-defaults.md.
#include "sim/scenario/framework_profiles.hpp"

#include "core/error.hpp"
#include "sim/scenario/field_binding.hpp"
#include "sim/scenario/precision.hpp"
#include "sim/scenario/text_util.hpp"

namespace wt {
namespace {

using nlohmann::json;
using When = ProfileCondition;

const char* const kMcore = "NVIDIA/Megatron-LM@d98e8a64dd ";
const char* const kBridge = "NVIDIA-NeMo/Megatron-Bridge@067f987df0 ";
const char* const kNemo = "NVIDIA/NeMo@8cfedd7203 ";

ProfileDefault set(std::string path, json value, std::string source, When when = When::always) {
  return {std::move(path), std::move(value), when, std::move(source)};
}

// PyTorch has no in-place cross-entropy (Megatron-Core's and Transformer Engine's are theirs).
const char* const kPytorchLoss =
    "torch.nn.functional.cross_entropy on logits cast to fp32, as a PyTorch training loop and "
    "Hugging Face's causal-LM loss call it (calibrate/pytorch/gpt_train_steps.py does)";

// Megatron-Core's attention backend `auto`: Transformer Engine chooses, and on Hopper and later it
// prefers its FusedAttention (cuDNN) over FlashAttention for speed; on the GPUs without a measured
// cuDNN table (A100, Blackwell) `cudnn` keeps the built-in efficiency.
ProfileDefault mcore_attention() {
  return set("training.attention", "cudnn",
             std::string(kMcore) +
                 "transformer_config.py:151 (attention_backend auto: Transformer Engine's "
                 "FusedAttention (cuDNN), preferred on Hopper+)");
}

// The MoE models of NVIDIA's recipes turn Transformer Engine's fused permutation on (Megatron-Core
// itself defaults to off); Mixtral's NeMo 2 config is the exception that does not set it.
ProfileDefault mcore_moe_permute_fusion() {
  return set("training.moe_permute_fusion", true,
             std::string(kBridge) + "recipes/deepseek, recipes/qwen (moe_permute_fusion True); " +
                 kNemo + "gpt/model/deepseek.py:89-127, gpt/model/qwen3.py:53-65",
             When::moe);
}

FrameworkProfile megatron_lm() {
  const std::string m = kMcore;
  return {
      "megatron-lm",
      "Megatron-LM's own trainer with its command-line defaults (Megatron-LM@d98e8a64dd, "
      "core_v0.19; the same since 2023)",
      {mcore_attention(),
       set("training.grad_reduce_in_fp32", true,
           m + "arguments.py:1204-1217 (forced on with --bf16)", When::bf16_or_fp8),
       set("training.activation_recompute", "none", m + "transformer_config.py:532"),
       set("parallel.zero_stage", 0,
           m + "distributed_data_parallel_config.py:29 (use_distributed_optimizer False)"),
       set("parallel.overlap_grad_reduce", false, m + "distributed_data_parallel_config.py:18"),
       set("parallel.overlap_param_gather", false, m + "distributed_data_parallel_config.py:21"),
       set("parallel.sequence_parallel", false, m + "model_parallel_config.py:94"),
       set("parallel.tp_comm_overlap", false, m + "model_parallel_config.py:265"),
       set("training.moe_permute_fusion", false, m + "transformer_config.py:941", When::moe)}};
}

FrameworkProfile megatron_lm_2021() {
  const std::string why = "Megatron-LM 2021 (v2.x, Narayanan et al. SC'21): ";
  return {"megatron-lm-2021",
          "Megatron-LM as of 2021 (v2.x, the SC'21 paper): before FlashAttention, sequence "
          "parallelism and the distributed optimizer (all 2022)",
          {set("training.attention", "unfused",
               why + "attention scores by batched GEMMs and its fused masked softmax; "
                     "FlashAttention (Dao et al.) came in 2022"),
           set("training.grad_reduce_in_fp32", true,
               why + "arguments.py turns --accumulate-allreduce-grads-in-fp32 on with --bf16",
               When::bf16_or_fp8),
           set("training.activation_recompute", "none", why + "recompute only when asked"),
           set("parallel.zero_stage", 0, why + "no distributed optimizer yet"),
           set("parallel.overlap_grad_reduce", false,
               why + "its local DDP all-reduces the gradients after the backward pass"),
           set("parallel.sequence_parallel", false,
               why + "sequence parallelism came with Korthikanti et al. 2022"),
           set("parallel.tp_comm_overlap", false, why + "no TP communication overlap")}};
}

FrameworkProfile megatron_core() {
  const std::string b = std::string(kBridge) + "recipes/common.py:37-131 ";
  return {
      "megatron-core",
      "Megatron-Core as its pre-training recipes run it (Megatron-Bridge _pretrain_common, "
      "Megatron-Bridge@067f987df0 on Megatron-Core 0.19)",
      {mcore_attention(), set("training.grad_reduce_in_fp32", true, b + "(grad_reduce_in_fp32)"),
       set("training.activation_recompute", "none",
           std::string(kMcore) + "transformer_config.py:532"),
       set("parallel.zero_stage", 1, b + "(use_distributed_optimizer=True)", When::data_parallel),
       set("parallel.overlap_grad_reduce", true, b + "(overlap_grad_reduce=True)"),
       set("parallel.overlap_param_gather", true, b + "(overlap_param_gather=True)"),
       set("parallel.sequence_parallel", true,
           std::string(kBridge) + "recipes/llama/h100/llama3.py:717 (SP with TP > 1)",
           When::tensor_parallel),
       set("parallel.tp_comm_overlap", false, b + "(comm_overlap=None)"),
       mcore_moe_permute_fusion()}};
}

FrameworkProfile nemo() {
  const std::string n = kNemo;
  return {"nemo",
          "NeMo 2 and Megatron-Bridge performance recipes (NeMo@8cfedd7203 with "
          "performance_mode, Megatron-Bridge@067f987df0), as NVIDIA's published performance "
          "tables run them",
          {mcore_attention(),
           set("training.grad_reduce_in_fp32", false,
               n + "recipes: performance_mode=True sets grad_reduce_in_fp32=False"),
           set("training.activation_recompute", "none", n + "llama3_70b.py:61-246 (none set)"),
           set("parallel.zero_stage", 1,
               n + "llama3_70b.py:113-136 (distributed optimizer of the base trainer)",
               When::data_parallel),
           set("parallel.overlap_grad_reduce", true, n + "llama3_70b.py:113-136 (DDP config)"),
           set("parallel.overlap_param_gather", true, n + "llama3_70b.py:113-136 (DDP config)"),
           set("parallel.sequence_parallel", true,
               n + "recipes set sequence_parallel with TP > 1 (llama3_70b, nemotron4_340b, ...)",
               When::tensor_parallel),
           set("parallel.tp_comm_overlap", false,
               n + "on only in the recipes that set it (llama3_70b/405b, nemotron4_340b)"),
           mcore_moe_permute_fusion()}};
}

FrameworkProfile deepspeed(std::string name, std::string framework, std::string at,
                           std::string attention) {
  FrameworkProfile p{std::move(name), std::move(framework), {}};
  p.defaults = {
      set("parallel.zero_stage", 0, at + "runtime/zero/config.py (stage 0)"),
      set("parallel.overlap_grad_reduce", true, at + "overlap_comm defaults on at stage 3",
          When::zero_stage_3),
      set("parallel.overlap_grad_reduce", false, at + "overlap_comm defaults off below stage 3",
          When::below_zero_3),
      set("parallel.dp_bucket_mb", 1000.0,
          at + "reduce_bucket_size 5e8 elements, 2 B each in 16-bit"),
      set("parallel.sequence_parallel", false, "DeepSpeed has no Megatron sequence parallelism"),
      set("parallel.cp_comm_type", "a2a",
          "DeepSpeed's sequence parallelism is DeepSpeed-Ulysses (Jacobs et al. 2023, "
          "arXiv:2309.14509; deepspeed/sequence/layer.py DistributedAttention: all-to-all of Q, K, "
          "V and the output)",
          When::context_parallel)};
  if (!attention.empty()) {
    p.defaults.push_back(set("training.attention", attention,
                             "models trained with DeepSpeed in 2021 (Megatron-DeepSpeed GPT) "
                             "predate FlashAttention (2022)"));
  }
  return p;
}

FrameworkProfile fsdp() {
  return {"fsdp",
          "PyTorch FSDP (FSDP1 FULL_SHARD with backward prefetch, FSDP2 fully_shard)",
          {set("parallel.zero_stage", 3, "torch FSDP sharding_strategy None -> FULL_SHARD"),
           set("parallel.overlap_param_gather", true,
               "torch FSDP backward_prefetch BACKWARD_PRE (default since PR #88428, 2022)"),
           set("parallel.overlap_grad_reduce", true,
               "torch FSDP reduce-scatters each module's gradients during backward"),
           set("training.attention", "flash2",
               "torch scaled_dot_product_attention runs FlashAttention-2"),
           set("training.cross_entropy", "pytorch", kPytorchLoss)}};
}

FrameworkProfile pytorch_amp() {
  const std::string amp =
      "PyTorch automatic mixed precision (torch.autocast with fp32 parameters; the AMP recipe of "
      "the PyTorch docs, Hugging Face Trainer's bf16/fp16)";
  return {"pytorch",
          "plain PyTorch in eager mode under torch.autocast, fp32 parameters (a hand-written "
          "training loop, Hugging Face Trainer/Accelerate, DDP)",
          {set("training.kernel_fusion", "eager_amp",
               amp + ": one kernel per op, fp32 norms and residual stream"),
           set("training.attention", "flash2",
               "torch scaled_dot_product_attention (FlashAttention-2 backend)"),
           set("training.grad_reduce_in_fp32", true, amp + ": the gradients of fp32 parameters"),
           set("parallel.zero_stage", 0, "torch DistributedDataParallel replicates the optimizer"),
           set("parallel.sequence_parallel", false, "no Megatron sequence parallelism"),
           set("training.cross_entropy", "pytorch", kPytorchLoss)}};
}

FrameworkProfile torchtitan() {
  const std::string t = "pytorch/torchtitan@b5bcd76c torchtitan/config/configs.py";
  return {"torchtitan",
          "torchtitan (FSDP2 + DTensor TP; main b5bcd76c, same in v0.2.2)",
          {set("parallel.zero_stage", 3, t + ":133 (data_parallel_shard_degree -1)"),
           set("training.grad_reduce_in_fp32", true, t + ":102 (FSDP2 reduce dtype fp32)"),
           set("parallel.sequence_parallel", true, t + ":169 (enable_sequence_parallel)",
               When::tensor_parallel),
           set("parallel.overlap_param_gather", true, "FSDP2 implicit forward prefetch"),
           set("parallel.zero3_gather_copy", true,
               "PyTorch FSDP2 torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py "
               "(foreach_all_gather_copy_out: split_with_sizes_copy into the unsharded "
               "parameters, on the compute stream)"),
           set("parallel.overlap_grad_reduce", true, "FSDP2 reduce-scatter during backward"),
           set("training.cross_entropy", "pytorch",
               "pytorch/torchtitan components/loss.py cross_entropy_loss: "
               "F.cross_entropy(pred.flatten(0, 1).float(), labels.flatten(0, 1)) (recalled, not "
               "excerpted in data/reference)"),
           set("training.activation_recompute", "per_op",
               "pytorch/torchtitan@b5bcd76c trainer.py:108-110 (SelectiveAC, per-op: "
               "distributed/activation_checkpoint.py:31-86, 185-289; save list "
               "llama3/infra/parallelize.py:36-51)"),
           set("training.attention", "flash2",
               "torch scaled_dot_product_attention (FlashAttention-2 backend)"),
           set("training.fp8_recipe", "tensorwise",
               "pytorch/torchtitan@73a0e697 (v0.2.2) job_config.py:732-747 (Float8 recipe_name "
               "None: torchao's default, tensorwise dynamic scaling; main's default is "
               "rowwise, configs.py:58 of b5bcd76c, which a row or file sets)",
               When::fp8),
           set("parallel.cp_comm_type", "all_gather",
               "pytorch/torchtitan@73a0e697 (v0.2.2) job_config.py:446 "
               "(context_parallel_rotate_method \"allgather\"; main removed the option, "
               "8e5554449)",
               When::context_parallel),
           set("training.moe_permute_fusion", false,
               "pytorch/torchtitan@b5bcd76c torchtitan/models/moe/moe.py (MoE.forward: tokens "
               "gathered by index, outputs summed by scatter_add)",
               When::moe)}};
}

FrameworkProfile maxtext() {
  const std::string m = "AI-Hypercomputer/maxtext@e591f30c configs/base.yml";
  return {"maxtext",
          "MaxText on GPUs (base.yml at e591f30c)",
          {set("parallel.zero_stage", 3, m + ":672-684 (ici_fsdp_parallelism -1)"),
           set("training.activation_recompute", "full", m + ":358 (remat_policy 'full')"),
           set("training.grad_reduce_in_fp32", true, m + ":111 (grad_dtype float32)"),
           set("parallel.overlap_param_gather", true, "XLA schedules the FSDP all-gathers ahead"),
           set("training.attention", "fused", m + ":392 (attention autoselected: flash)")}};
}

FrameworkProfile llm_foundry() {
  const std::string y = "mosaicml/llm-foundry@8c8dd48f scripts/train/yamls/pretrain/mpt-*.yaml";
  return {"llm-foundry",
          "MosaicML llm-foundry on Composer (llm-foundry@8c8dd48f, composer@64051888): FSDP "
          "FULL_SHARD as its shipped pre-training configurations run it",
          {set("parallel.zero_stage", 3,
               "mosaicml/composer@64051888 utils/parallelism.py:14-41 (FULL_SHARD)"),
           set("parallel.overlap_param_gather", true,
               "mosaicml/composer@64051888 utils/parallelism.py:14-41 (prefetch, "
               "limit_all_gathers)"),
           set("training.activation_recompute", "full", y + " (activation_checkpointing true)"),
           set("training.grad_reduce_in_fp32", false, y + " (mixed_precision PURE: bf16 reduce)"),
           set("training.attention", "flash2",
               "mosaicml/llm-foundry@8c8dd48f models/utils/config_defaults.py:12 (attn_impl "
               "flash: the flash-attn 2 package, since v0.7.0)")}};
}

// Horovod (Sergeev & Del Balso 2018): ring all-reduce through NCCL of gradients fused into one
// buffer per cycle of its background thread (data/reference/framework-defaults.md §10).
FrameworkProfile horovod() {
  const std::string ops = "horovod/common/operations.cc (0.1x releases) ";
  return {
      "horovod",
      "Horovod's DistributedOptimizer with its tensor fusion (defaults of the 0.1x "
      "releases, Sergeev & Del Balso 2018)",
      {set("parallel.dp_bucket_mb", 67.108864,
           ops + "tensor_fusion_threshold = 64 * 1024 * 1024 (HOROVOD_FUSION_THRESHOLD, 64 MiB)"),
       set("parallel.grad_fusion_cycle_ms", 5.0,
           ops + "cycle_time_ms = 5 (HOROVOD_CYCLE_TIME) [?: later releases may differ]"),
       set("parallel.overlap_grad_reduce", true,
           "horovod DistributedOptimizer: a hook per gradient submits its all-reduce during "
           "backward"),
       set("parallel.zero_stage", 0, "Horovod replicates the optimizer on every rank"),
       set("parallel.collective_algorithm", "ring",
           "Sergeev & Del Balso 2018 §4: ring-allreduce through NCCL 2"),
       set("training.grad_reduce_in_fp32", true,
           "gradients of fp32 parameters reduced in fp32 unless "
           "compression=hvd.Compression.fp16")}};
}

// `p` with what its framework can switch on to fit (FrameworkProfile::fit_zero_stage,
// fit_recompute and fit_sequence_parallel).
FrameworkProfile fitting(FrameworkProfile p, int zero_stage, std::vector<Recompute> recompute,
                         bool sequence_parallel = false) {
  p.fit_zero_stage = zero_stage;
  p.fit_recompute = std::move(recompute);
  p.fit_sequence_parallel = sequence_parallel;
  return p;
}

std::vector<FrameworkProfile> all_profiles() {
  const std::string ds = "deepspeedai/DeepSpeed@edaa7221 ";
  const std::string ds2021 = "deepspeedai/DeepSpeed v0.5.0 (f2843244) ";
  const std::vector<Recompute> both = {Recompute::selective, Recompute::full};
  const std::vector<Recompute> full = {Recompute::full};
  // NVIDIA's recipes (NeMo, Megatron-Core) are configured per model and GPU to fit: their
  // recompute. Megatron-LM: its distributed optimizer (ZeRO-1), --recompute-activations /
  // --recompute-granularity full and --sequence-parallel. DeepSpeed and frameworks without a
  // profile: any ZeRO stage and whole-layer checkpointing; without a profile also sequence
  // parallelism under TP (rows published from 2022, validate checks the year). torchtitan, PyTorch
  // FSDP and plain PyTorch set their stage in the profile and offer whole-block checkpointing:
  // torchtitan's FullAC (its shipped 70B and 405B configs run it, framework-defaults.md §3),
  // torch.distributed's apply_activation_checkpointing for FSDP, torch.utils.checkpoint (Hugging
  // Face Trainer's gradient_checkpointing) for DDP.
  return {fitting({"none", "no framework: every field keeps the default of the field table", {}}, 3,
                  full, true),
          fitting(megatron_core(), 0, both),
          fitting(nemo(), 0, both),
          fitting(megatron_lm(), 1, both, true),
          megatron_lm_2021(),
          fitting(pytorch_amp(), 0, full),
          fitting(deepspeed("deepspeed", "DeepSpeed ZeRO (DeepSpeed@edaa7221, v0.19)", ds, ""), 3,
                  full),
          fitting(deepspeed("deepspeed-2021",
                            "DeepSpeed ZeRO as of 2021 (v0.5.0) with the GPT models of "
                            "the time",
                            ds2021, "unfused"),
                  3, full),
          fitting(fsdp(), 0, full),
          fitting(torchtitan(), 0, full),
          maxtext(),
          llm_foundry(),
          horovod()};
}

std::string squashed(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '-' || c == '_' || c == ' ' || c == '.') continue;
    out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return out;
}

const json* find_path(const json& doc, const std::string& path) {
  const json* node = &doc;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = path.find('.', start);
    const std::string key = path.substr(start, dot - start);
    if (!node->is_object()) return nullptr;
    const auto it = node->find(key);
    if (it == node->end()) return nullptr;
    node = &*it;
    if (dot == std::string::npos) return node;
    start = dot + 1;
  }
}

int data_parallel(const Scenario& s) {
  if (s.parallel.data > 0) return s.parallel.data;
  const int64_t model = int64_t{s.parallel.tensor} * s.parallel.pipeline * s.parallel.context;
  return model > 0 ? static_cast<int>(s.cluster.num_gpus() / model) : 1;
}

bool holds(ProfileCondition when, const Scenario& s) {
  switch (when) {
    case When::always:
      return true;
    case When::tensor_parallel:
      return s.parallel.tensor > 1;
    case When::data_parallel:
      return data_parallel(s) > 1;
    case When::zero_stage_3:
      return s.parallel.zero_stage == 3;
    case When::below_zero_3:
      return s.parallel.zero_stage < 3;
    case When::bf16_or_fp8:
      return s.training.precision == Precision::bf16 || quantized_gemms(s.training.precision);
    case When::moe:
      return s.model.moe.num_experts > 0;
    case When::context_parallel:
      return s.parallel.context > 1;
    case When::fp8:
      return s.training.precision == Precision::fp8;
  }
  return true;
}

}  // namespace

const std::vector<FrameworkProfile>& framework_profiles() {
  static const std::vector<FrameworkProfile> profiles = all_profiles();
  return profiles;
}

const FrameworkProfile* find_framework_profile(std::string_view name) {
  const std::string key = squashed(name);
  for (const FrameworkProfile& p : framework_profiles()) {
    if (squashed(p.name) == key) return &p;
  }
  return nullptr;
}

std::string framework_profile_names() {
  std::vector<std::string> names;
  for (const FrameworkProfile& p : framework_profiles()) {
    names.push_back(p.name);
  }
  return join(names);
}

std::vector<std::string> apply_framework_profile(const FrameworkProfile& profile, const json& doc,
                                                 Scenario& s) {
  std::vector<std::string> applied;
  for (const ProfileDefault& d : profile.defaults) {
    if (find_path(doc, d.path) != nullptr || !holds(d.when, s)) continue;
    const FieldBinding* binding = find_field_binding(d.path);
    if (binding == nullptr) {
      throw std::logic_error("framework profile " + profile.name + " sets unknown field " + d.path);
    }
    binding->read(d.value, s, ReadContext{});
    applied.push_back(d.path + " = " + d.value.dump() + " (" + d.source + ")");
  }
  return applied;
}

}  // namespace wt
