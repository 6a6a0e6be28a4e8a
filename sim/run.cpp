#include "sim/run.hpp"

#include <algorithm>
#include <memory>
#include <vector>

#include "core/error.hpp"
#include "sim/comm/parameter_server.hpp"
#include "sim/engine/analytical/estimate.hpp"
#include "sim/engine/analytical/walk.hpp"
#include "sim/engine/simgrid/simgrid_engine.hpp"
#include "sim/engine/time_split.hpp"
#include "sim/report/assemble_result.hpp"
#include "sim/run_checks.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/hardware_setup.hpp"
#include "sim/workload/model_math.hpp"
#include "sim/workload/stage_memory.hpp"
#include "topology/topology.hpp"

namespace wt {
namespace {

// Link loads: each link's busy time over the simulated iteration.
std::vector<LinkLoad> link_loads_of(const std::vector<LinkTraffic>& traffic, double iteration_s) {
  std::vector<LinkLoad> loads;
  loads.reserve(traffic.size());
  for (const LinkTraffic& l : traffic) {
    const double busy = iteration_s > 0.0 ? l.busy_s / iteration_s : 0.0;
    const double line_rate = iteration_s > 0.0 ? l.line_rate_s / iteration_s : 0.0;
    loads.push_back({l.link, l.bytes, std::clamp(busy, 0.0, 1.0), std::clamp(line_rate, 0.0, 1.0)});
  }
  return loads;
}

// An engine with what it runs on: SimGrid reads the scenario's network (which must outlive it).
struct EngineOnCluster {
  std::unique_ptr<topo::Topology> topology;
  std::unique_ptr<Engine> engine;
};

// The SimGrid engine on the scenario's network: link bandwidths scaled by the same efficiencies as
// the analytical fabric (intra-node: the fabric's NVLink beta over the raw figure, which also
// carries a calibration; network: the GPU's network efficiency).
EngineOnCluster simgrid_engine(const Scenario& s, const HardwareSetup& hw,
                               const EngineOptions& options) {
  const GpuSpec& gpu = hw.gpu;
  const double intra_Bps = topo::intra_node_bandwidth_Bps(
      s.cluster.intra_node, gpu.nvlink_GBps.value, gpu.pcie_GBps.value);
  EngineOnCluster out;
  // Parameter servers and backup workers are hosts of the network: extra nodes beside the
  // cluster's (sim/comm/parameter_server.hpp, PsHosts).
  out.topology = topo::build_topology(simulated_cluster(s), intra_Bps);
  SimgridSetup setup;
  setup.parameter_servers = ps_hosts(s);
  setup.async = async_steps(s);
  setup.topology = out.topology.get();
  setup.fabric = hw.fabric;
  setup.intra_node_scale = intra_Bps > 0.0 ? hw.fabric.intra.beta_Bps / intra_Bps : 1.0;
  setup.network_scale = gpu.network_efficiency.value;
  setup.pin = s.parallel.collective_algorithm;
  setup.slice_gpus = s.cluster.num_slices() > 1 ? s.cluster.slice_chips() : 0;
  setup.torus = chip_torus(s.cluster);
  setup.progress = options.progress;
  out.engine = std::make_unique<SimgridEngine>(std::move(setup));
  return out;
}

// The one place an engine kind becomes an Engine.
EngineOnCluster make_engine(EngineKind kind, const Scenario& s, const HardwareSetup& hw,
                            const EngineOptions& options) {
  if (kind == EngineKind::simgrid) return simgrid_engine(s, hw, options);
  EngineOnCluster out;
  out.engine = std::make_unique<AnalyticalEngine>();
  return out;
}

}  // namespace

RunOutput run_scenario(const Scenario& s, EngineKind engine) {
  return run_scenario(s, engine, EngineOptions{});
}

RunOutput run_scenario(const Scenario& s, EngineKind engine, const EngineOptions& options) {
  require_training_job(s);
  const HardwareSetup hw(s);
  RunOutput out;
  out.workload = build_workload(s);
  assign_durations(out.workload, s, hw.gpu, hw.fabric, hw.profile());
  const EngineOnCluster timer = make_engine(engine, s, hw, options);
  out.timeline = timer.engine->run(out.workload);
  out.link_loads = link_loads_of(timer.engine->link_traffic(), out.timeline.iteration_s);

  const Workload& w = out.workload;
  const IterationWork work{w.model_flops, w.hardware_flops,
                           peak_memory(s, w, hw.gpu.memory_bytes())};
  out.result = assemble_result(s, hw.gpu, hw.profile(), time_split(w, out.timeline), work,
                               timer.engine->name());
  out.result.engine_reductions = timer.engine->reductions();
  if (const auto st = timer.engine->measured_staleness(); st && out.result.data_sync) {
    DataSyncFigures& f = *out.result.data_sync;
    f.staleness_mean = st->mean;
    f.staleness_p50 = st->p50;
    f.staleness_p90 = st->p90;
    f.staleness_max = st->max;
  }
  check_result_finite(s, out.result);
  return out;
}

RunResult estimate_scenario(const Scenario& s) {
  require_training_job(s);
  // A layer-list model has no closed form: its program is walked (sim/workload/layer_list.hpp).
  if (s.model.is_layer_list()) return run_scenario(s, EngineKind::analytical).result;
  const HardwareSetup hw(s);
  const ScenarioEstimate e = estimate_iteration_and_memory(s, hw);
  const IterationFlops flops = iteration_flops(s);
  const IterationWork work{flops.model, flops.hardware, e.memory};
  return assemble_result(s, hw.gpu, hw.profile(), e.iteration, work, "estimate");
}

}  // namespace wt
