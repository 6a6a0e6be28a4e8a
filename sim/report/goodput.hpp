#pragma once
// The failure figures of a run (docs/cli.md, "Time, cost and failures"): the closed form every run
// carries and the Monte Carlo `run` adds.
#include <functional>

#include "sim/report/run_result.hpp"
#include "sim/report/train_cost.hpp"

namespace wt {

FailureFigures failure_figures(const TrainCost& cost);

// reliability.monte_carlo_runs runs of the whole job from reliability.seed; none (nullopt) when
// the scenario trains no tokens or asks for no runs. Runs 0 with why_not when the closed form
// never finishes or a run runs away.
std::optional<MonteCarloFigures> monte_carlo_figures(const Scenario& s, double iteration_s);
// The same with a given spot preemption rate (the planner's plan.spot_node_mtbp_hours) and, for
// reliability.continue_with_fewer_replicas, the slowdown with replicas missing
// (GoodputInputs::slowdown; sim/run_fewer_replicas.hpp re-times it; empty: proportional).
std::optional<MonteCarloFigures> monte_carlo_figures(
    const Scenario& s, double iteration_s, const SpotPreemption& spot,
    const std::function<double(int missing)>& slowdown = {});

}  // namespace wt
