#include "sim/report/chrome_trace.hpp"

#include <algorithm>
#include <array>
#include <cinttypes>
#include <cstdio>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/report/trace_flows.hpp"

namespace wt {
namespace {

std::string quoted(const std::string& s) {
  return nlohmann::json(s).dump();
}

// Microseconds with three decimals, from whole nanoseconds (exact: no floating point).
std::string micros_text(int64_t ns) {
  const bool negative = ns < 0;
  const int64_t a = negative ? -ns : ns;
  std::array<char, 40> buf{};
  std::snprintf(buf.data(), buf.size(), "%s%" PRId64 ".%03" PRId64, negative ? "-" : "", a / 1000,
                a % 1000);
  return buf.data();
}

// Everything of a complete ("X") event after its pid, so that every rank of a role shares the text.
std::string event_tail(const TraceSpan& span) {
  const int64_t start = trace_ns(span.start_s);
  std::string e = ",\"tid\":" + std::to_string(static_cast<int>(span.thread)) +
                  ",\"ph\":\"X\",\"cat\":" + quoted(span.category) +
                  ",\"name\":" + quoted(span.name) + ",\"ts\":" + micros_text(start) +
                  ",\"dur\":" + micros_text(trace_ns(span.end_s) - start);
  if (span.bytes > 0.0)
    e += ",\"args\":{\"bytes\":" + std::to_string(std::llround(span.bytes)) + "}";
  return e + "}";
}

// A flow event ("s" at a send, "f" at the receive, bound to the enclosing slice) after its pid.
std::string flow_tail(const TraceFlowEnd& end, bool start, int64_t id) {
  return ",\"tid\":" + std::to_string(static_cast<int>(end.thread)) + ",\"ph\":\"" +
         (start ? "s" : "f") + "\",\"bp\":\"e\",\"cat\":\"pp\",\"name\":" + quoted(end.name) +
         ",\"id\":" + std::to_string(id) + ",\"ts\":" + micros_text(end.ts_ns) + "}";
}

// Writes events separated by commas as they come, without holding the document.
class EventStream {
 public:
  explicit EventStream(std::ostream& out) : out_(out) {}
  void begin() { out_ << "{\"traceEvents\":[\n"; }
  void end() { out_ << "\n],\"displayTimeUnit\":\"ms\"}\n"; }
  void event(int pid, const std::string& tail) {
    out_ << (first_ ? "" : ",\n") << "{\"pid\":" << pid << tail;
    first_ = false;
  }
  void metadata(int pid, int tid, const char* what, const std::string& args) {
    event(pid, ",\"tid\":" + std::to_string(tid) + ",\"ph\":\"M\",\"name\":\"" + what +
                   "\",\"args\":" + args + "}");
  }

 private:
  std::ostream& out_;
  bool first_ = true;
};

// ep_stream: the role runs paired steps (parallel.ep_comm_overlap), whose expert-parallel ops
// have a thread of their own.
void write_rank_metadata(EventStream& events, int rank, int node, int role, bool ep_stream) {
  const std::string process = "gpu " + std::to_string(rank) + " (node " + std::to_string(node) +
                              ", stage " + std::to_string(role) + ")";
  events.metadata(rank, 0, "process_name", "{\"name\":" + quoted(process) + "}");
  events.metadata(rank, 0, "process_sort_index", "{\"sort_index\":" + std::to_string(rank) + "}");
  for (TraceThread thread : {TraceThread::compute, TraceThread::dp_comm, TraceThread::param_gather,
                             TraceThread::pp_send, TraceThread::ep_comm}) {
    if (thread == TraceThread::ep_comm && !ep_stream) continue;
    const int tid = static_cast<int>(thread);
    events.metadata(rank, tid, "thread_name",
                    "{\"name\":" + quoted(trace_thread_name(thread)) + "}");
    events.metadata(rank, tid, "thread_sort_index", "{\"sort_index\":" + std::to_string(tid) + "}");
  }
}

}  // namespace

void write_chrome_trace(std::ostream& out, const Scenario& s, const Workload& w,
                        const Timeline& t) {
  const TraceRoles roles = trace_roles(w, t);
  std::vector<std::vector<std::string>> tails(roles.roles.size());
  for (size_t r = 0; r < roles.roles.size(); ++r) {
    for (const TraceSpan& span : roles.roles[r].spans)
      tails[r].push_back(event_tail(span));
  }
  // Per role: whether its program has an ep_comm stream (every rank of the role shares it).
  std::vector<char> ep_stream(w.programs.size(), 0);
  for (size_t r = 0; r < w.programs.size(); ++r) {
    const std::vector<Op>& ops = w.programs[r].ops;
    ep_stream[r] = std::any_of(ops.begin(), ops.end(),
                               [](const Op& op) { return op.stream == Stream::ep_comm; });
  }
  const int gpus_per_node = s.cluster.gpus_per_node > 0 ? s.cluster.gpus_per_node : 1;
  EventStream events(out);
  events.begin();
  for (int rank = 0; rank < w.num_gpus; ++rank) {
    const int role = w.role_of_rank(rank);
    const bool has_ep = role >= 0 && static_cast<size_t>(role) < ep_stream.size() &&
                        ep_stream[static_cast<size_t>(role)] != 0;
    write_rank_metadata(events, rank, rank / gpus_per_node, role, has_ep);
    if (role < 0 || static_cast<size_t>(role) >= tails.size()) continue;
    const auto r = static_cast<size_t>(role);
    for (const std::string& tail : tails[r])
      events.event(rank, tail);
    for (const TraceFlowEnd& f : roles.roles[r].flows_out)
      events.event(rank, flow_tail(f, true, roles.flow_id(rank, f.send)));
    for (const TraceFlowEnd& f : roles.roles[r].flows_in) {
      const int sender = peer_rank(w, rank, f.peer_role);
      events.event(rank, flow_tail(f, false, roles.flow_id(sender, f.send)));
    }
  }
  events.end();
}

}  // namespace wt
