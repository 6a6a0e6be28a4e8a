#pragma once
// `windtunnel-calibrate` without a subcommand: measure this host's GPUs section by section and
// assemble the calibration profile (docs/calibration.md, "Profile format").
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "calibrate/gpu_api.hpp"
#include "calibrate/sections.hpp"
#include "calibrate/sweep.hpp"
#include "sim/hardware/calibration_profile.hpp"

namespace wt::calibrate {

struct MeasureOptions {
  std::string out = "calibration-profile.json";
  bool quick = false;
  SectionSet sections = all_sections();
  uint64_t max_bytes = 4 * kGiB;  // largest buffer of the memory, h2d and NCCL ladders
  int reps = 0;                   // timed repetitions; 0 = 10 (5 with --quick)
  std::string command_line;
};

// Checks what can be checked before touching the GPU (the output folder exists, counts are
// positive); throws InputError naming the option.
void check_measure_options(const MeasureOptions& o);

// What each section works with.
struct SectionContext {
  const MeasureOptions& options;
  const std::vector<gpu::Device>& devices;
  gpu::Bench& bench;
  CalibrationProfile& profile;
  std::ostream& log;  // progress lines (stderr)
  Repeat repeat() const;
};

void measure_gemm(SectionContext& c);
void measure_memory(SectionContext& c);     // copy and rmw
void measure_attention(SectionContext& c);  // bmm_softmax and cuDNN fused forward
void measure_h2d(SectionContext& c);        // pinned h2d and d2h
void measure_nccl(SectionContext& c);

// The short table each section prints when it is done (stdout).
std::string section_table(Section s, const CalibrationProfile& p);

Provenance provenance_of(const std::vector<gpu::Device>& devices, const gpu::Versions& v,
                         const std::string& command_line);

// Runs the chosen sections on the visible GPUs, printing each section's table to `out` and
// progress to `log`. Throws GpuUnavailable without a GPU and GpuFailure when a call fails.
CalibrationProfile measure_host(const MeasureOptions& o, std::ostream& out, std::ostream& log);

}  // namespace wt::calibrate
