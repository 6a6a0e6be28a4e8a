#include "sim/engine/simgrid/async_workers.hpp"

#include <algorithm>
#include <stdexcept>

#include "sim/engine/simgrid/des.hpp"
#include "sim/engine/simgrid/flow_plan.hpp"
#include "sim/engine/simgrid/isolated_run.hpp"

namespace wt::sg {
namespace {

// Mean over the workers of their measured steps' length (steps warmup .. steps - 1).
double mean_step_s(const std::vector<std::vector<double>>& step_end_s, int warmup) {
  double sum = 0.0;
  for (const std::vector<double>& ends : step_end_s) {
    const double from_s = warmup > 0 ? ends[static_cast<size_t>(warmup - 1)] : 0.0;
    sum += (ends.back() - from_s) / static_cast<double>(static_cast<int>(ends.size()) - warmup);
  }
  return sum / static_cast<double>(step_end_s.size());
}

// Worker 0's last step, from its start, stretched to `step_s` (the breakdown's shares are that
// step's; its length is the mean step's).
std::vector<RoleTimeline> representative_step(std::vector<RoleTimeline> units, double from_s,
                                              double to_s, double step_s) {
  const double k = to_s > from_s ? step_s / (to_s - from_s) : 1.0;
  for (RoleTimeline& u : units) {
    for (OpTiming& t : u.ops) {
      t.start_s = (t.start_s - from_s) * k;
      t.end_s = (t.end_s - from_s) * k;
      t.wait_bubble_s *= k;
      t.wait_comm_s *= k;
    }
    u.end_s = (u.end_s - from_s) * k;
  }
  return units;
}

}  // namespace

SimgridResult simulate_async(const Workload& w, const SimgridSetup& setup) {
  const PsHosts& hosts = setup.parameter_servers;
  const AsyncSteps& a = setup.async;
  if (hosts.workers < 1) {
    throw std::invalid_argument("SimGrid engine: async needs the parameter servers' worker nodes");
  }
  if (a.warmup < 0 || a.warmup >= a.steps) {
    throw std::invalid_argument("SimGrid engine: async needs 0 <= warm-up steps < steps");
  }
  // One job per worker node: the whole program (pure data parallelism: one stage, its compute
  // timed once for the node), the data-parallel ops only that node's push and pull.
  std::vector<Plan> plans;
  std::vector<const Workload*> workloads;
  SimgridSetup one = setup;
  one.reductions.one_actor_set_per_role = true;
  one.reductions.representative_rail = false;  // the workers' pushes break the rails' lockstep
  for (int64_t k = 0; k < hosts.workers; ++k) {
    one.async.worker = k;
    plans.push_back(build_plan(w, one));
    workloads.push_back(&w);
  }
  one.async.worker = -1;
  one.progress = nullptr;
  const DesJobsResult des = decode_jobs(
      run_isolated([&] { return encode(run_des_jobs(workloads, plans, one, a.steps)); }));

  SimgridResult out;
  const double step_s = mean_step_s(des.step_end_s, a.warmup);
  const std::vector<double>& first = des.step_end_s.front();
  const double last_from_s = a.steps > 1 ? first[first.size() - 2] : 0.0;
  out.timeline.roles = representative_step(des.last_step, last_from_s, first.back(), step_s);
  out.timeline.iteration_s = step_s;
  out.staleness = staleness_of_pushes(des.step_end_s, a.warmup * hosts.workers);
  // The links' traffic over the whole simulation, per mean step.
  double end_s = 0.0;
  for (const std::vector<double>& ends : des.step_end_s)
    end_s = std::max(end_s, ends.back());
  const double per_step = end_s > 0.0 ? step_s / end_s : 0.0;
  out.links = des.links;
  for (LinkTraffic& l : out.links) {
    l.bytes *= per_step;
    l.busy_s *= per_step;
    l.line_rate_s *= per_step;
  }
  out.reductions = plans.front().reductions;
  out.reductions.push_back(
      "async: each of the " + std::to_string(hosts.workers) + " worker nodes runs " +
      std::to_string(a.steps) +
      " steps on its own (no barrier), pushing and pulling only its gradients; step time the mean "
      "of steps " +
      std::to_string(a.warmup + 1) + ".." + std::to_string(a.steps) +
      ", staleness from the order of the step ends, links per mean step");
  out.flows = des.flows;
  out.hosts = des.hosts;
  return out;
}

}  // namespace wt::sg

namespace wt {

AsyncSteps async_steps(const Scenario& s) {
  AsyncSteps a;
  if (s.parallel.data_sync != DataSync::async) return a;
  a.steps = 40;
  a.warmup = 5;
  const ClusterConfig& c = s.cluster;
  a.compute_scale = async_step_stretches(worker_nodes_running(s), a.steps, c.gpus_per_node,
                                         c.step_noise, c.slow_node_rate, c.slow_node_slowdown,
                                         static_cast<uint64_t>(s.reliability.seed));
  return a;
}

}  // namespace wt
