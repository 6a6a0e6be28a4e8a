#pragma once
// Measured against predicted: the replay's result per kernel, per op class and in total, as a
// terminal table and as JSON.
#include <array>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calibrate/replay_plan.hpp"

namespace wt::calibrate {

struct KernelMeasurement {
  double once_s = 0.0;  // median time of one run on the GPU
  std::string note;     // how it was run when that differs from the kernel as written
};

struct ClassTimes {
  int64_t kernels = 0;     // distinct kernels
  int64_t executions = 0;  // runs in one iteration
  double predicted_s = 0.0;
  double measured_s = 0.0;
  // (predicted − measured) / measured in percent; 0 when nothing was measured.
  double error_pct() const;
};

struct ReplayContext {
  std::string scenario;
  std::string precision;
  std::string predicted_gpu;  // the scenario's catalog GPU
  std::string measured_gpu;   // the device name and its closest catalog id
  int num_ranks = 0;
  int num_roles = 0;
};

struct ReplayResult {
  ReplayContext context;
  ReplayPlan plan;
  std::vector<KernelMeasurement> measured;  // one per plan.kernels entry
  std::array<ClassTimes, kKernelClasses.size()> by_class{};
  ClassTimes total;
};

// Adds up per class and in total. Throws std::invalid_argument when `measured` does not have one
// entry per kernel of the plan.
ReplayResult summarize_replay(ReplayContext context, ReplayPlan plan,
                              std::vector<KernelMeasurement> measured);

std::string replay_text(const ReplayResult& r);
nlohmann::json replay_json(const ReplayResult& r);

}  // namespace wt::calibrate
