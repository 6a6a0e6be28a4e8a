#pragma once
// The serving simulation on SimGrid (docs/serving.md): an arrival actor releases the requests at
// their arrival times and a router hands each to a replica; one actor per replica runs its
// scheduler's steps (sim/engine/serving/scheduler.hpp), sleeping each step's modelled time, and
// waits on a condition variable while it has nothing to do. Runs in a forked child
// (isolated_run.hpp), as every SimGrid simulation here.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sim/engine/serving/scheduler.hpp"

namespace wt::serving {

struct StepRecord {
  int32_t replica = 0;
  int32_t prefill_tokens = 0;
  int32_t decode_seqs = 0;
  double start_s = 0.0;
  double duration_s = 0.0;
};

struct ReplicaStats {
  double busy_s = 0.0;
  double kv_block_seconds = 0.0;  // ∫ used blocks dt
  int64_t peak_kv_blocks = 0;
  int64_t steps = 0;
  int64_t preemptions = 0;
  int64_t rejected = 0;
};

struct SimulationInput {
  std::vector<Request> requests;  // by arrival time
  SchedulerLimits limits;
  int replicas = 1;
  Router router = Router::least_loaded;
  bool record_steps = false;
};

struct SimulationOutput {
  std::vector<RequestRecord> requests;
  std::vector<StepRecord> steps;
  std::vector<ReplicaStats> replicas;
  double end_s = 0.0;
};

using StepTimeFn = std::function<double(const StepWork&)>;

SimulationOutput simulate(const SimulationInput& in, const StepTimeFn& step_time_s);

}  // namespace wt::serving
