#include "sim/engine/simgrid/simgrid_engine.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "sim/engine/simgrid/async_workers.hpp"
#include "sim/engine/simgrid/des.hpp"
#include "sim/engine/simgrid/flow_plan.hpp"
#include "sim/engine/simgrid/isolated_run.hpp"
#include "sim/engine/simgrid/ugal_routes.hpp"

namespace wt {

namespace {

void check_placement(const Workload& w, const SimgridSetup& setup, std::vector<char>& taken) {
  if (setup.gpu_of_rank.empty()) {
    if (setup.topology->num_gpus() < w.num_gpus) {
      throw std::invalid_argument("SimGrid engine: the topology has fewer GPUs than the workload");
    }
    return;
  }
  if (static_cast<int>(setup.gpu_of_rank.size()) != w.num_gpus) {
    throw std::invalid_argument("SimGrid engine: the placement names " +
                                std::to_string(setup.gpu_of_rank.size()) +
                                " GPUs for a workload of " + std::to_string(w.num_gpus));
  }
  for (int32_t g : setup.gpu_of_rank) {
    if (g < 0 || g >= setup.topology->num_gpus()) {
      throw std::invalid_argument("SimGrid engine: placed GPU " + std::to_string(g) +
                                  " is not in the topology");
    }
    if (taken[static_cast<size_t>(g)]) {
      throw std::invalid_argument("SimGrid engine: GPU " + std::to_string(g) + " is placed twice");
    }
    taken[static_cast<size_t>(g)] = 1;
  }
}

// The routes UGAL chose, in words (the flows of the pairs between dragonfly groups).
std::string ugal_note(const topo::Topology& routed, const std::vector<const sg::Plan*>& plans) {
  int64_t between_groups = 0;
  int64_t nonminimal = 0;
  std::vector<int32_t> a;
  std::vector<int32_t> b;
  for (const sg::PairBytes& p : sg::pair_bytes(plans)) {
    a.clear();
    b.clear();
    const uint64_t hash = sg::flow_hash(routed, p.src, p.dst);
    if (!routed.route_nonminimal(p.src, p.dst, hash, a)) continue;
    ++between_groups;
    routed.route(p.src, p.dst, hash, b);
    if (a == b) ++nonminimal;
  }
  return "UGAL: " + std::to_string(nonminimal) + " of " + std::to_string(between_groups) +
         " GPU pairs between dragonfly groups take the Valiant path";
}

// Reduction D: a run whose replayed phases met no other flow is the unreduced simulation. When
// some did, they are simulated in the next run (the run is the same up to the first of them), at
// most kReplayRuns times; then the last run replays nothing.
sg::DesResult run_replaying(const Workload& w, sg::Plan& plan, SimgridSetup& setup) {
  constexpr int kReplayRuns = 4;
  std::vector<sg::PhaseKey> simulate;
  for (int run = 1;; ++run) {
    if (run > kReplayRuns) setup.reductions.replay_isolated_all_to_all = false;
    sg::DesResult des = sg::decode(
        sg::run_isolated([&] { return sg::encode(sg::run_des(w, plan, setup, simulate)); }));
    if (des.conflicts.empty()) {
      if (des.replayed > 0) {
        plan.reductions.push_back(
            "lone all-to-alls: " + std::to_string(des.replayed) +
            " all-to-all phases that ran with no other flow in flight take the time their flows "
            "took when they first ran alone (" +
            std::to_string(run) + (run == 1 ? " run" : " runs") + ")");
      }
      return des;
    }
    simulate.insert(simulate.end(), des.conflicts.begin(), des.conflicts.end());
  }
}

}  // namespace

SimgridResult simulate_simgrid(const Workload& w, const SimgridSetup& setup) {
  if (setup.topology == nullptr) throw std::invalid_argument("SimGrid engine: no topology");
  std::vector<char> taken(static_cast<size_t>(setup.topology->num_gpus()), 0);
  check_placement(w, setup, taken);
  if (setup.async.steps > 0) return sg::simulate_async(w, setup);
  sg::Plan plan = sg::build_plan(w, setup);
  // Under UGAL the routes depend on the traffic: the plan is built on the minimal routes, UGAL
  // picks each GPU pair's path from its bytes (ugal_routes.hpp), and the plan is rebuilt on the
  // chosen routes so that its latencies follow them.
  SimgridSetup routed = setup;
  const std::unique_ptr<topo::Topology> ugal = sg::ugal_topology(*setup.topology, {&plan});
  if (ugal) {
    routed.topology = ugal.get();
    plan = sg::build_plan(w, routed);
    plan.reductions.push_back(ugal_note(*ugal, {&plan}));
  }
  const sg::DesResult des = run_replaying(w, plan, routed);
  SimgridResult out;
  out.timeline.roles = des.units;
  for (size_t u = 0; u < out.timeline.roles.size(); ++u) {
    if (out.timeline.roles[u].end_s > out.timeline.iteration_s) {
      out.timeline.iteration_s = out.timeline.roles[u].end_s;
      out.timeline.critical_role = static_cast<int>(u);
    }
  }
  out.reductions = plan.reductions;
  out.flows = des.flows;
  out.hosts = des.hosts;
  out.links = des.links;
  return out;
}

SimgridJobsResult simulate_simgrid_jobs(const std::vector<SimgridJob>& jobs, int steps) {
  if (jobs.empty()) throw std::invalid_argument("SimGrid engine: no jobs");
  if (steps < 1) throw std::invalid_argument("SimGrid engine: steps must be at least 1");
  const topo::Topology* topology = jobs.front().setup.topology;
  if (topology == nullptr) throw std::invalid_argument("SimGrid engine: no topology");
  std::vector<char> taken(static_cast<size_t>(topology->num_gpus()), 0);
  std::vector<const Workload*> workloads;
  std::vector<sg::Plan> plans;
  for (const SimgridJob& job : jobs) {
    if (job.setup.topology != topology) {
      throw std::invalid_argument("SimGrid engine: the jobs of one simulation share one topology");
    }
    check_placement(*job.workload, job.setup, taken);
    SimgridSetup setup = job.setup;
    setup.reductions.representative_rail = false;
    workloads.push_back(job.workload);
    plans.push_back(sg::build_plan(*job.workload, setup));
  }
  SimgridSetup shared = jobs.front().setup;
  shared.progress = nullptr;
  std::vector<const sg::Plan*> plan_ptrs;
  for (const sg::Plan& p : plans)
    plan_ptrs.push_back(&p);
  const std::unique_ptr<topo::Topology> ugal = sg::ugal_topology(*topology, plan_ptrs);
  if (ugal) {
    shared.topology = ugal.get();
    for (size_t j = 0; j < jobs.size(); ++j) {
      SimgridSetup setup = jobs[j].setup;
      setup.topology = ugal.get();
      setup.reductions.representative_rail = false;
      plans[j] = sg::build_plan(*jobs[j].workload, setup);
    }
  }
  const sg::DesJobsResult des = sg::decode_jobs(sg::run_isolated(
      [&] { return sg::encode(sg::run_des_jobs(workloads, plans, shared, steps)); }));
  SimgridJobsResult out;
  out.step_end_s = des.step_end_s;
  for (const std::vector<double>& job : out.step_end_s) {
    if (!job.empty()) out.end_s = std::max(out.end_s, job.back());
  }
  out.links = des.links;
  out.flows = des.flows;
  out.hosts = des.hosts;
  return out;
}

Timeline SimgridEngine::run(const Workload& w) {
  SimgridResult r = simulate_simgrid(w, setup_);
  reductions_ = std::move(r.reductions);
  links_ = std::move(r.links);
  staleness_ = r.staleness;
  return std::move(r.timeline);
}

}  // namespace wt
