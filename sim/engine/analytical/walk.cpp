#include "sim/engine/analytical/walk.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace wt {
namespace {

struct RoleState {
  std::array<std::vector<int32_t>, kNumStreams> queue;  // op indices per stream, in order
  std::array<size_t, kNumStreams> next{};
  std::array<double, kNumStreams> free_s{};
  std::vector<bool> done;
  size_t remaining = 0;
};

RoleState make_state(const Program& program) {
  RoleState st;
  for (int32_t i = 0; i < static_cast<int32_t>(program.ops.size()); ++i) {
    st.queue[static_cast<int>(program.ops[i].stream)].push_back(i);
  }
  st.done.assign(program.ops.size(), false);
  st.remaining = program.ops.size();
  return st;
}

class Walker {
 public:
  explicit Walker(const Workload& w) : w_(w) {
    timeline_.roles.resize(w.programs.size());
    for (size_t r = 0; r < w.programs.size(); ++r) {
      states_.push_back(make_state(w.programs[r]));
      timeline_.roles[r].ops.resize(w.programs[r].ops.size());
    }
  }

  Timeline run() {
    size_t remaining = 0;
    for (const RoleState& st : states_)
      remaining += st.remaining;
    while (remaining > 0) {
      size_t progressed = 0;
      for (size_t r = 0; r < states_.size(); ++r)
        progressed += advance_role(r);
      if (progressed == 0) throw std::logic_error(deadlock_report());
      remaining -= progressed;
    }
    finish();
    return std::move(timeline_);
  }

 private:
  // Runs every op of role r that can run now; returns how many ran.
  size_t advance_role(size_t r) {
    size_t ran = 0;
    bool moved = true;
    while (moved) {
      moved = false;
      for (int stream = 0; stream < kNumStreams; ++stream) {
        while (try_run_next(r, stream)) {
          ++ran;
          moved = true;
        }
      }
    }
    return ran;
  }

  bool try_run_next(size_t r, int stream) {
    RoleState& st = states_[r];
    if (st.next[stream] >= st.queue[stream].size()) return false;
    const int32_t index = st.queue[stream][st.next[stream]];
    const Op& op = w_.programs[r].ops[index];
    double ready_s = st.free_s[stream];
    double data_ready_s = 0.0;  // when the inputs the op waits for exist
    double transfer_s = 0.0;    // of the wait, the part that is a transfer in flight
    for (int32_t dep : op.deps) {
      if (dep < 0) continue;
      if (!st.done[dep]) return false;
      data_ready_s = std::max(data_ready_s, timeline_.roles[r].ops[dep].end_s);
    }
    bool from_peer = false;
    if (op.kind == OpKind::recv) {
      const RoleState& peer = states_[op.peer_role];
      if (!peer.done[op.peer_op]) return false;
      const OpTiming& sent = timeline_.roles[op.peer_role].ops[op.peer_op];
      data_ready_s = std::max(data_ready_s, sent.end_s);
      transfer_s = sent.end_s - sent.start_s;
      from_peer = true;
    }
    OpTiming& t = timeline_.roles[r].ops[index];
    t.start_s = std::max(ready_s, data_ready_s);
    t.end_s = t.start_s + op.duration_s;
    const double wait_s = t.start_s - ready_s;
    if (stream == static_cast<int>(Stream::compute) && wait_s > 0.0) {
      // Waiting on a pipeline peer is bubble except for the transfer itself; waiting on another
      // stream of this GPU (gradient reduction, parameter gathering) is exposed communication.
      t.wait_comm_s = from_peer ? std::min(wait_s, transfer_s) : wait_s;
      t.wait_bubble_s = wait_s - t.wait_comm_s;
    }
    st.free_s[stream] = t.end_s;
    st.done[index] = true;
    st.next[stream] += 1;
    st.remaining -= 1;
    return true;
  }

  void finish() {
    for (size_t r = 0; r < timeline_.roles.size(); ++r) {
      double end = 0.0;
      for (const OpTiming& t : timeline_.roles[r].ops)
        end = std::max(end, t.end_s);
      timeline_.roles[r].end_s = end;
      if (end > timeline_.iteration_s) {
        timeline_.iteration_s = end;
        timeline_.critical_role = static_cast<int>(r);
      }
    }
  }

  std::string deadlock_report() const {
    std::string why = "analytical walk: no op can run (schedule deadlock):";
    for (size_t r = 0; r < states_.size(); ++r) {
      for (int stream = 0; stream < kNumStreams; ++stream) {
        const RoleState& st = states_[r];
        if (st.next[stream] < st.queue[stream].size()) {
          why += " role " + std::to_string(r) + " stream " + std::to_string(stream) + " at op " +
                 std::to_string(st.queue[stream][st.next[stream]]) + ";";
        }
      }
    }
    return why;
  }

  const Workload& w_;
  std::vector<RoleState> states_;
  Timeline timeline_;
};

}  // namespace

Timeline walk(const Workload& w) {
  return Walker(w).run();
}

}  // namespace wt
