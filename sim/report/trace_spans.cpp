#include "sim/report/trace_spans.hpp"

#include <algorithm>
#include <stdexcept>

#include "sim/report/trace_segment.hpp"

namespace wt {
namespace {

TraceThread thread_of(Stream s) {
  switch (s) {
    case Stream::compute:
      return TraceThread::compute;
    case Stream::dp_comm:
      return TraceThread::dp_comm;
    case Stream::param_gather:
      return TraceThread::param_gather;
    case Stream::pp_send:
      return TraceThread::pp_send;
    case Stream::ep_comm:
      return TraceThread::ep_comm;
  }
  return TraceThread::dp_comm;
}

// The dimension a compute-stream op waited on: a recv waits on the pipeline, any other op on the
// communication op of another stream it depends on.
const char* waited_dim(const Program& p, const Op& op) {
  if (op.kind == OpKind::recv) return "pp";
  for (int32_t dep : op.deps) {
    if (dep < 0 || dep >= static_cast<int32_t>(p.ops.size())) continue;
    const Op& d = p.ops[static_cast<size_t>(dep)];
    if (d.stream != Stream::compute) return trace_category(d);
  }
  return "comm";
}

void add_wait(std::vector<TraceSpan>& out, const char* category, std::string name, double start_s,
              double end_s) {
  if (end_s > start_s) {
    out.push_back({TraceThread::compute, category, std::move(name), start_s, end_s, 0.0, -1});
  }
}

// The idle time before an op on the compute stream, drawn just before it: first the bubble, then
// the exposed communication. Clamped to the end of the stream's previous op.
void add_waits(const Program& p, const Op& op, const OpTiming& t, double stream_end_s,
               std::vector<TraceSpan>& out) {
  const double comm_start_s = std::max(stream_end_s, t.start_s - t.wait_comm_s);
  const double bubble_start_s = std::max(stream_end_s, comm_start_s - t.wait_bubble_s);
  add_wait(out, "bubble", "bubble", bubble_start_s, comm_start_s);
  const char* dim = waited_dim(p, op);
  add_wait(out, dim, std::string(dim) + " wait", comm_start_s, t.start_s);
}

void compute_stream_spans(const Program& p, const RoleTimeline& tl, std::vector<TraceSpan>& out) {
  TraceSegment segment;
  double stream_end_s = 0.0;
  for (size_t i = 0; i < p.ops.size(); ++i) {
    const Op& op = p.ops[i];
    const OpTiming& t = tl.ops[i];
    if (op.stream != Stream::compute) continue;
    if (!segment.accepts(op, t)) {
      segment.emit(TraceThread::compute, out);
      segment = TraceSegment{};
      if (t.wait_bubble_s > 0.0 || t.wait_comm_s > 0.0) add_waits(p, op, t, stream_end_s, out);
    }
    segment.add(static_cast<int32_t>(i), op, t);
    stream_end_s = t.end_s;
  }
  segment.emit(TraceThread::compute, out);
}

// Communication streams: one span per op.
void side_stream_spans(const Program& p, const RoleTimeline& tl, Stream stream,
                       std::vector<TraceSpan>& out) {
  for (size_t i = 0; i < p.ops.size(); ++i) {
    if (p.ops[i].stream != stream) continue;
    TraceSegment single;
    single.add(static_cast<int32_t>(i), p.ops[i], tl.ops[i]);
    single.emit(thread_of(stream), out);
  }
}

}  // namespace

const char* trace_thread_name(TraceThread t) {
  switch (t) {
    case TraceThread::compute:
      return "compute";
    case TraceThread::dp_comm:
      return "dp comm";
    case TraceThread::param_gather:
      return "param gather";
    case TraceThread::pp_send:
      return "pp send";
    case TraceThread::ep_comm:
      return "ep comm";
  }
  return "";
}

std::vector<TraceSpan> role_trace_spans(const Program& program, const RoleTimeline& timeline) {
  if (timeline.ops.size() != program.ops.size()) {
    throw std::logic_error("trace: role " + std::to_string(program.role) + " has " +
                           std::to_string(program.ops.size()) + " ops but its timeline has " +
                           std::to_string(timeline.ops.size()));
  }
  std::vector<TraceSpan> spans;
  compute_stream_spans(program, timeline, spans);
  side_stream_spans(program, timeline, Stream::dp_comm, spans);
  side_stream_spans(program, timeline, Stream::param_gather, spans);
  side_stream_spans(program, timeline, Stream::pp_send, spans);
  side_stream_spans(program, timeline, Stream::ep_comm, spans);
  return spans;
}

}  // namespace wt
