#pragma once
// The two failures that only a GPU run can have, mapped to the exit codes no_gpu and
// library_failure of the project's one list (core/exit_code.hpp, docs/calibration.md).
#include <stdexcept>
#include <string>

#include "core/exit_code.hpp"

namespace wt::calibrate {

using wt::ExitCode;
using wt::to_int;

// No usable GPU: the CUDA runtime found no driver or no device. The message is the runtime's.
class GpuUnavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A CUDA, cuBLASLt or NCCL call failed after the GPU was found; the message names the call.
class GpuFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace wt::calibrate
