#include "sim/report/trace_flows.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace wt {
namespace {

// Per op of a program: its ordinal among the program's sends, else -1.
std::vector<int32_t> send_ordinals(const Program& p, int32_t& count) {
  std::vector<int32_t> ordinal(p.ops.size(), -1);
  count = 0;
  for (size_t i = 0; i < p.ops.size(); ++i) {
    if (p.ops[i].kind == OpKind::send) ordinal[i] = count++;
  }
  return ordinal;
}

// The drawn span of one op on the pipeline-send thread, by op index.
std::vector<int32_t> send_spans(const Program& p, const std::vector<TraceSpan>& spans) {
  std::vector<int32_t> span_of(p.ops.size(), -1);
  for (size_t s = 0; s < spans.size(); ++s) {
    const int32_t op = spans[s].op;
    if (spans[s].thread == TraceThread::pp_send && op >= 0 &&
        static_cast<size_t>(op) < p.ops.size())
      span_of[static_cast<size_t>(op)] = static_cast<int32_t>(s);
  }
  return span_of;
}

// (op index, span index) of the compute thread's spans of ops (waits left out), ascending by op.
std::vector<std::pair<int32_t, int32_t>> compute_spans(const std::vector<TraceSpan>& spans) {
  std::vector<std::pair<int32_t, int32_t>> out;
  for (size_t s = 0; s < spans.size(); ++s) {
    if (spans[s].thread == TraceThread::compute && spans[s].op >= 0)
      out.emplace_back(spans[s].op, static_cast<int32_t>(s));
  }
  std::sort(out.begin(), out.end());
  return out;
}

int64_t last_ns_inside(const TraceSpan& s) {
  return std::max(trace_ns(s.start_s), trace_ns(s.end_s) - 1);
}

int64_t first_ns_inside(const TraceSpan& s) {
  return std::min(trace_ns(s.start_s) + 1, trace_ns(s.end_s) - 1);
}

}  // namespace

int peer_rank(const Workload& w, int rank, int role) {
  const int per_stage = w.tensor * w.context * w.data;
  return role * per_stage + rank % per_stage;
}

TraceRoles trace_roles(const Workload& w, const Timeline& t) {
  if (t.roles.size() != w.programs.size()) {
    throw std::logic_error("trace: the timeline has " + std::to_string(t.roles.size()) +
                           " roles but the workload has " + std::to_string(w.programs.size()));
  }
  const size_t n = w.programs.size();
  TraceRoles out;
  out.roles.resize(n);
  std::vector<std::vector<int32_t>> ordinals(n), sends(n);
  std::vector<std::vector<std::pair<int32_t, int32_t>>> computes(n);
  for (size_t r = 0; r < n; ++r) {
    std::vector<TraceSpan>& spans = out.roles[r].spans;
    spans = role_trace_spans(w.programs[r], t.roles[r]);
    std::erase_if(spans, [](const TraceSpan& s) { return !drawn(s); });
    int32_t count = 0;
    ordinals[r] = send_ordinals(w.programs[r], count);
    out.max_sends = std::max(out.max_sends, count);
    sends[r] = send_spans(w.programs[r], spans);
    computes[r] = compute_spans(spans);
  }
  for (size_t r = 0; r < n; ++r) {
    const Program& p = w.programs[r];
    for (size_t j = 0; j < p.ops.size(); ++j) {
      const Op& recv = p.ops[j];
      if (recv.kind != OpKind::recv || recv.peer_role < 0 ||
          static_cast<size_t>(recv.peer_role) >= n)
        continue;
      const auto from = static_cast<size_t>(recv.peer_role);
      if (recv.peer_op < 0 || static_cast<size_t>(recv.peer_op) >= sends[from].size()) continue;
      const int32_t send_span = sends[from][static_cast<size_t>(recv.peer_op)];
      const auto target = std::lower_bound(computes[r].begin(), computes[r].end(),
                                           std::make_pair(static_cast<int32_t>(j), int32_t{-1}));
      if (send_span < 0 || target == computes[r].end()) continue;
      const TraceSpan& s = out.roles[from].spans[static_cast<size_t>(send_span)];
      const TraceSpan& f = out.roles[r].spans[static_cast<size_t>(target->second)];
      const int32_t ordinal = ordinals[from][static_cast<size_t>(recv.peer_op)];
      out.roles[from].flows_out.push_back(
          {static_cast<int32_t>(r), ordinal, TraceThread::pp_send, last_ns_inside(s), s.name});
      out.roles[r].flows_in.push_back(
          {recv.peer_role, ordinal, TraceThread::compute, first_ns_inside(f), s.name});
    }
  }
  return out;
}

}  // namespace wt
