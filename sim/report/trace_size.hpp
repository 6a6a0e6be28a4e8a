#pragma once
// The size of a Chrome trace before it is written (the --max-trace budget, sim/engine/budget.hpp):
// write_chrome_trace() writes, per GPU, 10 metadata events (process name and order, four threads'
// names and order) and one event per span of its pipeline stage at least 0.5 ns long.
#include "sim/engine/timeline.hpp"
#include "sim/workload/program.hpp"

namespace wt {

double chrome_trace_event_count(const Workload& w, const Timeline& t);

}  // namespace wt
