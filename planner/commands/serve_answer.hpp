#pragma once
// What `windtunnel serve` computes once the scenario is loaded, shared by the CLI and the GUI so
// that `serve --json` and the GUI's Serving tab show the same figures.
#include "sim/run_serving.hpp"

namespace wt {

// serve_scenario, then the cost figures at the scenario's cost.usd_per_gpu_hour, else the
// built-in table's cheapest on-demand offer for the GPU (the price `plan` takes with provider
// "any"); a warning instead of cost figures when neither prices it.
ServeOutput serve_with_price(const Scenario& s, const ServeOptions& options = {});

}  // namespace wt
