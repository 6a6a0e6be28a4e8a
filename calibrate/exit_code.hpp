#pragma once
// Exit codes of `windtunnel-calibrate` (docs/calibration.md) and the two failures that only a GPU
// run can have.
#include <stdexcept>
#include <string>

namespace wt::calibrate {

enum class ExitCode : int {
  ok = 0,
  internal_error = 1,   // a bug: any other exception
  bad_input = 2,        // wt::InputError, a command-line error
  no_gpu = 4,           // no usable GPU (no driver, no device)
  library_failure = 5,  // a CUDA, cuBLASLt or NCCL call failed while measuring
};

inline int to_int(ExitCode c) {
  return static_cast<int>(c);
}

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
