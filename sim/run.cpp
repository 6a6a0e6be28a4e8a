#include "sim/run.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "sim/comm/fabric.hpp"
#include "sim/core/error.hpp"
#include "sim/engine/analytical/walk.hpp"
#include "sim/engine/simgrid/simgrid_engine.hpp"
#include "sim/hardware/calibration.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/report/train_cost.hpp"
#include "sim/run_checks.hpp"
#include "sim/workload/builder.hpp"
#include "sim/workload/costs.hpp"
#include "sim/workload/stage_memory.hpp"
#include "topology/topology.hpp"

namespace wt {
namespace {

double& share_of(ExposedComm& e, CommDim d) {
  switch (d) {
    case CommDim::tp:
      return e.tp;
    case CommDim::cp:
      return e.cp;
    case CommDim::ep:
      return e.ep;
    case CommDim::dp:
      return e.dp;
    case CommDim::pp:
    case CommDim::none:
      break;
  }
  return e.pp;
}

// Charges a compute-stream wait to what it waited for: a receive's to the pipeline; otherwise
// the ops on the stream of the dependency that ended the wait, each for the stretch it ran (a
// gradient reduction, then the tied-embedding sync queued behind it), and any rest to that
// dependency.
void charge_wait(const Program& program, const RoleTimeline& timing, const Op& op,
                 const OpTiming& waiting, ExposedComm& e) {
  if (op.kind == OpKind::recv) {
    e.pp += waiting.wait_comm_s;
    return;
  }
  int32_t last = -1;
  for (int32_t dep : op.deps) {
    if (dep >= 0 && (last < 0 || timing.ops[dep].end_s > timing.ops[last].end_s)) last = dep;
  }
  if (last < 0) {
    e.dp += waiting.wait_comm_s;
    return;
  }
  const double from_s = waiting.start_s - waiting.wait_comm_s;
  double charged = 0.0;
  for (int32_t i = last; i >= 0; --i) {
    if (program.ops[i].stream != program.ops[last].stream) continue;
    const OpTiming& t = timing.ops[i];
    if (t.end_s <= from_s) break;
    const double ran = std::min(t.end_s, waiting.start_s) - std::max(t.start_s, from_s);
    if (ran <= 0.0) continue;
    share_of(e, program.ops[i].dim) += ran;
    charged += ran;
  }
  if (waiting.wait_comm_s > charged)
    share_of(e, program.ops[last].dim) += waiting.wait_comm_s - charged;
}

struct TimeSplit {
  Breakdown breakdown;
  ExposedComm exposed;
};

// Where the critical stage's compute stream spent the iteration.
TimeSplit time_split(const Workload& w, const Timeline& t) {
  const int role = t.critical_role;
  const Program& program = w.programs[role];
  const RoleTimeline& timing = t.roles[role];
  TimeSplit split;
  Breakdown& b = split.breakdown;
  for (size_t i = 0; i < program.ops.size(); ++i) {
    const Op& op = program.ops[i];
    if (op.stream != Stream::compute) continue;
    const OpTiming& ot = timing.ops[i];
    b.pipeline_bubble += ot.wait_bubble_s;
    b.exposed_comm += ot.wait_comm_s;
    charge_wait(program, timing, op, ot, split.exposed);
    const double busy = ot.end_s - ot.start_s;
    if (op.kind == OpKind::compute) {
      (op.phase == Phase::optimizer ? b.optimizer : b.compute) += busy;
    } else {
      b.exposed_comm += busy;
      share_of(split.exposed, op.dim) += busy;
    }
  }
  b.other =
      std::max(0.0, t.iteration_s - (b.compute + b.exposed_comm + b.pipeline_bubble + b.optimizer));
  return split;
}

CommVolume comm_volume_of(const Workload& w) {
  CommVolume most;
  for (const Program& program : w.programs) {
    CommVolume v;
    for (const Op& op : program.ops) {
      switch (op.dim) {
        case CommDim::tp:
          v.tp += op.bytes_sent;
          break;
        case CommDim::pp:
          v.pp += op.bytes_sent;
          break;
        case CommDim::dp:
          v.dp += op.bytes_sent;
          break;
        case CommDim::cp:
          v.cp += op.bytes_sent;
          break;
        case CommDim::ep:
          v.ep += op.bytes_sent;
          break;
        case CommDim::none:
          break;
      }
    }
    most.tp = std::max(most.tp, v.tp);
    most.pp = std::max(most.pp, v.pp);
    most.dp = std::max(most.dp, v.dp);
    most.cp = std::max(most.cp, v.cp);
    most.ep = std::max(most.ep, v.ep);
  }
  return most;
}

// The SimGrid engine on the scenario's network: link bandwidths scaled by the same efficiencies as
// the analytical fabric (intra-node: the fabric's NVLink beta over the raw figure, which also
// carries a calibration; network: the GPU's network efficiency).
// Link loads: each link's busy time over the simulated iteration.
std::vector<LinkLoad> link_loads_of(const std::vector<LinkTraffic>& traffic, double iteration_s) {
  std::vector<LinkLoad> loads;
  loads.reserve(traffic.size());
  for (const LinkTraffic& l : traffic) {
    const double busy = iteration_s > 0.0 ? l.busy_s / iteration_s : 0.0;
    loads.push_back({l.link, l.bytes, std::clamp(busy, 0.0, 1.0)});
  }
  return loads;
}

Timeline run_simgrid(const Scenario& s, const GpuSpec& gpu, const Fabric& fabric, const Workload& w,
                     const EngineOptions& options, std::vector<std::string>& reductions,
                     std::vector<LinkLoad>& loads) {
  const double intra_Bps = topo::intra_node_bandwidth_Bps(
      s.cluster.intra_node, gpu.nvlink_GBps.value, gpu.pcie_GBps.value);
  const std::unique_ptr<topo::Topology> topology = topo::build_topology(s.cluster, intra_Bps);
  SimgridSetup setup;
  setup.topology = topology.get();
  setup.fabric = fabric;
  setup.intra_node_scale = intra_Bps > 0.0 ? fabric.intra.beta_Bps / intra_Bps : 1.0;
  setup.network_scale = gpu.network_efficiency.value;
  setup.pin = s.parallel.collective_algorithm;
  setup.progress = options.progress;
  SimgridEngine engine(std::move(setup));
  Timeline t = engine.run(w);
  reductions = engine.reductions();
  loads = link_loads_of(engine.link_traffic(), t.iteration_s);
  return t;
}

}  // namespace

RunOutput run_scenario(const Scenario& s, EngineKind engine) {
  return run_scenario(s, engine, EngineOptions{});
}

RunOutput run_scenario(const Scenario& s, EngineKind engine, const EngineOptions& options) {
  const GpuSpec* gpu = find_gpu(s.cluster.gpu);
  if (gpu == nullptr) throw InputError("cluster.gpu", "unknown GPU", s.cluster.gpu, gpu_ids());
  RunOutput out;
  std::optional<Calibration> calibration;
  Fabric fabric = make_fabric(s, *gpu);
  if (s.calibration) {
    calibration.emplace(read_profile(*s.calibration), *gpu);
    fabric = calibrate_fabric(fabric, s.cluster.gpus_per_node, *calibration);
  }
  out.workload = build_workload(s);
  assign_durations(out.workload, s, *gpu, fabric, calibration ? &*calibration : nullptr);
  RunResult& r = out.result;
  if (engine == EngineKind::simgrid) {
    out.timeline =
        run_simgrid(s, *gpu, fabric, out.workload, options, r.engine_reductions, out.link_loads);
    r.engine = "simgrid";
  } else {
    out.timeline = walk(out.workload);
    r.engine = "analytical";
  }

  const Workload& w = out.workload;
  const double t = out.timeline.iteration_s;
  const int n = s.cluster.num_gpus();
  const double peak = gpu->peak_flops(s.training.precision);
  r.scenario = s.name;
  r.num_gpus = n;
  r.iteration_time_s = t;
  r.samples_per_s = static_cast<double>(s.training.global_batch_size) / t;
  r.tokens_per_s = r.samples_per_s * static_cast<double>(s.model.seq_length);
  r.model_flops_per_iteration = w.model_flops;
  r.hardware_flops_per_iteration = w.hardware_flops;
  r.model_tflops_per_gpu = w.model_flops / t / n / 1e12;
  r.hardware_tflops_per_gpu = w.hardware_flops / t / n / 1e12;
  r.mfu = w.model_flops / (t * n * peak);
  r.hfu = w.hardware_flops / (t * n * peak);
  const TimeSplit split = time_split(w, out.timeline);
  r.breakdown_s = split.breakdown;
  r.exposed_comm_by_dim_s = split.exposed;
  r.comm_volume_bytes_per_gpu = comm_volume_of(w);

  const PeakMemory mem = peak_memory(s, w, gpu->memory_bytes());
  r.memory_per_gpu_bytes = mem.use;
  r.memory_verdict = memory_verdict(mem.use);
  r.fits_in_memory = r.memory_verdict != MemoryVerdict::does_not_fit;
  r.warnings = s.warnings;
  if (calibration) {
    for (std::string& gap : calibration_fallbacks(s, *calibration))
      r.warnings.push_back(std::move(gap));
  }
  if (std::string memory = memory_warning(mem.use, mem.stage); !memory.empty()) {
    r.warnings.push_back(std::move(memory));
  }

  const TrainCost cost = train_cost(s, t);
  r.time_to_train_s = cost.time_to_train_s;
  r.gpu_hours = cost.gpu_hours;
  r.cost_usd = cost.cost_usd;
  r.expected_time_to_train_with_failures_s = cost.expected_time_to_train_with_failures_s;
  r.optimal_checkpoint_interval_s = cost.optimal_checkpoint_interval_s;
  if (std::isinf(cost.expected_time_to_train_with_failures_s)) {
    r.warnings.push_back(
        "failures outpace progress: the expected time between failures of the cluster is shorter "
        "than checkpoint interval plus restart; training would not finish");
  }
  check_result_finite(s, r);
  return out;
}

}  // namespace wt
