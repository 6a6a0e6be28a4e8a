#pragma once
// What a Chrome trace draws for each role (pipeline stage): its spans that are drawn (at least one
// nanosecond once rounded, trace_spans.hpp) and the two ends of a flow arrow for each pipeline
// message, from the send to the receive that takes it. A flow end lies 1 ns inside the slice it
// binds to ("enclosing slice"), so that no viewer binds it to a neighbour that ends or begins at
// the same time: the send's last nanosecond; the receive's first, or, when the receive is not
// drawn (it took no time: the wait before it is drawn instead), the first of the compute-stream
// span after it, the work that consumed the message.
#include <cstdint>
#include <string>
#include <vector>

#include "sim/engine/timeline.hpp"
#include "sim/report/trace_spans.hpp"
#include "sim/workload/program.hpp"

namespace wt {

struct TraceFlowEnd {
  int32_t peer_role = -1;  // the role at the other end
  int32_t send = -1;       // the message's send: its ordinal among the sending role's sends
  TraceThread thread = TraceThread::compute;
  int64_t ts_ns = 0;
  std::string name;  // the send span's name, on both ends
};

struct RoleTrace {
  std::vector<TraceSpan> spans;         // drawn spans, in role_trace_spans order
  std::vector<TraceFlowEnd> flows_out;  // flow starts, at this role's sends
  std::vector<TraceFlowEnd> flows_in;   // flow ends, at this role's receives
};

struct TraceRoles {
  std::vector<RoleTrace> roles;  // parallel to Workload::programs
  int32_t max_sends = 0;         // most sends in one program

  // The id of the flow from `sender_rank`'s send number `send`: unique in the trace, from 1.
  int64_t flow_id(int sender_rank, int32_t send) const {
    return static_cast<int64_t>(sender_rank) * max_sends + send + 1;
  }
};

// Throws std::logic_error when the timeline does not match the workload.
TraceRoles trace_roles(const Workload& w, const Timeline& t);

// The rank of `role` that sits where `rank` sits in its own stage (same TP/CP/DP position): the
// peer of a pipeline message.
int peer_rank(const Workload& w, int rank, int role);

}  // namespace wt
