#include "sim/run_serving.hpp"

#include "core/error.hpp"
#include "sim/engine/serving/traffic.hpp"
#include "sim/workload/hardware_setup.hpp"
#include "sim/workload/serving_cost.hpp"

namespace wt {

ServeOutput serve_scenario(const Scenario& s, const ServeOptions& options) {
  if (!s.serving.enabled) {
    throw InputError("serving", "missing: windtunnel serve needs a serving block", "",
                     "a serving block (docs/serving.md)");
  }
  const StepCost cost(s);
  const ServingMemory memory = serving_memory(s, cost.gpu());
  ServeOutput out;
  if (!memory.fits) {
    out.result = assemble_serving_result(s, memory, out.simulation);
    return out;
  }
  serving::SimulationInput in;
  in.requests = serving::sample_requests(s);
  in.limits = serving::scheduler_limits(s.serving, memory.kv_blocks);
  in.replicas = s.serving.replicas;
  in.router = s.serving.router;
  in.record_steps = options.record_steps;
  out.simulation =
      serving::simulate(in, [&cost](const StepWork& w) { return cost.step_time_s(w); });
  out.result = assemble_serving_result(s, memory, out.simulation);
  return out;
}

}  // namespace wt
