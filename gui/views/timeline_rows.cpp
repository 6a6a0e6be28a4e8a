#include "gui/views/timeline_rows.hpp"

#include <algorithm>
#include <stdexcept>

namespace wt::gui {
namespace {

// Spans drawn shorter than this are rounding residue of the engine (as in the Chrome trace).
constexpr double kShortestSpan_s = 0.5e-9;

bool same_spans(const std::vector<TraceSpan>& a, const std::vector<TraceSpan>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const TraceSpan& x, const TraceSpan& y) {
                      return x.thread == y.thread && x.category == y.category && x.name == y.name &&
                             x.start_s == y.start_s && x.end_s == y.end_s;
                    });
}

std::vector<TraceSpan> visible_spans(const Program& p, const RoleTimeline& t) {
  std::vector<TraceSpan> spans = role_trace_spans(p, t);
  std::erase_if(spans, [](const TraceSpan& s) { return s.end_s - s.start_s < kShortestSpan_s; });
  return spans;
}

std::vector<TraceThread> lanes_of(const std::vector<TraceSpan>& spans) {
  std::vector<TraceThread> lanes;
  for (const TraceSpan& s : spans) {
    if (std::find(lanes.begin(), lanes.end(), s.thread) == lanes.end()) lanes.push_back(s.thread);
  }
  std::sort(lanes.begin(), lanes.end());
  return lanes;
}

std::string with_thousands(long long n) {
  std::string digits = std::to_string(n);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3)
    digits.insert(static_cast<size_t>(i), ",");
  return digits;
}

std::string stages_text(const std::vector<int>& roles) {
  if (roles.size() == 1) return "stage " + std::to_string(roles.front());
  const bool consecutive = roles.back() - roles.front() + 1 == static_cast<int>(roles.size());
  if (consecutive) {
    return "stages " + std::to_string(roles.front()) + "–" + std::to_string(roles.back());
  }
  return std::to_string(roles.size()) + " stages";
}

void name_row(TimelineRow& row, int gpus_per_role) {
  row.gpus = gpus_per_role * static_cast<int>(row.roles.size());
  row.label = stages_text(row.roles) + " · " + with_thousands(row.gpus) +
              (row.gpus == 1 ? " GPU" : " GPUs");
  const long long first = static_cast<long long>(row.roles.front()) * gpus_per_role;
  const long long last = first + gpus_per_role - 1;
  if (row.roles.size() == 1) {
    row.detail = gpus_per_role == 1 ? "rank " + with_thousands(first)
                                    : "ranks " + with_thousands(first) + "–" + with_thousands(last);
  } else {
    row.detail = "identical ranks";
  }
}

}  // namespace

std::vector<TimelineRow> timeline_rows(const Workload& w, const Timeline& t) {
  if (t.roles.size() != w.programs.size()) {
    throw std::logic_error("timeline: " + std::to_string(t.roles.size()) + " roles but " +
                           std::to_string(w.programs.size()) + " programs");
  }
  const int roles = static_cast<int>(w.programs.size());
  const int gpus_per_role = roles > 0 ? std::max(1, w.num_gpus / roles) : 0;
  std::vector<TimelineRow> rows;
  for (int r = 0; r < roles; ++r) {
    std::vector<TraceSpan> spans =
        visible_spans(w.programs[static_cast<size_t>(r)], t.roles[static_cast<size_t>(r)]);
    auto same = std::find_if(rows.begin(), rows.end(),
                             [&](const TimelineRow& row) { return same_spans(row.spans, spans); });
    if (same != rows.end()) {
      same->roles.push_back(r);
      continue;
    }
    TimelineRow row;
    row.roles = {r};
    row.lanes = lanes_of(spans);
    row.spans = std::move(spans);
    rows.push_back(std::move(row));
  }
  for (TimelineRow& row : rows)
    name_row(row, gpus_per_role);
  return rows;
}

const Op* op_at(const Program& program, const RoleTimeline& timeline, TraceThread thread,
                double time_s) {
  const auto stream = static_cast<Stream>(static_cast<int>(thread));
  for (size_t i = 0; i < program.ops.size() && i < timeline.ops.size(); ++i) {
    const Op& op = program.ops[i];
    const OpTiming& ot = timeline.ops[i];
    if (op.stream == stream && ot.start_s <= time_s && time_s < ot.end_s) return &op;
  }
  return nullptr;
}

}  // namespace wt::gui
