#pragma once
// The spans one role shows in a Chrome trace: its timeline replayed per stream, the compute stream
// folded into segments (trace_segment.hpp) and its waits made visible as "bubble" and "<dim> wait"
// spans just before the op that waited.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/engine/timeline.hpp"
#include "sim/workload/program.hpp"

namespace wt {

// Trace threads of one GPU, one per stream: streams run concurrently, and spans of one thread
// must not overlap for the trace viewers to draw them.
enum class TraceThread : int {
  compute = 0,
  dp_comm = 1,
  param_gather = 2,
  pp_send = 3,
  ep_comm = 4
};
const char* trace_thread_name(TraceThread t);

struct TraceSpan {
  TraceThread thread = TraceThread::compute;
  std::string category;  // compute | tp | pp | dp | cp | ep | optimizer | bubble
  std::string name;      // e.g. "F mb3 c0 L12-23", "tp all_reduce ×24", "bubble"
  double start_s = 0.0;
  double end_s = 0.0;
  double bytes = 0.0;  // bytes on the wire for communication spans, else 0
  int32_t op = -1;     // index of the span's first op in its program; -1 for a wait
};

// Trace times are whole nanoseconds, every time rounded on the same grid: a span that ends where
// the next begins (in seconds) ends where it begins in nanoseconds too, so spans of one stream
// never overlap once rounded. A span that rounds to zero length is not drawn.
inline int64_t trace_ns(double seconds) {
  return std::llround(seconds * 1e9);
}
inline bool drawn(const TraceSpan& span) {
  return trace_ns(span.end_s) > trace_ns(span.start_s);
}

std::vector<TraceSpan> role_trace_spans(const Program& program, const RoleTimeline& timeline);

}  // namespace wt
