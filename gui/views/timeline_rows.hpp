#pragma once
// The rows of the Timeline tab: the spans of each pipeline stage (sim/report/trace_spans.hpp, as
// the Chrome trace draws them), with stages whose span sequences are identical merged into one
// row. All ranks of a stage run one program, so a row stands for every GPU of its stages.
#include <string>
#include <vector>

#include "sim/engine/timeline.hpp"
#include "sim/report/trace_spans.hpp"
#include "sim/workload/program.hpp"

namespace wt::gui {

struct TimelineRow {
  std::vector<int> roles;  // the stages this row stands for, ascending
  int gpus = 0;            // GPUs of those stages together
  std::vector<wt::TraceSpan> spans;
  std::vector<wt::TraceThread> lanes;  // the threads that have spans, in thread order
  std::string label;                   // "stage 3 · 128 GPUs"
  std::string detail;                  // "ranks 384–511"
};

std::vector<TimelineRow> timeline_rows(const wt::Workload& w, const wt::Timeline& t);

// The op of `program` on `thread`'s stream running at `time_s` (for tooltips); nullptr if none.
const wt::Op* op_at(const wt::Program& program, const wt::RoleTimeline& timeline,
                    wt::TraceThread thread, double time_s);

}  // namespace wt::gui
