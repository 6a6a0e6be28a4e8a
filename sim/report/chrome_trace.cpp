#include "sim/report/chrome_trace.hpp"

#include <array>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/report/trace_spans.hpp"

namespace wt {
namespace {

// Times are written in whole nanoseconds: a span shorter than that (a rounding residue of the
// engine's arithmetic) would show as zero length and is left out.
constexpr double kShortestSpan_s = 0.5e-9;

std::string quoted(const std::string& s) {
  return nlohmann::json(s).dump();
}

std::string micros_text(double seconds) {
  std::array<char, 40> buf{};
  std::snprintf(buf.data(), buf.size(), "%.3f", seconds * 1e6);
  return buf.data();
}

// Everything of a complete ("X") event after its pid, so that every rank of a role shares the text.
std::string event_tail(const TraceSpan& span) {
  std::string e = ",\"tid\":" + std::to_string(static_cast<int>(span.thread)) +
                  ",\"ph\":\"X\",\"cat\":" + quoted(span.category) +
                  ",\"name\":" + quoted(span.name) + ",\"ts\":" + micros_text(span.start_s) +
                  ",\"dur\":" + micros_text(span.end_s - span.start_s);
  if (span.bytes > 0.0)
    e += ",\"args\":{\"bytes\":" + std::to_string(std::llround(span.bytes)) + "}";
  return e + "}";
}

std::vector<std::vector<std::string>> role_event_tails(const Workload& w, const Timeline& t) {
  if (t.roles.size() != w.programs.size()) {
    throw std::logic_error("trace: the timeline has " + std::to_string(t.roles.size()) +
                           " roles but the workload has " + std::to_string(w.programs.size()));
  }
  std::vector<std::vector<std::string>> tails(w.programs.size());
  for (size_t r = 0; r < w.programs.size(); ++r) {
    for (const TraceSpan& span : role_trace_spans(w.programs[r], t.roles[r])) {
      if (span.end_s - span.start_s >= kShortestSpan_s) tails[r].push_back(event_tail(span));
    }
  }
  return tails;
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

void write_rank_metadata(EventStream& events, int rank, int node, int role) {
  const std::string process = "gpu " + std::to_string(rank) + " (node " + std::to_string(node) +
                              ", stage " + std::to_string(role) + ")";
  events.metadata(rank, 0, "process_name", "{\"name\":" + quoted(process) + "}");
  events.metadata(rank, 0, "process_sort_index", "{\"sort_index\":" + std::to_string(rank) + "}");
  for (TraceThread thread : {TraceThread::compute, TraceThread::dp_comm, TraceThread::param_gather,
                             TraceThread::pp_send}) {
    const int tid = static_cast<int>(thread);
    events.metadata(rank, tid, "thread_name",
                    "{\"name\":" + quoted(trace_thread_name(thread)) + "}");
    events.metadata(rank, tid, "thread_sort_index", "{\"sort_index\":" + std::to_string(tid) + "}");
  }
}

}  // namespace

void write_chrome_trace(std::ostream& out, const Scenario& s, const Workload& w,
                        const Timeline& t) {
  const std::vector<std::vector<std::string>> tails = role_event_tails(w, t);
  const int gpus_per_node = s.cluster.gpus_per_node > 0 ? s.cluster.gpus_per_node : 1;
  EventStream events(out);
  events.begin();
  for (int rank = 0; rank < w.num_gpus; ++rank) {
    const int role = w.role_of_rank(rank);
    write_rank_metadata(events, rank, rank / gpus_per_node, role);
    if (role < 0 || static_cast<size_t>(role) >= tails.size()) continue;
    for (const std::string& tail : tails[static_cast<size_t>(role)])
      events.event(rank, tail);
  }
  events.end();
}

}  // namespace wt
