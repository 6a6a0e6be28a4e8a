#pragma once
// Launch configs for a scenario's layout (docs/launch.md): megatron_args.sh, deepspeed_config.json,
// torchrun.sh, slurm.sbatch and pytorchjob.yaml. Every figure in them (TP/PP/CP/EP, batch sizes,
// nodes, GPUs per node, precision, ZeRO, recompute, iterations) comes from the scenario; what it
// does not know (data, tokenizer, checkpoints, learning rate, image) is a FILL_ME placeholder.
#include <filesystem>
#include <string>
#include <vector>

#include "sim/scenario/scenario.hpp"

namespace wt {

struct LaunchFile {
  std::string name;  // file name inside the emit folder, e.g. "slurm.sbatch"
  std::string text;
  bool executable = false;  // shell scripts get the user's execute bit
};

// Why the scenario has no launch files ("" when it has): the five files train the whole model, so a
// LoRA or QLoRA fine-tune (training.finetune.method), which Hugging Face PEFT runs, has none; nor
// has a parallel.data_sync other than allreduce (their gradients go through NCCL all-reduce).
std::string why_no_launch_files(const Scenario& s);
// The same as an InputError naming the field (nothing when it has them).
void require_launch_files(const Scenario& s);

// The files, in the order they are documented (require_launch_files first).
std::vector<LaunchFile> launch_files(const Scenario& s);

// Writes launch_files(s) into `dir` (created if missing), each atomically (temp file + rename).
// A folder that cannot be created or written is an InputError naming it.
void emit_launch_configs(const Scenario& s, const std::filesystem::path& dir);

}  // namespace wt
