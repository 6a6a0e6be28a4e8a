#pragma once
// The size of a Chrome trace before it is written (the --max-trace budget, sim/engine/budget.hpp):
// write_chrome_trace() writes, per GPU, 10 metadata events (process name and order, four threads'
// names and order), one event per drawn span of its pipeline stage (trace_flows.hpp) and one per
// end of a pipeline message's flow arrow at its sends and receives. The uncompressed size: a
// `.gz` trace is several times smaller on disk, but is written from the same events.
#include "sim/engine/timeline.hpp"
#include "sim/workload/program.hpp"

namespace wt {

double chrome_trace_event_count(const Workload& w, const Timeline& t);

}  // namespace wt
