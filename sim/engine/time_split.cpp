// Where an engine's timeline of a workload spent the iteration (time_split.hpp).
#include "sim/engine/time_split.hpp"

#include <algorithm>

namespace wt {
namespace {

double& share_of(ExposedComm& e, CommDim d) {
  switch (d) {
    case CommDim::tp:
      return e.tp;
    case CommDim::cp:
      return e.cp;
    case CommDim::ep:
      return e.ep;
    case CommDim::dp:
    case CommDim::edp:
      return e.dp;
    case CommDim::pp:
    case CommDim::none:
      break;
  }
  return e.pp;
}

// Charges a compute-stream wait to what it waited for: a receive's to the pipeline; otherwise
// the ops on the stream of the dependency that ended the wait, each for the stretch it ran (a
// gradient reduction, then the tied-embedding sync queued behind it), and any rest to that
// dependency.
void charge_wait(const Program& program, const RoleTimeline& timing, const Op& op,
                 const OpTiming& waiting, ExposedComm& e) {
  if (op.kind == OpKind::recv) {
    e.pp += waiting.wait_comm_s;
    return;
  }
  int32_t last = -1;
  for (int32_t dep : op.deps) {
    if (dep >= 0 && (last < 0 || timing.ops[dep].end_s > timing.ops[last].end_s)) last = dep;
  }
  if (last < 0) {
    e.dp += waiting.wait_comm_s;
    return;
  }
  const double from_s = waiting.start_s - waiting.wait_comm_s;
  double charged = 0.0;
  for (int32_t i = last; i >= 0; --i) {
    if (program.ops[i].stream != program.ops[last].stream) continue;
    const OpTiming& t = timing.ops[i];
    if (t.end_s <= from_s) break;
    const double ran = std::min(t.end_s, waiting.start_s) - std::max(t.start_s, from_s);
    if (ran <= 0.0) continue;
    share_of(e, program.ops[i].dim) += ran;
    charged += ran;
  }
  if (waiting.wait_comm_s > charged)
    share_of(e, program.ops[last].dim) += waiting.wait_comm_s - charged;
}

// Where one role's (pipeline stage's) compute stream spent the iteration.
StageLoad compute_stream_split(const Workload& w, const Timeline& t, int role) {
  const Program& program = w.programs[role];
  const RoleTimeline& timing = t.roles[role];
  StageLoad split{role, {}, {}};
  Breakdown& b = split.breakdown_s;
  for (size_t i = 0; i < program.ops.size(); ++i) {
    const Op& op = program.ops[i];
    if (op.stream != Stream::compute) continue;
    const OpTiming& ot = timing.ops[i];
    b.pipeline_bubble += ot.wait_bubble_s;
    b.exposed_comm += ot.wait_comm_s;
    charge_wait(program, timing, op, ot, split.exposed_comm_by_dim_s);
    const double busy = ot.end_s - ot.start_s;
    if (op.kind == OpKind::compute) {
      (op.phase == Phase::optimizer ? b.optimizer : b.compute) += busy;
    } else {
      b.exposed_comm += busy;
      share_of(split.exposed_comm_by_dim_s, op.dim) += busy;
    }
  }
  b.other =
      std::max(0.0, t.iteration_s - (b.compute + b.exposed_comm + b.pipeline_bubble + b.optimizer));
  return split;
}

// What role `role`'s compute ops lost to collectives beside them, as they ran (an engine that
// stretches an op, SimGrid's async stragglers, stretches its loss alike).
double beside_comm_s(const Workload& w, const Timeline& t, int role) {
  const Program& program = w.programs[role];
  double sum = 0.0;
  for (size_t i = 0; i < program.ops.size(); ++i) {
    const Op& op = program.ops[i];
    if (op.kind != OpKind::compute || op.beside_comm_s <= 0.0 || op.duration_s <= 0.0) continue;
    const OpTiming& ot = t.roles[role].ops[i];
    sum += op.beside_comm_s * (ot.end_s - ot.start_s) / op.duration_s;
  }
  return sum;
}

// The critical role's split, and the busiest role's.
TimedIteration compute_stream_split(const Workload& w, const Timeline& t) {
  std::vector<StageLoad> loads;
  std::vector<double> busy;
  for (int role = 0; role < static_cast<int>(w.programs.size()); ++role) {
    loads.push_back(compute_stream_split(w, t, role));
    busy.push_back(loads.back().busy_s());
  }
  const StageLoad& critical = loads[t.critical_role];
  TimedIteration split;
  split.critical_stage = t.critical_role;
  split.breakdown_s = critical.breakdown_s;
  split.exposed_comm_by_dim_s = critical.exposed_comm_by_dim_s;
  split.compute_beside_comm_s = beside_comm_s(w, t, t.critical_role);
  split.busiest = loads[busiest_stage(busy, t.critical_role)];
  return split;
}

CommVolume comm_volume_of(const Workload& w) {
  CommVolume most;
  for (const Program& program : w.programs) {
    CommVolume v;
    for (const Op& op : program.ops) {
      switch (op.dim) {
        case CommDim::tp:
          v.tp += op.bytes_sent;
          break;
        case CommDim::pp:
          v.pp += op.bytes_sent;
          break;
        case CommDim::dp:
        case CommDim::edp:
          v.dp += op.bytes_sent;
          break;
        case CommDim::cp:
          v.cp += op.bytes_sent;
          break;
        case CommDim::ep:
          v.ep += op.bytes_sent;
          break;
        case CommDim::none:
          break;
      }
    }
    most.tp = std::max(most.tp, v.tp);
    most.pp = std::max(most.pp, v.pp);
    most.dp = std::max(most.dp, v.dp);
    most.cp = std::max(most.cp, v.cp);
    most.ep = std::max(most.ep, v.ep);
  }
  return most;
}

}  // namespace

int busiest_stage(std::span<const double> busy_s, int critical_stage) {
  double most = 0.0;
  for (const double b : busy_s)
    most = std::max(most, b);
  const double near = most * (1.0 - 1e-6);
  if (busy_s[critical_stage] >= near) return critical_stage;
  for (size_t st = 0; st < busy_s.size(); ++st) {
    if (busy_s[st] >= near) return static_cast<int>(st);
  }
  return critical_stage;
}

TimedIteration time_split(const Workload& w, const Timeline& t) {
  TimedIteration split = compute_stream_split(w, t);
  split.iteration_s = t.iteration_s;
  split.comm_volume_bytes_per_gpu = comm_volume_of(w);
  return split;
}

}  // namespace wt
