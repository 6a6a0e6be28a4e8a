#pragma once
// What the SimGrid engine simulates, decided before SimGrid starts (plain C++, tested without it):
// for every communication op of every unit (a role, or one GPU of a role), the phases of flows it
// waits for. A phase sleeps (latencies, closed-form parts), then starts its flows and waits for
// all.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "sim/engine/simgrid/simgrid_engine.hpp"

namespace wt::sg {

struct Flow {
  int32_t src = 0;  // topology GPUs (the workload ranks placed by SimgridSetup::gpu_of_rank)
  int32_t dst = 0;
  double bytes = 0.0;
};

struct FlowPhase {
  double sleep_s = 0.0;
  std::vector<Flow> flows;
  // Reduction A: the flows a closed-form sleep stands for, all steps and calls in one flow per
  // pair. Not simulated; counted in the link loads as ending with the sleep.
  std::vector<Flow> closed_flows;
};

struct CommWork {
  std::vector<FlowPhase> phases;
  // An all-to-all's flows: reduction D may replay a phase that runs alone (des.hpp).
  bool replayable = false;
};

// One meeting point of a collective: `expected` units arrive, the last one runs `work`.
struct Instance {
  int32_t expected = 1;
  int32_t work = 0;  // index into Plan::works
};

struct Plan {
  int ranks_per_role = 1;  // tensor · context · data
  bool per_role = true;    // units are roles (else GPUs)
  std::vector<int32_t> unit_role;
  // Per unit, per op of its role's program: the instance it runs, -1 for compute and recv.
  std::vector<std::vector<int32_t>> op_instance;
  std::vector<Instance> instances;
  std::vector<CommWork> works;
  std::vector<std::string> reductions;
  // Reduction C': each simulated flow stands for itself and its twins on rails 1..mirrored_rails−1
  // (GPUs shifted by the rail index), whose routes carry the same traffic at the same times.
  int mirrored_rails = 1;
  int num_units() const { return static_cast<int>(unit_role.size()); }
  int64_t num_flows() const;
};

// Route latency of the flow from `src` to `dst` (sum over its links), memoised.
class RouteLatency {
 public:
  explicit RouteLatency(const topo::Topology& t) : topology_(t) {}
  double operator()(int32_t src, int32_t dst);

 private:
  const topo::Topology& topology_;
  std::unordered_map<uint64_t, double> cache_;
  std::vector<int32_t> scratch_;
};

// ECMP hash of a GPU pair: SimGrid holds one route per host pair, so a flow's path depends on its
// endpoints only. On a rail-optimized fabric (every rail its own switches) the hash ignores the
// rail, so the rails choose alike and reduction C' can prove them identical; elsewhere the GPUs of
// one node hash apart, or all their flows would pile onto one uplink.
uint64_t flow_hash(const topo::Topology& t, int32_t src, int32_t dst);

Plan build_plan(const Workload& w, const SimgridSetup& setup);

}  // namespace wt::sg
