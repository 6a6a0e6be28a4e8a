#pragma once
// Chrome trace event JSON (opens in Perfetto and chrome://tracing): one process per simulated GPU,
// with one thread per stream (compute, dp comm, param gather, pp send), categories compute / tp /
// pp / dp / cp / ep / bubble / optimizer.
#include <ostream>
#include <string>

#include "sim/engine/timeline.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workload/program.hpp"

namespace wt {

void write_chrome_trace(std::ostream& out, const Scenario& s, const Workload& w, const Timeline& t);

}  // namespace wt
