#pragma once
// The discrete-event simulation of a plan (SimGrid types stay in des.cpp): one actor per stream of
// every unit, ops in program order, dependencies and pipeline receives as waits, compute as
// sleeps, communication as the plan's phases of flows. Fills the same OpTiming fields with the same
// meaning as the analytical walk (bubble vs exposed-communication split of compute-stream waits).
#include <cstdint>
#include <string>
#include <vector>

#include "sim/engine/simgrid/flow_plan.hpp"

namespace wt::sg {

struct DesResult {
  std::vector<RoleTimeline> units;  // parallel to Plan::unit_role
  int64_t flows = 0;                // flows started
  int64_t hosts = 0;                // SimGrid hosts created
  std::vector<LinkTraffic> links;   // per directed link: bytes and busy time (link_usage.hpp)
};

// Several jobs on disjoint GPUs sharing the platform (simulate_simgrid_jobs).
struct DesJobsResult {
  std::vector<std::vector<double>> step_end_s;  // per job, per step
  // Job 0's last step, parallel to its Plan::unit_role, times from the simulation's start.
  std::vector<RoleTimeline> last_step;
  int64_t flows = 0;
  int64_t hosts = 0;
  std::vector<LinkTraffic> links;
};

// Creates a SimGrid engine: call at most once per process (run_isolated gives each call its own).
DesResult run_des(const Workload& w, const Plan& plan, const SimgridSetup& setup);

// Jobs j = 0.. run `workloads[j]` by `plans[j]`, `steps` steps each; the platform and link scales
// come from `setup`, and job j's compute ops in step k last setup.async.compute_scale[j][k] times
// their duration when that is set (async workers). Same once-per-process rule.
DesJobsResult run_des_jobs(const std::vector<const Workload*>& workloads,
                           const std::vector<Plan>& plans, const SimgridSetup& setup, int steps);

std::string encode(const DesResult& r);
DesResult decode(const std::string& bytes);
std::string encode(const DesJobsResult& r);
DesJobsResult decode_jobs(const std::string& bytes);

}  // namespace wt::sg
