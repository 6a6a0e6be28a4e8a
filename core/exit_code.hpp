#pragma once
// Exit codes of every Windtunnel program (docs/cli.md, docs/calibration.md): `windtunnel`,
// `windtunnel-gui` and `windtunnel-calibrate` share them.
namespace wt {

enum class ExitCode : int {
  ok = 0,
  internal_error = 1,  // a bug: any exception other than bad input
  bad_input = 2,       // wt::InputError, a missing file, a command-line error, an unwritable output
  infeasible = 3,      // the run is well-formed but does not fit in memory
  no_gpu = 4,          // windtunnel-calibrate: no usable GPU (no driver, no device)
  library_failure = 5,  // windtunnel-calibrate: a CUDA, cuBLASLt or NCCL call failed
  interrupted = 130,    // 128 + SIGINT, as shells report it (also for SIGTERM)
};

inline int to_int(ExitCode c) {
  return static_cast<int>(c);
}

}  // namespace wt
