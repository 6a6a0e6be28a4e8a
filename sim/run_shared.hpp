#pragma once
// Shared clusters end to end (docs/engine.md, "Shared clusters"): every job of a shared-cluster
// scenario is built and costed as on its own, then timed by the SimGrid engine twice: alone on
// its nodes of the shared cluster (the other jobs absent) and together with every other job in
// one simulation. Slowdown = step time together / step time alone, so it isolates what the other
// jobs' traffic costs (placement and topology are the same in both runs).
#include <cstdint>
#include <string>
#include <vector>

#include "sim/scenario/shared_cluster.hpp"

namespace wt {

struct SharedJobResult {
  std::string name;
  int gpus = 0;
  std::vector<int> nodes;
  std::string placement;
  double alone_step_s = 0.0;     // steady step time alone (steps after the first, mean)
  double together_step_s = 0.0;  // the same, with the other jobs running
  double slowdown = 1.0;         // together / alone
};

// A directed link that carries traffic of two jobs or more.
struct SharedLinkResult {
  int32_t link = 0;
  std::string from;
  std::string to;
  std::vector<std::string> jobs;  // the jobs whose traffic crosses it
  double bytes = 0.0;             // over the whole run together
  double utilisation = 0.0;       // busy fraction of the run together, 0..1
};

struct SharedRunResult {
  std::string name;
  int steps = 0;
  double together_s = 0.0;  // simulated time of the run together (the last job's last step)
  std::vector<SharedJobResult> jobs;
  std::vector<SharedLinkResult> shared_links;  // busiest first
  int64_t flows = 0;                           // flows the run together carried
};

SharedRunResult run_shared_cluster(const SharedCluster& c);

// Steady step time from the end times of consecutive steps: the mean step after the first (the
// first also holds the jobs' aligned start), or the only step.
double steady_step_s(const std::vector<double>& step_end_s);

}  // namespace wt
