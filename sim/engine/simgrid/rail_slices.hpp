#pragma once
// Reduction C' (docs/engine.md): the rails of a rail-optimized fabric as independent, identical
// simulations. GPU g is on rail g mod gpus_per_node. When every flow of the plan stays on its rail,
// every phase holds the same flows on every rail (shifted by the rail index), and the routes of
// the rails map onto rail 0's link by link (a consistent one-to-one map preserving bandwidth and
// latency, so rails share no link), then max-min sharing gives every rail rail 0's rates: only
// rail 0's flows need simulating. Decided from the routes, never assumed.
#include <string>

#include "sim/engine/simgrid/flow_plan.hpp"

namespace wt::sg {

// Keeps only rail 0's flows when the rails are provably independent and identical; says so in
// `note`. Returns false (plan untouched, `note` = why not) otherwise.
bool reduce_to_rail_zero(Plan& plan, const topo::Topology& topology, std::string& note);

}  // namespace wt::sg
