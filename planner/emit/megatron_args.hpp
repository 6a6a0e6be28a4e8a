#pragma once
// Megatron-LM pretrain_gpt.py arguments for a scenario (flag spellings as in
// megatron/training/arguments.py), and megatron_args.sh, the bash file that holds them.
#include <string>
#include <vector>

#include "planner/emit/shell_text.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// Layout, batch, model shape, precision, recompute, optimizer sharding, overlap, iterations, then
// the placeholders (data, tokenizer, checkpoints, learning rate) as variables.
std::vector<CliArg> megatron_arguments(const Scenario& s);

// What the arguments cannot say exactly (e.g. Megatron has no GPipe schedule): one line each.
std::vector<std::string> megatron_caveats(const Scenario& s);

// megatron_args.sh: placeholder variables with FILL_ME defaults, the MEGATRON_ARGS bash array and
// `require_filled`, which refuses to launch while a placeholder is still FILL_ME.
std::string megatron_args_sh(const Scenario& s);

}  // namespace wt
