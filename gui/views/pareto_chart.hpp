#pragma once
// The Planner tab's scatter: every candidate the plan report names, time to train against cost,
// with the Pareto front drawn as a line, the recommendation marked and the deadline and budget as
// dashed limits.
class QChart;

namespace wt::gui {

struct PlanRun;

QChart* pareto_chart(const PlanRun& plan);  // the caller owns the chart

}  // namespace wt::gui
