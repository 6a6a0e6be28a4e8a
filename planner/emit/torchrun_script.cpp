#include "planner/emit/launch_plan.hpp"
#include "planner/emit/launch_scripts.hpp"
#include "planner/emit/shell_text.hpp"

namespace wt {
namespace {

std::string master_addr_line(const LaunchPlan& plan) {
  if (plan.num_nodes == 1) return "MASTER_ADDR=\"${MASTER_ADDR:-localhost}\"\n";
  return "MASTER_ADDR=\"${MASTER_ADDR:?set MASTER_ADDR to the address of the first node}\"\n";
}

}  // namespace

std::string torchrun_command(const LaunchPlan& plan, const std::string& endpoint,
                             const std::string& rendezvous_id) {
  const std::vector<std::string> words = {"torchrun",
                                          "--nnodes " + std::to_string(plan.num_nodes),
                                          "--nproc-per-node " + std::to_string(plan.gpus_per_node),
                                          "--rdzv-backend c10d",
                                          "--rdzv-endpoint " + endpoint,
                                          "--rdzv-id " + rendezvous_id,
                                          "\"${MEGATRON_DIR}/pretrain_gpt.py\"",
                                          "\"${MEGATRON_ARGS[@]}\""};
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    out += (i == 0 ? "" : "  ") + words[i] + (i + 1 < words.size() ? " \\\n" : "\n");
  }
  return out;
}

std::string torchrun_sh(const Scenario& s) {
  return torchrun_sh(s, launch_plan(s));
}

std::string torchrun_sh(const Scenario& s, const LaunchPlan& plan) {
  const std::string nodes = std::to_string(plan.num_nodes);
  std::string out = "#!/usr/bin/env bash\n";
  out += comment_block(
      {"torchrun launch for scenario \"" + s.name + "\", written by windtunnel", plan.headline,
       "Run it once on each of the " + nodes + " node(s), " + std::to_string(plan.gpus_per_node) +
           " GPUs each; every node needs the same MASTER_ADDR",
       "(the first node's address) and RDZV_ID. The c10d rendezvous assigns node ranks."});
  out += "set -euo pipefail\n";
  out += "here=\"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\"\n";
  out += "source \"${here}/megatron_args.sh\"\nrequire_filled\n\n";
  out += master_addr_line(plan);
  out += "MASTER_PORT=\"${MASTER_PORT:-" + std::to_string(kRendezvousPort) + "}\"\n";
  out += "RDZV_ID=\"${RDZV_ID:-" + plan.job_name + "}\"\n\n";
  return out + "exec " +
         torchrun_command(plan, "\"${MASTER_ADDR}:${MASTER_PORT}\"", "\"${RDZV_ID}\"");
}

}  // namespace wt
