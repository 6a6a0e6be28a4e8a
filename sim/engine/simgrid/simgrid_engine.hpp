#pragma once
// The SimGrid engine (docs/engine.md, "The SimGrid engine"): the same per-role programs as the
// analytical walk, with communication replaced by the point-to-point flows of the collective
// algorithm the cost model chose, on the topology's directed links, under SimGrid's max-min
// bandwidth sharing. So contention (oversubscribed uplinks, shared global links, DP and PP on one
// NIC) shows in the timeline. SimGrid headers appear only in this folder's .cpp files; each
// simulation runs in a forked child process, because SimGrid 3.32's engine is a process-wide
// singleton.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sim/comm/collective.hpp"
#include "sim/comm/parameter_server.hpp"
#include "sim/comm/torus_collective.hpp"
#include "sim/engine/timeline.hpp"
#include "sim/hardware/stragglers.hpp"
#include "sim/scenario/scenario.hpp"
#include "topology/topology.hpp"

namespace wt {

// The provably equivalent aggregations the engine may use. All are on by default; the tests turn
// them off to compare against the unreduced simulation.
struct SimgridReductions {
  // A: a collective (or send) whose group lies inside one NVSwitch node takes its closed-form time.
  bool intra_node_closed_form = true;
  // B: the identical steps of a ring (and the identical calls of one op) become one flow per
  // neighbour pair carrying all their bytes, plus their latencies as a sleep.
  bool aggregate_ring_steps = true;
  // C: one actor set per role (pipeline stage) whose ops wait for the flows of all replicas;
  // off: one actor set per GPU, groups meeting at every collective.
  bool one_actor_set_per_role = true;
  // C': when every flow stays on its rail and the rails' routes are link-disjoint and isomorphic,
  // only rail 0 is simulated.
  bool representative_rail = true;
  // D: an all-to-all phase that runs alone (no other flow in flight from its start to its end)
  // takes the time its flows took the first time they ran alone, without simulating them again.
  // Checked after the fact: a run in which another flow started during a replayed phase is run
  // again with that phase simulated (docs/engine.md, "Reductions").
  bool replay_isolated_all_to_all = true;
};

// parallel.data_sync async (docs/engine.md, "Asynchronous parameter servers"): every worker node
// of SimgridSetup::parameter_servers is a job of its own that runs `steps` steps back to back,
// pushing and pulling only its gradients, with no barrier between the workers.
struct AsyncSteps {
  int steps = 0;   // per worker; 0: lockstep replicas (every other data_sync)
  int warmup = 0;  // first steps per worker left out of the step time and the staleness
  // Per worker node and step, what its compute ops' durations are multiplied by (the stragglers'
  // draws, sim/hardware/stragglers.hpp, async_step_stretches); empty: 1.
  std::vector<std::vector<double>> compute_scale;
  int64_t worker = -1;  // set by the engine: the worker node whose plan is being built
};

// The scenario's async run: under parallel.data_sync async, 40 steps per worker node of which the
// first 5 are warm-up (the workers start together), with the stragglers' per-step draws
// (cluster.step_noise, slow_node_rate and slow_node_slowdown, seeded by reliability.seed);
// steps = 0 under every other data_sync.
AsyncSteps async_steps(const Scenario& s);

struct SimgridSetup {
  const topo::Topology* topology = nullptr;
  Fabric fabric{};  // the cost model's fabric: latencies, call overhead, algorithm choice
  // Bandwidth multipliers applied to the topology's raw link bandwidths, per link class (the
  // efficiencies the analytical fabric uses), so that uncontended flows reproduce alpha-beta.
  double intra_node_scale = 1.0;
  double network_scale = 1.0;
  CollectiveAlgorithm pin = CollectiveAlgorithm::automatic;
  // parallel.data_sync parameter_server or backup_workers: the data-parallel gradient ops are a
  // push and pull between these worker and server nodes of the topology (sim/engine/simgrid/
  // ps_flows.hpp); workers = 0 keeps the all-reduce.
  PsHosts parameter_servers{};
  AsyncSteps async{};
  SimgridReductions reductions{};
  // TPU multi-slice (cluster.dcn): the GPUs of one ICI slice (GPUs are numbered slice-major); 0
  // when the cluster is one slice. A group spanning slices runs hierarchically (flow_plan.cpp).
  int32_t slice_gpus = 0;
  // The chips' torus (chip_torus of the scenario's cluster; empty dims: none). An all-reduce,
  // all-gather or reduce-scatter whose group is a sub-block of it (torus_group, as the walk
  // decides) runs as per-dimension bidirectional rings (torus_flows.hpp), not one flat ring.
  ChipTorus torus{};
  // Where the workload runs: the topology GPU of each workload rank (global rank = role ·
  // ranks_per_role + position). Empty: rank r on GPU r. A shared cluster (simulate_simgrid_jobs)
  // places each job on its own nodes this way.
  std::vector<int32_t> gpu_of_rank;
  // Called with the fraction of ops done (0..1) from the simulation, at most ~100 times.
  std::function<void(double)> progress;
};

struct SimgridResult {
  // With one actor set per role: one RoleTimeline per role. Per GPU: one per (role, position in
  // the role), unit = role * ranks_per_role + position; iteration_s and critical_role over units.
  Timeline timeline;
  std::vector<std::string> reductions;  // what was aggregated, in words
  int64_t flows = 0;                    // flows the simulation carried
  int64_t hosts = 0;                    // SimGrid hosts created
  std::vector<LinkTraffic> links;       // links that carried traffic, ascending by link
  // Async: the staleness of the measured pushes, from the simulated order of the step ends.
  std::optional<Staleness> staleness;
};

SimgridResult simulate_simgrid(const Workload& w, const SimgridSetup& setup);

// Several jobs on one cluster (docs/engine.md, "Shared clusters"): one simulation in which every
// job runs `steps` training steps back to back on its own GPUs (setup.gpu_of_rank, disjoint), all
// flows sharing the topology's links under max-min fairness. A job's next step starts when every
// unit of its previous step has finished (the optimizer step closes an iteration). All jobs share
// one topology and its link scales (the first job's); reduction C' (representative rail) is off,
// since another job's traffic breaks the rails' symmetry.
struct SimgridJob {
  const Workload* workload = nullptr;
  SimgridSetup setup;
};

struct SimgridJobsResult {
  std::vector<std::vector<double>> step_end_s;  // per job, per step: when its last unit finished
  std::vector<LinkTraffic> links;               // over the whole simulation, ascending by link
  double end_s = 0.0;                           // when the last job finished
  int64_t flows = 0;
  int64_t hosts = 0;
};

SimgridJobsResult simulate_simgrid_jobs(const std::vector<SimgridJob>& jobs, int steps);

class SimgridEngine final : public Engine {
 public:
  explicit SimgridEngine(SimgridSetup setup) : setup_(std::move(setup)) {}
  const char* name() const override { return "simgrid"; }
  Timeline run(const Workload& w) override;
  std::vector<std::string> reductions() const override { return reductions_; }
  std::vector<LinkTraffic> link_traffic() const override { return links_; }
  std::optional<Staleness> measured_staleness() const override { return staleness_; }

 private:
  SimgridSetup setup_;
  std::vector<std::string> reductions_;
  std::vector<LinkTraffic> links_;
  std::optional<Staleness> staleness_;
};

}  // namespace wt
