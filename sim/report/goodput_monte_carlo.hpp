#pragma once
// A seeded Monte Carlo of a whole training run under failures (docs/models.md, "Time to train and
// failures"): the time-to-train distribution behind the Young/Daly expectation.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sim/report/failure_sources.hpp"
#include "sim/report/histogram.hpp"

namespace wt {

struct GoodputInputs {
  double work_s = 0.0;      // failure-free time to train, T0
  double interval_s = 0.0;  // work between checkpoints, τ (0: continuous, free checkpoints)
  double blocking_s = 0.0;  // training stopped per checkpoint
  double lag_s = 0.0;       // from the end of the block to the checkpoint being durable (async)
  std::vector<FailureSource> failures;
  int runs = 0;
  uint64_t seed = 1;
  // Expected interruptions of one run (closed form): sizes the guard against runaway runs.
  double expected_interruptions = 0.0;
  // Restart policy for failures that take a node out (FailureSource::takes_node): the node is
  // repaired or replaced in repair_s. Waiting for a spare (fewer_replicas false): with
  // spare_nodes < 0 a spare is always at hand; otherwise, when more nodes are out than spares,
  // the restart also waits for the earliest repairs. Continuing with fewer replicas: the job
  // restarts at once without the replicas_per_node data-parallel replicas (of `replicas`) of each
  // node out, taking slowdown(missing) wall time per unit of work, and when a node is back it
  // rejoins with a planned restart (a checkpoint block, then the restart), losing no work. With
  // every replica out the job waits for repairs instead.
  bool fewer_replicas = false;
  int spare_nodes = -1;
  double repair_s = 0.0;
  int replicas = 1;
  int replicas_per_node = 1;
  double rejoin_restart_s = 0.0;
  // Wall time per unit of work with `missing` (1 .. replicas − 1) replicas out, relative to all of
  // them: the smaller layout re-timed (sim/run_fewer_replicas.hpp). Asked once per count a run
  // reaches. Empty: proportional, replicas / (replicas − missing).
  std::function<double(int missing)> slowdown;
};

struct GoodputStats {
  int runs = 0;  // 0: not run (why_not says why)
  std::string why_not;
  double mean_time_s = 0.0;
  double stderr_time_s = 0.0;  // standard error of the mean
  double p50_time_s = 0.0;     // nearest rank: the ⌈q·N⌉-th smallest
  double p90_time_s = 0.0;
  double mean_interruptions = 0.0;
  double ettr = 0.0;  // work_s / mean_time_s
  // Of the runs' ETTR (work_s / the run's time), kEttrHistogramBins bins from the lowest to the
  // highest; empty when not run.
  Histogram ettr_histogram;
};

inline constexpr int kEttrHistogramBins = 20;

// Each run: failures arrive as the superposition of the sources' Poisson processes (rate Σλ, the
// cause drawn in proportion to its λ) over wall time, restarts included. The job alternates τ of
// work and a block of C; checkpoint j becomes durable lag_s after its block ends. A failure rolls
// back to the last durable checkpoint and costs the cause's restart (and any wait for a node); a
// failure during a restart starts the restart again. Run i draws from its own stream (seed, i), so
// figures do not depend on the order runs are simulated in.
GoodputStats simulate_goodput(const GoodputInputs& in);

// One 64-bit step of SplitMix64 (Steele, Lea and Flood, OOPSLA 2014): the generator of the runs.
uint64_t splitmix64(uint64_t& state);

}  // namespace wt
