#pragma once
// The Serving tab's replicas per hour (planner/serving/daily_replicas.hpp): a chart of the 24
// hours' replica counts as bars (left axis) with the hour's request rate as a line (right axis),
// and the table rows: the monthly cost, the peak, the limits and each hour's count with its why.
#include <vector>

#include "gui/views/figure_table.hpp"
#include "planner/serving/daily_replicas.hpp"

class QChart;

namespace wt::gui {

// The chart's series are, in order, the bars (one set, 24 values) and the rate line.
QChart* daily_replicas_chart(const wt::DailyReplicas& day);
// Keys: "monthly_usd", "replica_hours", "monthly_always_peak_usd", "peak", "limits", "hour_00" …
// "hour_23".
std::vector<FigureRow> daily_replicas_rows(const wt::DailyReplicas& day);

}  // namespace wt::gui
