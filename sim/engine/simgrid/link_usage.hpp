#pragma once
// Per-link traffic of one simulation (plain C++, fed by des.cpp): the bytes each directed topology
// link carried and its busy time, the union of the intervals in which at least one flow moved
// data over it. A simulated flow moves data from its start plus its route latency (CM02 charges
// the latency first) until it completes. The flows reductions stand for are counted too: a rail-0
// flow (C') also loads its twins' routes on the other rails at the same times, and the flows of a
// closed-form sleep (A) keep each link they cross busy for bytes / its uncontended rate, ending
// with the sleep. A closed-form phase runs thousands of times on thousands of links, so it is
// recorded as one end time per run; links loaded by the same closed phases alike share one busy
// time, computed once.
#include <cstdint>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sim/engine/simgrid/flow_plan.hpp"

namespace wt::sg {

// A link's bandwidth in the simulation: the raw figure times its link class's efficiency.
double effective_Bps(const topo::Link& link, const SimgridSetup& setup);

class LinkUsage {
 public:
  LinkUsage(const SimgridSetup& setup, int mirrored_rails);

  // A simulated flow that started at `start_s` and completed at `end_s`.
  void add_flow(const Flow& f, double start_s, double end_s);
  // The closed-form flows of `phase` (non-empty), whose sleep ended at `end_s`.
  void add_closed_phase(const FlowPhase& phase, double end_s);

  std::vector<LinkTraffic> finish();

 private:
  struct Interval {
    double from_s;
    double to_s;
  };
  struct Usage {  // what simulated flows put on one link
    int32_t link = 0;
    double bytes = 0.0;
    std::vector<Interval> busy;
    size_t merged = 0;  // busy.size() after the last merge
  };
  struct ClosedEntry {
    int32_t link = 0;
    double bytes = 0.0;   // per run of the phase
    double busy_s = 0.0;  // per run, ending with the sleep
  };
  struct ClosedPhase {
    std::vector<ClosedEntry> entries;
    std::vector<double> ends_s;  // one per run, ascending (the clock only moves forward)
  };
  // The closed phases loading one link, with their busy time there.
  using Signature = std::vector<std::pair<int32_t, double>>;

  struct Route {
    std::vector<int32_t> links;
    double latency_s = 0.0;
    bool simulated = false;  // a simulated flow took it (rail 0's, under C')
  };

  Route& route(int32_t src, int32_t dst);
  Usage& usage(int32_t link);
  void mirror_rails();
  int32_t closed_phase(const FlowPhase& phase);
  void expand(const Signature& sig, std::vector<Interval>& out) const;
  static void merge(std::vector<Interval>& busy);
  static double total_s(std::vector<Interval>& busy);

  const SimgridSetup& setup_;
  int mirrored_rails_;
  std::unordered_map<uint64_t, Route> routes_;
  std::vector<int32_t> slot_;  // per link: index into usages_, -1 when unused
  std::vector<Usage> usages_;
  std::unordered_map<const FlowPhase*, int32_t> closed_ids_;
  std::vector<ClosedPhase> closed_;
};

}  // namespace wt::sg
