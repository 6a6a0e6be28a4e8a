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

// One run of one phase of a plan's work: its `occurrence`-th run (from 0) in the simulation.
struct PhaseKey {
  int32_t work = 0;
  int64_t occurrence = 0;
  int32_t phase = 0;
  auto operator<=>(const PhaseKey&) const = default;
};

struct DesResult {
  std::vector<RoleTimeline> units;  // parallel to Plan::unit_role
  int64_t flows = 0;                // flows started
  int64_t hosts = 0;                // SimGrid hosts created
  std::vector<LinkTraffic> links;   // per directed link: bytes and busy time (link_usage.hpp)
  // Reduction D (SimgridReductions::replay_isolated_all_to_all): phases replayed, and the replayed
  // phases during which another flow started (the run is invalid unless this is empty).
  int64_t replayed = 0;
  std::vector<PhaseKey> conflicts;
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
// Reduction D replays an all-to-all phase (CommWork::replayable) that starts while no flow is in
// flight, unless it is in `simulate`: it sleeps what the same phase took the first time it ran
// alone (nothing in flight at its start, no flow started before its end) and records the link
// loads of that run. A flow that starts during a replayed phase makes it a conflict.
DesResult run_des(const Workload& w, const Plan& plan, const SimgridSetup& setup,
                  const std::vector<PhaseKey>& simulate = {});

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
