#include "planner/emit/emit.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "planner/emit/deepspeed_config.hpp"
#include "planner/emit/launch_scripts.hpp"
#include "planner/emit/megatron_args.hpp"

namespace wt {

std::string why_no_launch_files(const Scenario& s) {
  if (s.parallel.data_sync != DataSync::allreduce) {
    return std::string(
               "the launch files (Megatron-LM, DeepSpeed, torchrun, Slurm, PyTorchJob) "
               "combine gradients with NCCL all-reduce; parallel.data_sync ") +
           to_string(s.parallel.data_sync) +
           " needs a parameter-server framework (BytePS, MXNet kvstore), whose scripts they do "
           "not write";
  }
  if (s.model.is_layer_list()) {
    return "the launch files (Megatron-LM, DeepSpeed, torchrun, Slurm, PyTorchJob) train "
           "transformers; a layer-list model (a convolutional network) has none yet";
  }
  if (s.training.finetune.method == FinetuneMethod::full) return "";
  return std::string(
             "the launch files (Megatron-LM, DeepSpeed, torchrun, Slurm, PyTorchJob) train "
             "the whole model; a ") +
         to_string(s.training.finetune.method) +
         " fine-tune runs with Hugging Face PEFT, whose scripts they do not write";
}

void require_launch_files(const Scenario& s) {
  const std::string why = why_no_launch_files(s);
  if (why.empty()) return;
  if (s.parallel.data_sync != DataSync::allreduce) {
    throw InputError("parallel.data_sync", why, to_string(s.parallel.data_sync),
                     "allreduce, or leave out --emit");
  }
  if (s.model.is_layer_list()) {
    throw InputError("model.layers", why, "a layer list", "a transformer, or leave out --emit");
  }
  throw InputError("training.finetune.method", why, to_string(s.training.finetune.method),
                   "full, or leave out --emit");
}

std::vector<LaunchFile> launch_files(const Scenario& s) {
  require_launch_files(s);
  const LaunchPlan plan = launch_plan(s);  // once: it times the run for the checkpoint interval
  return {{"megatron_args.sh", megatron_args_sh(s, plan), true},
          {"deepspeed_config.json", deepspeed_config(s).dump(2) + "\n", false},
          {"torchrun.sh", torchrun_sh(s, plan), true},
          {"slurm.sbatch", slurm_sbatch(s, plan), true},
          {"pytorchjob.yaml", pytorchjob_yaml(s, plan), false}};
}

void emit_launch_configs(const Scenario& s, const std::filesystem::path& dir) {
  require_launch_files(s);
  ensure_directory(dir, "--emit");
  for (const LaunchFile& f : launch_files(s)) {
    write_file_atomically(dir / f.name, f.text, "--emit", f.executable);
  }
}

}  // namespace wt
