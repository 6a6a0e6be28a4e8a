#include "planner/commands/run_answer.hpp"

#include "core/error.hpp"
#include "sim/report/goodput.hpp"
#include "sim/run_fewer_replicas.hpp"

namespace wt {

EngineKind parse_engine_kind(const std::string& name, const std::string& argument) {
  if (name == "analytical") return EngineKind::analytical;
  if (name == "simgrid") return EngineKind::simgrid;
  throw InputError(argument, "unknown engine", name, "analytical, simgrid");
}

RunOutput run_with_figures(const Scenario& s, EngineKind engine, const EngineOptions& options,
                           const std::optional<validation::ErrorBands>& bands) {
  RunOutput out = run_scenario(s, engine, options);
  out.result.monte_carlo = monte_carlo_figures(s, out.result.iteration_time_s, SpotPreemption{},
                                               fewer_replicas_slowdowns(s));
  // The bands were measured on transformer runs (docs/validation.md): none for a layer list.
  if (bands && !s.model.is_layer_list())
    out.result.error_band = validation::band_of(*bands, s, out.result.iteration_time_s);
  return out;
}

}  // namespace wt
