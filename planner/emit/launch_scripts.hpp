#pragma once
// The launchers: torchrun.sh (run once per node), slurm.sbatch (srun torchrun on every node) and
// pytorchjob.yaml (Kubeflow training operator, kubeflow.org/v1 PyTorchJob).
#include <string>
#include <vector>

#include "planner/emit/launch_plan.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// Each with the scenario's launch_plan(), or with one computed once for all the files (it runs the
// analytical engine for the checkpoint interval).
std::string torchrun_sh(const Scenario& s);
std::string torchrun_sh(const Scenario& s, const LaunchPlan& plan);
std::string slurm_sbatch(const Scenario& s);
std::string slurm_sbatch(const Scenario& s, const LaunchPlan& plan);
std::string pytorchjob_yaml(const Scenario& s);
std::string pytorchjob_yaml(const Scenario& s, const LaunchPlan& plan);

// The torchrun command shared by the shell launchers, one argument per line (continued with " \"),
// with the rendezvous endpoint and id given as shell expressions.
std::string torchrun_command(const LaunchPlan& plan, const std::string& endpoint,
                             const std::string& rendezvous_id);

}  // namespace wt
