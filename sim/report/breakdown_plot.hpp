#pragma once
// `run --plot FILE.svg`: where one iteration's time goes, as one stacked bar: compute, pipeline
// bubble, exposed communication by dimension (TP, PP, DP, CP, EP), optimizer, other.
#include <string>

#include "sim/report/plot_svg.hpp"
#include "sim/report/run_result.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// The parts, in this order: compute, pipeline bubble, exposed TP/PP/DP/CP/EP, optimizer, other.
StackedBarChart breakdown_chart(const Scenario& s, const RunResult& r);
std::string breakdown_plot_svg(const Scenario& s, const RunResult& r);

}  // namespace wt
