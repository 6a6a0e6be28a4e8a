#include "planner/emit/launch_plan.hpp"
#include "planner/emit/launch_scripts.hpp"
#include "planner/emit/shell_text.hpp"

namespace wt {

std::string slurm_sbatch(const Scenario& s) {
  return slurm_sbatch(s, launch_plan(s));
}

std::string slurm_sbatch(const Scenario& s, const LaunchPlan& plan) {
  std::string out = "#!/bin/bash\n";
  out += "#SBATCH --job-name=" + plan.job_name + "\n";
  out += "#SBATCH --nodes=" + std::to_string(plan.num_nodes) + "\n";
  out += "#SBATCH --ntasks-per-node=1\n";
  out += "#SBATCH --gpus-per-node=" + std::to_string(plan.gpus_per_node) + "\n";
  out += "#SBATCH --exclusive\n";
  out += "#SBATCH --output=%x-%j.out\n";
  out += comment_block(
      {"Slurm batch script for scenario \"" + s.name + "\", written by windtunnel", plan.headline,
       "Submit it from this folder: sbatch slurm.sbatch. One torchrun per node starts " +
           std::to_string(plan.gpus_per_node) + " ranks.",
       "Not set here: --time, --partition, --account, container options: add your site's."});
  out += "set -euo pipefail\n";
  out += "source \"${SLURM_SUBMIT_DIR}/megatron_args.sh\"\nrequire_filled\n\n";
  out += "MASTER_ADDR=\"$(scontrol show hostnames \"${SLURM_JOB_NODELIST}\" | head -n 1)\"\n";
  out += "MASTER_PORT=" + std::to_string(kRendezvousPort) + "\n\n";
  return out + "srun " +
         torchrun_command(plan, "\"${MASTER_ADDR}:${MASTER_PORT}\"", "\"${SLURM_JOB_ID}\"");
}

}  // namespace wt
