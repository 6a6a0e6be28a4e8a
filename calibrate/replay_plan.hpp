#pragma once
// What `windtunnel-calibrate replay` runs: the compute kernels of one rank's program for one
// iteration, each distinct kernel once with the number of times the iteration executes it.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/workload/program.hpp"

namespace wt::calibrate {

inline constexpr std::array<KernelClass, 4> kKernelClasses{
    KernelClass::gemm, KernelClass::attention, KernelClass::memory_bound, KernelClass::optimizer};
const char* to_string(KernelClass c);

struct ReplayKernel {
  Kernel kernel;                   // shape, class, FLOPs, bytes and predicted time of one run
  int64_t executions = 0;          // runs in one iteration of the rank
  std::vector<std::string> names;  // every kernel name with this shape, e.g. qkv_dgrad, qkv_wgrad
  double predicted_s() const { return kernel.time_s * static_cast<double>(executions); }
};

struct ReplayPlan {
  int rank = 0;
  int role = 0;             // the pipeline stage whose program the rank runs
  int64_t compute_ops = 0;  // compute ops of that program with a kernel list
  std::vector<ReplayKernel> kernels;
  double predicted_s() const;
};

// Kernels are the same when class, shape, FLOPs and bytes agree (their predicted time then agrees
// too); they come in the order of the workload's kernel lists. Throws InputError naming `--rank`
// when the rank is not one of the workload's GPUs.
ReplayPlan plan_replay(const Workload& w, int rank);

}  // namespace wt::calibrate
