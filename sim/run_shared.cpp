#include "sim/run_shared.hpp"

#include <algorithm>
#include <map>
#include <memory>

#include "sim/engine/simgrid/simgrid_engine.hpp"
#include "sim/run_checks.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/hardware_setup.hpp"
#include "topology/topology.hpp"

namespace wt {
namespace {

// The SimGrid setup of one job on the shared topology: the same link scales as a one-job run
// (sim/run.cpp), the job's fabric and algorithm pin, its ranks on its nodes.
SimgridSetup job_setup(const SharedJob& job, const HardwareSetup& hw,
                       const topo::Topology& topology, double intra_Bps) {
  SimgridSetup setup;
  setup.topology = &topology;
  setup.fabric = hw.fabric;
  setup.intra_node_scale = intra_Bps > 0.0 ? hw.fabric.intra.beta_Bps / intra_Bps : 1.0;
  setup.network_scale = hw.gpu.network_efficiency.value;
  setup.pin = job.scenario.parallel.collective_algorithm;
  setup.gpu_of_rank = gpus_of(job, job.scenario.cluster.gpus_per_node);
  return setup;
}

}  // namespace

double steady_step_s(const std::vector<double>& step_end_s) {
  if (step_end_s.empty()) return 0.0;
  if (step_end_s.size() == 1) return step_end_s.front();
  return (step_end_s.back() - step_end_s.front()) / static_cast<double>(step_end_s.size() - 1);
}

SharedRunResult run_shared_cluster(const SharedCluster& c) {
  std::vector<Workload> workloads;
  std::vector<SimgridJob> jobs;
  workloads.reserve(c.jobs.size());
  std::unique_ptr<topo::Topology> topology;
  for (const SharedJob& job : c.jobs) {
    require_training_job(job.scenario);
    const HardwareSetup hw(job.scenario);
    workloads.push_back(build_workload(job.scenario));
    assign_durations(workloads.back(), job.scenario, hw.gpu, hw.fabric, hw.profile());
    const double intra_Bps = topo::intra_node_bandwidth_Bps(
        c.cluster.intra_node, hw.gpu.nvlink_GBps.value, hw.gpu.pcie_GBps.value);
    if (!topology) topology = topo::build_topology(c.cluster, intra_Bps);
    jobs.push_back({&workloads.back(), job_setup(job, hw, *topology, intra_Bps)});
  }
  SharedRunResult out;
  out.name = c.name;
  out.steps = c.steps;
  const SimgridJobsResult together = simulate_simgrid_jobs(jobs, c.steps);
  out.together_s = together.end_s;
  out.flows = together.flows;
  std::map<int32_t, std::vector<std::string>> users;  // link → jobs whose traffic crosses it
  for (size_t j = 0; j < c.jobs.size(); ++j) {
    const SimgridJobsResult alone = simulate_simgrid_jobs({jobs[j]}, c.steps);
    SharedJobResult r;
    r.name = c.jobs[j].name;
    r.gpus = c.jobs[j].scenario.cluster.num_gpus();
    r.nodes = c.jobs[j].nodes;
    r.placement = c.jobs[j].placement;
    r.alone_step_s = steady_step_s(alone.step_end_s[0]);
    r.together_step_s = steady_step_s(together.step_end_s[j]);
    r.slowdown = r.alone_step_s > 0.0 ? r.together_step_s / r.alone_step_s : 1.0;
    out.jobs.push_back(std::move(r));
    for (const LinkTraffic& l : alone.links) {
      if (l.bytes > 0.0) users[l.link].push_back(c.jobs[j].name);
    }
  }
  for (const LinkTraffic& l : together.links) {
    auto it = users.find(l.link);
    if (it == users.end() || it->second.size() < 2) continue;
    const topo::Link& spec = topology->links()[static_cast<size_t>(l.link)];
    SharedLinkResult s;
    s.link = l.link;
    s.from = topology->vertices()[static_cast<size_t>(spec.from)].name;
    s.to = topology->vertices()[static_cast<size_t>(spec.to)].name;
    s.jobs = it->second;
    s.bytes = l.bytes;
    s.utilisation = together.end_s > 0.0 ? std::clamp(l.busy_s / together.end_s, 0.0, 1.0) : 0.0;
    out.shared_links.push_back(std::move(s));
  }
  std::stable_sort(out.shared_links.begin(), out.shared_links.end(),
                   [](const SharedLinkResult& a, const SharedLinkResult& b) {
                     return a.utilisation > b.utilisation;
                   });
  return out;
}

}  // namespace wt
