#pragma once
// Shared-cluster scenarios (docs/scenario.md, "Shared clusters"): several training jobs on one
// cluster, each on its own nodes. A file with a top-level "jobs" array; each job is an ordinary
// scenario (its own model, training and parallel sections, or a scenario file it names) on the
// shared cluster cut to its nodes. Every job is parsed and validated exactly as a one-job file,
// its errors prefixed with jobs[i]; placements are checked for overlap and for room.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/scenario/scenario.hpp"

namespace wt {

struct SharedJob {
  std::string name;
  // The job alone: the shared cluster with num_nodes = nodes.size(), so that parallel.data,
  // batches and the GPUs' speed spread follow the job's own size.
  Scenario scenario;
  // Shared-cluster node of each of the job's nodes, in rank order: rank r runs on GPU
  // nodes[r / gpus_per_node] · gpus_per_node + r mod gpus_per_node.
  std::vector<int> nodes;
  std::string placement;  // "nodes" (a list in the file), "packed" or "spread"
};

struct SharedCluster {
  std::string name;
  ClusterConfig cluster;  // the whole cluster
  int steps = 3;          // training steps each job runs, together and alone
  std::vector<SharedJob> jobs;
};

inline constexpr int kDefaultSharedSteps = 3;
inline constexpr int kMaxSharedSteps = 20;
inline constexpr int kMaxSharedJobs = 64;

// Whether a document is a shared-cluster scenario (an object with "jobs").
bool is_shared_cluster(const nlohmann::json& doc);

SharedCluster load_shared_cluster_file(const std::string& path);
SharedCluster parse_shared_cluster(const nlohmann::json& doc, const std::string& base_dir,
                                   const std::string& default_name = "shared-cluster");

// The topology GPU of each rank of `job` on the shared cluster.
std::vector<int32_t> gpus_of(const SharedJob& job, int gpus_per_node);

}  // namespace wt
