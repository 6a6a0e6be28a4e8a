#include "planner/emit/megatron_args.hpp"

#include <cmath>
#include <string>

#include "planner/emit/launch_plan.hpp"
#include "planner/emit/megatron_model_args.hpp"
#include "sim/workload/schedule.hpp"

namespace wt {
namespace {

using Args = std::vector<CliArg>;

std::string str(int64_t v) {
  return std::to_string(v);
}

void add(Args& a, std::string flag, std::string value = {}) {
  add_flag(a, std::move(flag), std::move(value));
}

void add_layout(Args& a, const Scenario& s) {
  const ParallelConfig& p = s.parallel;
  add(a, "--tensor-model-parallel-size", str(p.tensor));
  add(a, "--pipeline-model-parallel-size", str(p.pipeline));
  if (p.pipeline_schedule == PipelineSchedule::interleaved && p.virtual_stages > 1) {
    const int64_t per_chunk = s.pipeline_split_slots() / (int64_t{p.pipeline} * p.virtual_stages);
    add(a, "--num-layers-per-virtual-pipeline-stage", str(per_chunk));
  }
  if (p.account_for_embedding_in_pipeline_split)
    add(a, "--account-for-embedding-in-pipeline-split");
  if (p.account_for_loss_in_pipeline_split) add(a, "--account-for-loss-in-pipeline-split");
  if (p.first_stage_layers > 0) {
    add(a, "--decoder-first-pipeline-num-layers", str(p.first_stage_layers));
  }
  if (p.last_stage_layers > 0)
    add(a, "--decoder-last-pipeline-num-layers", str(p.last_stage_layers));
  add(a, "--context-parallel-size", str(p.context));
  if (p.context > 1 && p.cp_comm_type != CpCommType::p2p) {
    add(a, "--cp-comm-type", to_string(p.cp_comm_type));  // p2p is Megatron-Core's default
  }
  if (s.model.moe.num_experts > 0) add(a, "--expert-model-parallel-size", str(p.expert));
  // Unset, Megatron-Core takes the tensor size (data/reference/framework-defaults.md).
  if (s.model.moe.num_experts > 0 && p.expert_tensor > 0) {
    add(a, "--expert-tensor-parallel-size", str(p.expert_tensor));
  }
  if (ep_pairs(s)) add(a, "--overlap-moe-expert-parallel-comm");
  if (p.sequence_parallel && p.tensor > 1) {
    add(a, "--sequence-parallel");
    if (p.tp_comm_overlap) add(a, "--tp-comm-overlap");
  }
}

void add_batch(Args& a, const Scenario& s, const LaunchPlan& plan) {
  add(a, "--micro-batch-size", str(s.training.micro_batch_size));
  add(a, "--global-batch-size", str(s.training.global_batch_size));
  add(a, "--seq-length", str(s.model.seq_length));
  add(a, "--max-position-embeddings", str(s.model.seq_length));
  if (plan.train_iterations) {
    add(a, "--train-iters", str(*plan.train_iterations));
  } else {
    a.push_back({"--train-iters", "TRAIN_ITERS", true});
  }
}

void add_precision(Args& a, const TrainingConfig& t) {
  // Megatron-LM turns this on by itself for bf16; written out so the script says what it simulates.
  const bool mixed = t.precision != Precision::fp32 && t.precision != Precision::tf32;
  if (t.grad_reduce_in_fp32 && mixed) add(a, "--accumulate-allreduce-grads-in-fp32");
  switch (t.precision) {
    case Precision::bf16:
      add(a, "--bf16");
      return;
    case Precision::fp16:
      add(a, "--fp16");
      return;
    case Precision::fp8:  // FP8 GEMMs (Transformer Engine) over BF16 parameters
      add(a, "--bf16");
      add(a, "--fp8-format", "hybrid");
      // Megatron-Core's --fp8-recipe (framework-defaults.md §1): delayed is its default; torchao's
      // rowwise has no counterpart (a caveat says so).
      if (t.fp8_recipe == Fp8Recipe::tensorwise || t.fp8_recipe == Fp8Recipe::blockwise)
        add(a, "--fp8-recipe", to_string(t.fp8_recipe));
      return;
    case Precision::mxfp8:  // TE's MXFP8BlockScaling (framework-defaults.md §1, §9)
      add(a, "--bf16");
      add(a, "--fp8-format", "e4m3");
      add(a, "--fp8-recipe", "mxfp8");
      return;
    case Precision::nvfp4:  // TE's NVFP4BlockScaling (framework-defaults.md §1: fp4_recipe)
      add(a, "--bf16");
      add(a, "--fp4-format", "e2m1");
      add(a, "--fp4-recipe", "nvfp4");
      return;
    case Precision::fp32:
    case Precision::tf32:
      return;  // Megatron's default is fp32 parameters and math
  }
}

// Full recompute of every layer is Megatron's uniform method with one layer per checkpoint;
// training.recompute_num_layers N is its block method over the first N layers of each chunk.
// Selective recompute names its modules (--recompute-modules, nargs="*": one word each, the later
// ones as bare words after the first; Megatron-Core core_v0.13.0 and later).
void add_recompute(Args& a, const TrainingConfig& t) {
  const Recompute r = t.activation_recompute;
  if (r == Recompute::selective) {
    add(a, "--recompute-granularity", "selective");
    for (size_t i = 0; i < t.recompute_modules.size(); ++i) {
      const std::string name = to_string(t.recompute_modules[i]);
      if (i == 0) {
        add(a, "--recompute-modules", name);
      } else {
        a.push_back({name, "", false});
      }
    }
  }
  if (r == Recompute::full || r == Recompute::per_op) {
    add(a, "--recompute-granularity", "full");
    const bool block = r == Recompute::full && t.recompute_num_layers > 0;
    add(a, "--recompute-method", block ? "block" : "uniform");
    add(a, "--recompute-num-layers", block ? str(t.recompute_num_layers) : "1");
  }
}

// Megatron's DDP buckets count gradient elements: parallel.dp_bucket_mb MB of the gradient buffer's
// type (fp32 with grad_reduce_in_fp32 or fp32/tf32 training, else 16-bit).
int64_t ddp_bucket_elements(const Scenario& s) {
  const Precision p = s.training.precision;
  const bool fp32 = s.training.grad_reduce_in_fp32 || p == Precision::fp32 || p == Precision::tf32;
  const double bytes = fp32 ? 4.0 : 2.0;
  return std::llround(s.parallel.dp_bucket_mb * 1.0e6 / bytes);
}

void add_optimizer(Args& a, const Scenario& s) {
  add(a, "--optimizer", s.training.optimizer == Optimizer::sgd ? "sgd" : "adam");
  add(a, "--clip-grad", kClipGrad);  // the optimizer step's clipping pass (docs/models.md)
  const ParallelConfig& p = s.parallel;
  const bool distributed = p.zero_stage >= 1;
  if (distributed) add(a, "--use-distributed-optimizer");
  if (p.offload != Offload::none) add(a, "--optimizer-cpu-offload");
  if (p.data > 1) add(a, "--ddp-bucket-size", str(ddp_bucket_elements(s)));
  if (p.overlap_grad_reduce && p.data > 1) {
    add(a, "--overlap-grad-reduce");
    if (distributed && p.overlap_param_gather) add(a, "--overlap-param-gather");
  }
}

void add_save_interval(Args& a, const LaunchPlan& plan) {
  if (plan.save_interval) {
    add(a, "--save-interval", str(*plan.save_interval));
  } else {
    a.push_back({"--save-interval", "SAVE_INTERVAL", true});
  }
}

void add_placeholders(Args& a) {
  const std::pair<const char*, const char*> uses[] = {{"--data-path", "DATA_PATH"},
                                                      {"--tokenizer-type", "TOKENIZER_TYPE"},
                                                      {"--tokenizer-model", "TOKENIZER_MODEL"},
                                                      {"--save", "CHECKPOINT_DIR"},
                                                      {"--load", "CHECKPOINT_DIR"},
                                                      {"--lr", "LR"}};
  for (const auto& [flag, variable] : uses)
    a.push_back({flag, variable, true});
}

std::string placeholder_lines(const LaunchPlan& plan) {
  std::string out =
      "# Megatron's overlap of TP communication with compute needs one CUDA connection\n";
  out += "export CUDA_DEVICE_MAX_CONNECTIONS=1\n\n";
  for (const Placeholder& p : plan_placeholders(plan)) {
    out += "# " + p.doc + "\n";
    out += p.variable + "=\"${" + p.variable + ":-" + p.fill_me + "}\"\n";
  }
  return out;
}

constexpr const char* kRequireFilled = R"(
# Refuses to launch while a placeholder still holds its FILL_ME value.
require_filled() {
  local name
  for name in MEGATRON_DIR DATA_PATH TOKENIZER_TYPE TOKENIZER_MODEL CHECKPOINT_DIR LR TRAIN_ITERS \
      SAVE_INTERVAL; do
    if [[ "${!name-}" == FILL_ME* ]]; then
      echo "launch: set ${name} (still ${!name}); see megatron_args.sh" >&2
      return 1
    fi
  done
}
)";

}  // namespace

std::vector<CliArg> megatron_arguments(const Scenario& s) {
  return megatron_arguments(s, launch_plan(s));
}

std::vector<CliArg> megatron_arguments(const Scenario& s, const LaunchPlan& plan) {
  Args a;
  add_layout(a, s);
  add_batch(a, s, plan);
  add_megatron_model(a, s);
  add_precision(a, s.training);
  add_recompute(a, s.training);
  add_optimizer(a, s);
  add_save_interval(a, plan);
  add_placeholders(a);
  return a;
}

std::vector<std::string> megatron_caveats(const Scenario& s) {
  std::vector<std::string> c;
  const ParallelConfig& p = s.parallel;
  if (p.pipeline > 1 && p.pipeline_schedule == PipelineSchedule::gpipe) {
    c.push_back("Megatron-LM has no GPipe schedule: it runs 1F1B, which needs less memory.");
  }
  if (p.zero_stage >= 2) {
    c.push_back("ZeRO-" + std::to_string(p.zero_stage) +
                ": Megatron's distributed optimizer shards optimizer state and gradients;"
                " for sharded weights use deepspeed_config.json" +
                std::string(p.zero_stage == 3 ? " or Megatron's --use-torch-fsdp2." : "."));
  }
  if (s.training.activation_recompute == Recompute::per_op) {
    c.push_back(
        "per_op: Megatron has no per-op selective checkpointing (torchtitan's); full "
        "recompute is set instead, which keeps less and runs the whole forward again.");
  }
  if (s.training.precision == Precision::tf32) {
    c.push_back("tf32: Megatron keeps fp32 parameters; TF32 matmuls follow PyTorch's settings.");
  }
  if (s.training.precision == Precision::fp8 && s.training.fp8_recipe == Fp8Recipe::rowwise) {
    c.push_back(
        "fp8 rowwise: torchao's recipe (torchtitan); Megatron's Transformer Engine has no "
        "per-row fp8 scaling, so the arguments train its default delayed scaling.");
  }
  if (s.model.parallel_layers) {
    c.push_back(
        "parallel_layers: Megatron-LM's GPT model runs attention and MLP one after the "
        "other; the arguments train the sequential block.");
  }
  if (s.training.cross_entropy == CrossEntropy::pytorch) {
    c.push_back(
        "cross_entropy pytorch: Megatron's vocab-parallel cross-entropy works on the fp32 logits "
        "in place (4 B per logit, not 12); expect the last stage to need less memory than "
        "simulated.");
  }
  if (s.training.kernel_fusion == KernelFusion::eager_amp) {
    c.push_back(
        "eager_amp: Megatron-LM runs fused Transformer Engine kernels, not PyTorch eager "
        "under autocast; expect it faster than simulated.");
  }
  if (s.parallel.offload == Offload::parameters) {
    c.push_back(
        "offload parameters: Megatron offloads only the optimizer "
        "(--optimizer-cpu-offload); for parameters use deepspeed_config.json "
        "(offload_param).");
  }
  if (s.training.optimizer == Optimizer::adamw) {
    c.push_back("adamw: Megatron's adam is AdamW (decoupled --weight-decay).");
  }
  return c;
}

std::string megatron_args_sh(const Scenario& s) {
  return megatron_args_sh(s, launch_plan(s));
}

std::string megatron_args_sh(const Scenario& s, const LaunchPlan& plan) {
  std::vector<std::string> head = {
      "Megatron-LM pretrain_gpt.py arguments, written by windtunnel for scenario \"" + s.name +
          "\"",
      plan.headline,
      "Source it (torchrun.sh and slurm.sbatch do): it defines MEGATRON_ARGS.",
      "Placeholders the scenario does not know are FILL_ME_...: set them in the environment or "
      "edit them below.",
      "Not set here: learning-rate schedule, weight decay, logging, evaluation, attention dropout "
      "and --rotary-base (the scenario does not know them; Megatron's default base is 10000, "
      "Llama 3 uses 500000): add your own.",
      std::string(s.model.gated_mlp
                      ? "Gated MLP: the Llama convention the simulator counts (rotary positions, "
                        "RMSNorm, SwiGLU, no linear biases)."
                      : "Two-matrix MLP: the GPT convention the simulator counts (learned absolute "
                        "positions, LayerNorm, linear biases).")};
  for (const std::string& c : megatron_caveats(s))
    head.push_back("Note: " + c);
  std::string out = "#!/usr/bin/env bash\n" + comment_block(head) + "\n" + placeholder_lines(plan);
  out += kRequireFilled;
  out += "\nMEGATRON_ARGS=(\n";
  for (const CliArg& a : megatron_arguments(s, plan))
    out += "  " + shell_arg(a) + "\n";
  return out + ")\n";
}

}  // namespace wt
