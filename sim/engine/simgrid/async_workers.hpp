#pragma once
// Asynchronous parameter servers on SimGrid (docs/engine.md, "Asynchronous parameter servers"):
// every worker node is a job of its own (des.hpp, run_des_jobs) that loops its step, compute and
// its own push and pull to the server hosts, with no barrier between the workers; they share the
// servers' NICs under max-min fairness. The step time is the workers' mean over the measured
// steps; the staleness comes from the simulated order of their step ends.
#include "sim/engine/simgrid/simgrid_engine.hpp"

namespace wt::sg {

// Needs setup.parameter_servers.workers >= 1 and 0 <= setup.async.warmup < setup.async.steps.
SimgridResult simulate_async(const Workload& w, const SimgridSetup& setup);

}  // namespace wt::sg
