#include "sim/engine/simgrid/simgrid_engine.hpp"

#include <algorithm>
#include <stdexcept>

#include "sim/engine/simgrid/async_workers.hpp"
#include "sim/engine/simgrid/des.hpp"
#include "sim/engine/simgrid/flow_plan.hpp"
#include "sim/engine/simgrid/isolated_run.hpp"

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

}  // namespace

SimgridResult simulate_simgrid(const Workload& w, const SimgridSetup& setup) {
  if (setup.topology == nullptr) throw std::invalid_argument("SimGrid engine: no topology");
  std::vector<char> taken(static_cast<size_t>(setup.topology->num_gpus()), 0);
  check_placement(w, setup, taken);
  if (setup.async.steps > 0) return sg::simulate_async(w, setup);
  const sg::Plan plan = sg::build_plan(w, setup);
  const sg::DesResult des =
      sg::decode(sg::run_isolated([&] { return sg::encode(sg::run_des(w, plan, setup)); }));
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
