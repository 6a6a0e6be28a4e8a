#pragma once
#include <span>
// A timed iteration, whichever engine timed it: its length, where the critical stage's compute
// stream spent it, and what each GPU sent per parallel dimension. sim/report/assemble_result turns
// it into a RunResult.
#include "sim/engine/timeline.hpp"
#include "sim/workload/program.hpp"

namespace wt {

struct Breakdown {
  double compute = 0.0, exposed_comm = 0.0, pipeline_bubble = 0.0, optimizer = 0.0, other = 0.0;
};

// Exposed communication (seconds on the critical stage) by the parallel dimension it serves.
struct ExposedComm {
  double tp = 0.0, pp = 0.0, dp = 0.0, cp = 0.0, ep = 0.0;
};

struct CommVolume {
  double tp = 0.0, pp = 0.0, dp = 0.0, cp = 0.0, ep = 0.0;  // bytes sent per GPU per iteration
};

// One pipeline stage's compute stream: where it spent the iteration, and how long it was busy
// (computing, or in communication it could not hide), bubble and idle tail apart.
struct StageLoad {
  int stage = 0;
  Breakdown breakdown_s;
  ExposedComm exposed_comm_by_dim_s;
  double busy_s() const {
    return breakdown_s.compute + breakdown_s.exposed_comm + breakdown_s.optimizer;
  }
};

// The busiest of the stages whose compute streams were busy `busy_s` (in stage order): the
// critical stage when it is within a millionth of the most (two engines' sums differ in their last
// digits), else the first stage that is.
int busiest_stage(std::span<const double> busy_s, int critical_stage);

struct TimedIteration {
  double iteration_s = 0.0;
  int critical_stage = 0;  // the stage that finishes last, whose split the breakdown is
  Breakdown breakdown_s;   // on the critical stage
  ExposedComm exposed_comm_by_dim_s;
  // Of breakdown_s.compute: what the critical stage's layers lost to collectives running beside
  // them (the TP overlap's transfers, tp_overlap.hpp; the side streams', side_streams.hpp).
  double compute_beside_comm_s = 0.0;
  StageLoad busiest;  // the stage whose compute stream was busiest (the critical one on a tie)
  CommVolume comm_volume_bytes_per_gpu;  // per dimension, the most any GPU sends
};

// The split of an engine's timeline of `w` (the walk's or SimGrid's): the critical role's compute
// stream, its waits charged to what they waited for, and the busiest GPU's bytes per dimension.
TimedIteration time_split(const Workload& w, const Timeline& t);

}  // namespace wt
