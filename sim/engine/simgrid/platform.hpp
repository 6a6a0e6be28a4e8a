#pragma once
// The SimGrid platform of one simulation (SimGrid types are only forward-declared here): one host
// per GPU that sends or receives a flow, one SHARED link per directed topology link a flow crosses
// (bandwidth × the efficiency of its link class, the link's latency), and one explicit route per
// communicating GPU pair, the topology's ECMP choice for that pair, held in a SparseRouteZone
// (sparse_route_zone.hpp: only the routes added, not FullZone's hosts² table). Hosts and routes
// for GPUs that never touch the network are not created.
#include <cstdint>
#include <vector>

#include "sim/engine/simgrid/flow_plan.hpp"

namespace simgrid::s4u {
class Host;
}

namespace wt::sg {

struct Platform {
  std::vector<simgrid::s4u::Host*> gpu_host;  // by global rank; nullptr when not created
  simgrid::s4u::Host* controller = nullptr;   // where the actors live (sleeps need no speed)
  int64_t hosts = 0;
};

// Needs a live simgrid::s4u::Engine configured with the network model.
// Several plans (jobs on disjoint GPUs) share one platform: hosts and routes for all their flows.
Platform build_platform(const std::vector<const Plan*>& plans, const SimgridSetup& setup);

}  // namespace wt::sg
