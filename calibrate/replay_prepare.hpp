#pragma once
// The part of `windtunnel-calibrate replay` that needs no GPU: load the scenario, simulate it, and
// plan the rank's kernels. All input errors surface here, before the GPU is touched.
#include <string>
#include <vector>

#include "calibrate/replay_report.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt::calibrate {

struct ReplayOptions {
  std::string scenario;
  int rank = 0;
  std::vector<std::string> sets;  // --set dotted.path=value
  std::string profile;            // --profile: the scenario's calibration; "" = none
  bool json = false;
  int reps = 0;  // timed repetitions per kernel; 0 = 10
};

struct PreparedReplay {
  Precision precision = Precision::bf16;
  std::string catalog_gpu;  // the scenario's cluster.gpu
  ReplayContext context;    // measured_gpu is left for the GPU side
  ReplayPlan plan;
};

// Throws InputError for a missing scenario or profile file, an invalid scenario or --set, and a
// rank outside the scenario.
PreparedReplay prepare_replay(const ReplayOptions& o);

}  // namespace wt::calibrate
