#pragma once
// What an engine produces: when each op of each role ran, and where each role's compute stream
// waited. Times are seconds from the start of the iteration.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/hardware/stragglers.hpp"
#include "sim/workload/program.hpp"

namespace wt {

struct OpTiming {
  double start_s = 0.0;
  double end_s = 0.0;
  // Time the op's stream sat idle before this op because a dependency was not ready. On the compute
  // stream it is split: waiting for data the pipeline had not produced yet is bubble, waiting on a
  // transfer or a collective on another stream is exposed communication.
  double wait_bubble_s = 0.0;
  double wait_comm_s = 0.0;
};

struct RoleTimeline {
  std::vector<OpTiming> ops;  // parallel to Program::ops
  double end_s = 0.0;         // when the last op of the role finished
};

struct Timeline {
  std::vector<RoleTimeline> roles;
  double iteration_s = 0.0;  // max over roles
  int critical_role = 0;     // the role that finished last
};

// What one directed topology link carried in a simulated iteration: its bytes (every flow crossing
// it, the flows the SimGrid reductions stand for included) and how long at least one flow moved
// data over it (the union of the flows' bandwidth phases, route latencies excluded).
struct LinkTraffic {
  int32_t link = 0;  // index into Topology::links()
  double bytes = 0.0;
  double busy_s = 0.0;
  // Time at line rate: the bytes at the link's bandwidth in the simulation (bytes over it), the
  // least time it could have carried them in; over the iteration, how hot the link ran.
  double line_rate_s = 0.0;
};

// One interface for every engine that times a workload's programs (the analytical walk and
// SimGrid; sim/run makes them). The `estimate` closed forms time no programs and are not one.
class Engine {
 public:
  virtual ~Engine() = default;
  virtual const char* name() const = 0;
  virtual Timeline run(const Workload& workload) = 0;
  // What the last run aggregated, in words (RunResult::engine_reductions); none by default.
  virtual std::vector<std::string> reductions() const { return {}; }
  // What each link carried in the last run, ascending by link; empty for an engine without links.
  virtual std::vector<LinkTraffic> link_traffic() const { return {}; }
  // Async parameter servers simulated step by step (SimGrid): the staleness measured from the
  // simulated order of the pushes; none by default (the report then draws it, data_sync.hpp).
  virtual std::optional<Staleness> measured_staleness() const { return std::nullopt; }
};

}  // namespace wt
