#pragma once
// What an engine produces: when each op of each role ran, and where each role's compute stream
// waited. Times are seconds from the start of the iteration.
#include <cstdint>
#include <vector>

#include "sim/workload/program.hpp"

namespace wt {

struct OpTiming {
  double start_s = 0.0;
  double end_s = 0.0;
  // Time the op's stream sat idle before this op because a dependency was not ready. On the compute
  // stream it is split: waiting for data the pipeline had not produced yet is bubble, waiting on a
  // transfer or a collective on another stream is exposed communication.
  double wait_bubble_s = 0.0;
  double wait_comm_s = 0.0;
};

struct RoleTimeline {
  std::vector<OpTiming> ops;  // parallel to Program::ops
  double end_s = 0.0;         // when the last op of the role finished
};

struct Timeline {
  std::vector<RoleTimeline> roles;
  double iteration_s = 0.0;  // max over roles
  int critical_role = 0;     // the role that finished last
};

// One interface for every engine (analytical today, SimGrid later): time a workload.
class Engine {
 public:
  virtual ~Engine() = default;
  virtual const char* name() const = 0;
  virtual Timeline run(const Workload& workload) = 0;
};

}  // namespace wt
