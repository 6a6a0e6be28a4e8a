#pragma once
// The Serving tab's latency against load (planner/serving/latency_load.hpp): TTFT, TPOT and end to
// end P50, P95 and P99 of the deployment served at each rate of the sweep, on a log scale in ms,
// with each SLO target as a horizontal line; and the table rows, one per rate.
#include <vector>

#include "gui/views/figure_table.hpp"
#include "planner/serving/latency_load.hpp"

class QChart;

namespace wt::gui {

// The chart's series are, in order, for TTFT, TPOT and end to end each P50, P95 and P99 (one
// point per unsaturated rate: x the rate in req/s, y the percentile in ms), then one line per SLO
// target. Its title names the rate where the runs saturated.
QChart* latency_load_chart(const wt::LatencyAgainstLoad& load);
// Keys: "load_requests", "load_0" … one per point (the saturated one included).
std::vector<FigureRow> latency_load_rows(const wt::LatencyAgainstLoad& load);

}  // namespace wt::gui
