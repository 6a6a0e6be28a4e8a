#include "sim/report/trace_size.hpp"

#include "sim/report/trace_spans.hpp"

namespace wt {
namespace {

constexpr double kMetadataEventsPerGpu = 10.0;
constexpr double kShortestSpan_s = 0.5e-9;  // as chrome_trace.cpp: shorter spans are left out

}  // namespace

double chrome_trace_event_count(const Workload& w, const Timeline& t) {
  std::vector<double> spans(w.programs.size(), 0.0);
  for (size_t r = 0; r < w.programs.size() && r < t.roles.size(); ++r) {
    for (const TraceSpan& span : role_trace_spans(w.programs[r], t.roles[r])) {
      if (span.end_s - span.start_s >= kShortestSpan_s) spans[r] += 1.0;
    }
  }
  double events = 0.0;
  for (int rank = 0; rank < w.num_gpus; ++rank) {
    const int role = w.role_of_rank(rank);
    events += kMetadataEventsPerGpu;
    if (role >= 0 && static_cast<size_t>(role) < spans.size()) events += spans[role];
  }
  return events;
}

}  // namespace wt
