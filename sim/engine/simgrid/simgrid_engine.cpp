#include "sim/engine/simgrid/simgrid_engine.hpp"

#include <stdexcept>

#include "sim/engine/simgrid/des.hpp"
#include "sim/engine/simgrid/flow_plan.hpp"
#include "sim/engine/simgrid/isolated_run.hpp"

namespace wt {

SimgridResult simulate_simgrid(const Workload& w, const SimgridSetup& setup) {
  if (setup.topology == nullptr) throw std::invalid_argument("SimGrid engine: no topology");
  if (setup.topology->num_gpus() < w.num_gpus) {
    throw std::invalid_argument("SimGrid engine: the topology has fewer GPUs than the workload");
  }
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

Timeline SimgridEngine::run(const Workload& w) {
  SimgridResult r = simulate_simgrid(w, setup_);
  reductions_ = std::move(r.reductions);
  links_ = std::move(r.links);
  return std::move(r.timeline);
}

}  // namespace wt
