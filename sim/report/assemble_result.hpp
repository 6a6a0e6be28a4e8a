#pragma once
// The one place a RunResult is assembled from a timed iteration, for every engine (the walk,
// SimGrid and the `estimate` closed forms): throughput, FLOP rates, memory, time to train, cost and
// the warnings, word for word the same whichever engine timed the iteration.
#include <string>

#include "sim/engine/time_split.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/report/run_result.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workload/stage_memory.hpp"

namespace wt {

// What the engine-independent part of a result is computed from.
struct IterationWork {
  double model_flops = 0.0;     // per iteration, without recomputation
  double hardware_flops = 0.0;  // per iteration, what the GPUs execute
  PeakMemory memory;            // the stage whose GPUs need the most memory
};

// `calibration`: the scenario's profile, or null. `engine` names the engine in the result.
RunResult assemble_result(const Scenario& s, const GpuSpec& gpu, const Calibration* calibration,
                          const TimedIteration& timed, const IterationWork& work,
                          std::string engine);

}  // namespace wt
