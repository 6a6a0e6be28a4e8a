#include "planner/emit/launch_plan.hpp"
#include "planner/emit/launch_scripts.hpp"
#include "planner/emit/megatron_args.hpp"
#include "planner/emit/shell_text.hpp"

namespace wt {
namespace {

constexpr const char* kImage = "FILL_ME_container_image";

std::string list_item(const std::string& indent, const std::string& text) {
  return indent + "- " + yaml_quoted(text) + "\n";
}

// torchrun's arguments, then the script and Megatron's, with placeholders as $(VAR), which
// Kubernetes expands from the container's environment.
std::string args_block(const Scenario& s, const LaunchPlan& plan, const std::string& indent) {
  std::string out;
  const std::vector<std::string> torchrun = {"--nnodes",
                                             std::to_string(plan.num_nodes),
                                             "--nproc-per-node",
                                             std::to_string(plan.gpus_per_node),
                                             "--node-rank",
                                             "$(RANK)",
                                             "--master-addr",
                                             "$(MASTER_ADDR)",
                                             "--master-port",
                                             "$(MASTER_PORT)",
                                             "$(MEGATRON_DIR)/pretrain_gpt.py"};
  for (const std::string& word : torchrun)
    out += list_item(indent, word);
  for (const CliArg& a : megatron_arguments(s, plan)) {
    out += list_item(indent, a.flag);
    if (!a.value.empty()) out += list_item(indent, a.variable ? "$(" + a.value + ")" : a.value);
  }
  return out;
}

std::string env_block(const LaunchPlan& plan, const std::string& indent) {
  std::string out = indent + "- name: CUDA_DEVICE_MAX_CONNECTIONS\n" + indent + "  value: \"1\"\n";
  for (const Placeholder& p : plan_placeholders(plan)) {
    out += indent + "- name: " + p.variable + "\n" + indent + "  value: " + yaml_quoted(p.fill_me) +
           "\n";
  }
  return out;
}

std::string replica_spec(const Scenario& s, const LaunchPlan& plan, const std::string& role,
                         int replicas) {
  const std::string c = "            ";  // the container's keys
  std::string out = "    " + role + ":\n";
  out += "      replicas: " + std::to_string(replicas) + "\n";
  out += "      restartPolicy: OnFailure\n";
  out += "      template:\n        spec:\n          containers:\n";
  out += "          - name: pytorch\n";
  out += c + "image: " + yaml_quoted(kImage) + "\n";
  out += c + "command:\n" + list_item(c + "  ", "torchrun");
  out += c + "args:\n" + args_block(s, plan, c + "  ");
  out += c + "env:\n" + env_block(plan, c + "  ");
  out += c + "resources:\n" + c + "  limits:\n";
  out += c + "    nvidia.com/gpu: " + std::to_string(plan.gpus_per_node) + "\n";
  out += c + "volumeMounts:\n" + c + "  - name: dshm\n" + c + "    mountPath: /dev/shm\n";
  out += "          volumes:\n          - name: dshm\n            emptyDir:\n";
  out += "              medium: Memory\n";
  return out;
}

}  // namespace

std::string pytorchjob_yaml(const Scenario& s) {
  return pytorchjob_yaml(s, launch_plan(s));
}

std::string pytorchjob_yaml(const Scenario& s, const LaunchPlan& plan) {
  std::string out = comment_block(
      {"Kubeflow PyTorchJob for scenario \"" + s.name + "\", written by windtunnel", plan.headline,
       "One pod per node: a Master and " + std::to_string(plan.num_nodes - 1) +
           " Worker(s), each with " + std::to_string(plan.gpus_per_node) + " GPUs.",
       "The training operator sets MASTER_ADDR, MASTER_PORT and RANK (the pod's node rank).",
       "Placeholders: the image and the FILL_ME_... environment values; mount your data and",
       "checkpoint volumes where DATA_PATH and CHECKPOINT_DIR point."});
  out += "apiVersion: kubeflow.org/v1\nkind: PyTorchJob\nmetadata:\n";
  out += "  name: " + yaml_quoted(plan.job_name) + "\nspec:\n  pytorchReplicaSpecs:\n";
  out += replica_spec(s, plan, "Master", 1);
  if (plan.num_nodes > 1) out += replica_spec(s, plan, "Worker", plan.num_nodes - 1);
  return out;
}

}  // namespace wt
