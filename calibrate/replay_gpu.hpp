#pragma once
// The GPU side of `windtunnel-calibrate replay`: each planned kernel run for real once (warm-up and
// repetitions, median), then the comparison printed as a table or JSON.
#include <iosfwd>
#include <vector>

#include "calibrate/gpu_api.hpp"
#include "calibrate/replay_prepare.hpp"

namespace wt::calibrate {

// GEMMs with cuBLASLt at the scenario's precision (fp8 dimensions padded to multiples of 16),
// attention with bmm_softmax (the backward pass when the kernel has twice the forward FLOPs),
// memory-bound and optimizer kernels with the read-modify-write kernel moving the kernel's bytes.
std::vector<KernelMeasurement> measure_plan(gpu::Bench& bench, const ReplayPlan& plan,
                                            Precision precision, const Repeat& r,
                                            std::ostream& log);

// prepare_replay, then the GPU: prints the result to `out`. Returns the exit code (0).
int replay_command(const ReplayOptions& o, std::ostream& out, std::ostream& log);

}  // namespace wt::calibrate
