// The reliability block's exclusive pairs: a whole-cluster figure replaces the model behind it, so
// setting both would leave one of them unread (docs/models.md, "Time to train and failures").
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "sim/scenario/validate_rules.hpp"

namespace wt {
namespace {

// The per-cause fields that differ from their defaults, by name.
std::vector<std::string> set_failure_fields(const FailureCauses& f) {
  const FailureCauses d;
  const std::vector<std::pair<const char*, std::pair<const FailureCause*, const FailureCause*>>>
      causes = {{"gpu", {&f.gpu, &d.gpu}},    {"hbm", {&f.hbm, &d.hbm}},
                {"nic", {&f.nic, &d.nic}},    {"network", {&f.network, &d.network}},
                {"host", {&f.host, &d.host}}, {"software", {&f.software, &d.software}}};
  std::vector<std::string> out;
  for (const auto& [name, pair] : causes) {
    const std::string at = std::string("reliability.failures.") + name;
    if (pair.first->mtbf_hours != pair.second->mtbf_hours) out.push_back(at + ".mtbf_hours");
    if (pair.first->restart_s != pair.second->restart_s) out.push_back(at + ".restart_s");
  }
  return out;
}

}  // namespace

void check_reliability(const Scenario& s) {
  const ReliabilityConfig& r = s.reliability;
  const ReliabilityConfig d;
  if (r.gpu_mtbf_hours >= 0.0) {
    if (const std::vector<std::string> set = set_failure_fields(r.failures); !set.empty()) {
      throw InputError(
          "reliability.gpu_mtbf_hours",
          "replaces the per-cause failure rates, so it cannot be set with " + set.front(), "",
          "one of the two: gpu_mtbf_hours alone, or reliability.failures.*");
    }
  }
  if (r.checkpoint_write_s >= 0.0) {
    for (const auto& [path, differs] :
         {std::pair{"reliability.storage_GBps", r.storage_GBps != d.storage_GBps},
          std::pair{"reliability.storage_node_GBps", r.storage_node_GBps != d.storage_node_GBps}}) {
      if (differs) {
        throw InputError(
            "reliability.checkpoint_write_s",
            std::string("replaces the storage model, so it cannot be set with ") + path, "",
            "one of the two: checkpoint_write_s alone, or the storage bandwidths");
      }
    }
  }
  if (r.checkpoint_target == CheckpointTarget::peer_memory) {
    if (r.peer_replicas > s.cluster.num_nodes) {
      throw InputError("reliability.peer_replicas",
                       "needs as many nodes: each copy of a node's shard is on another node "
                       "(cluster.num_nodes is " +
                           std::to_string(s.cluster.num_nodes) + ")",
                       std::to_string(r.peer_replicas),
                       "2 .. " + std::to_string(s.cluster.num_nodes) +
                           ", or reliability.checkpoint_target storage");
    }
    if (r.checkpoint_write_s >= 0.0) {
      throw InputError("reliability.checkpoint_write_s",
                       "replaces the storage model; peer_memory checkpoints are timed from the "
                       "host link and the NICs",
                       std::to_string(r.checkpoint_write_s),
                       "unset, or reliability.checkpoint_target storage");
    }
  }
}

}  // namespace wt
