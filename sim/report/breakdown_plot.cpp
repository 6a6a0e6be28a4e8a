#include "sim/report/breakdown_plot.hpp"

#include "sim/report/headline.hpp"
#include "sim/report/summary_text.hpp"

namespace wt {

StackedBarChart breakdown_chart(const Scenario& s, const RunResult& r) {
  const Breakdown& b = r.breakdown_s;
  const ExposedComm& e = r.exposed_comm_by_dim_s;
  StackedBarChart c;
  c.title = model_display_name(s) + " · " + with_thousands(r.num_gpus) + " GPUs · iteration " +
            format_duration(r.iteration_time_s);
  c.value_label = "seconds per iteration (" + r.engine + " engine)";
  c.value_format = TickFormat::seconds;
  c.parts = {"compute",    "pipeline bubble", "exposed TP", "exposed PP", "exposed DP",
             "exposed CP", "exposed EP",      "optimizer",  "other"};
  c.bars = {{"iteration",
             {b.compute, b.pipeline_bubble, e.tp, e.pp, e.dp, e.cp, e.ep, b.optimizer, b.other}}};
  return c;
}

std::string breakdown_plot_svg(const Scenario& s, const RunResult& r) {
  return stacked_bar_svg(breakdown_chart(s, r));
}

}  // namespace wt
