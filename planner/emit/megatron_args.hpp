#pragma once
// Megatron-LM pretrain_gpt.py arguments for a scenario (flag spellings as in
// megatron/training/arguments.py), and megatron_args.sh, the bash file that holds them.
#include <string>
#include <vector>

#include "planner/emit/launch_plan.hpp"
#include "planner/emit/shell_text.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// Layout, batch, model (megatron_model_args.hpp), precision, recompute, optimizer (clipping,
// sharding, offload, buckets, overlap), iterations, checkpoint interval, then
// the placeholders (data, tokenizer, checkpoints, learning rate) as variables.
std::vector<CliArg> megatron_arguments(const Scenario& s);
// The same for a plan already built (launch_plan(s) runs the analytical engine once).
std::vector<CliArg> megatron_arguments(const Scenario& s, const LaunchPlan& plan);

// Megatron's --clip-grad: the global-norm clipping the optimizer model assumes (docs/models.md,
// "Optimizer step"; Megatron's default, data/reference/framework-defaults.md §1). DeepSpeed's
// gradient_clipping gets the same value.
inline constexpr double kClipGradNorm = 1.0;
inline constexpr const char* kClipGrad = "1.0";

// What the arguments cannot say exactly (e.g. Megatron has no GPipe schedule): one line each.
std::vector<std::string> megatron_caveats(const Scenario& s);

// megatron_args.sh: placeholder variables with FILL_ME defaults, the MEGATRON_ARGS bash array and
// `require_filled`, which refuses to launch while a placeholder is still FILL_ME.
std::string megatron_args_sh(const Scenario& s);
std::string megatron_args_sh(const Scenario& s, const LaunchPlan& plan);

}  // namespace wt
