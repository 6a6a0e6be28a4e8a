#include "sim/report/stage_balance.hpp"

#include <cstdio>
#include <utility>

namespace wt {
namespace {

std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g s", s);
  return text;
}

// The dimension of the largest exposed communication, e.g. "EP 29.0 s".
std::string largest_exposed(const ExposedComm& e) {
  const std::pair<const char*, double> dims[] = {
      {"TP", e.tp}, {"PP", e.pp}, {"DP", e.dp}, {"CP", e.cp}, {"EP", e.ep}};
  const auto* best = &dims[0];
  for (const auto& d : dims) {
    if (d.second > best->second) best = &d;
  }
  return std::string(best->first) + " " + seconds(best->second);
}

}  // namespace

std::string stage_balance_warning(const TimedIteration& timed, int pipeline_stages) {
  const StageLoad& busy = timed.busiest;
  if (pipeline_stages <= 1 || busy.stage == timed.critical_stage) return "";
  const double critical_busy_s =
      timed.breakdown_s.compute + timed.breakdown_s.exposed_comm + timed.breakdown_s.optimizer;
  if (busy.busy_s() - critical_busy_s <= kStageImbalanceShare * timed.iteration_s) return "";
  const std::string b = std::to_string(busy.stage);
  const std::string c = std::to_string(timed.critical_stage);
  std::string out = "pipeline stages are unbalanced: stage " + b + "'s GPUs are busy " +
                    seconds(busy.busy_s()) + " of the " + seconds(timed.iteration_s) +
                    " iteration (compute " + seconds(busy.breakdown_s.compute);
  if (busy.breakdown_s.exposed_comm > 0.0) {
    out += ", exposed communication " + seconds(busy.breakdown_s.exposed_comm) + ", most of it " +
           largest_exposed(busy.exposed_comm_by_dim_s);
  }
  out += "), stage " + c + "'s " + seconds(critical_busy_s) + ". The breakdown is stage " + c +
         "'s (it finishes last), so its pipeline bubble (" +
         seconds(timed.breakdown_s.pipeline_bubble) + ") is mostly waiting for stage " + b +
         ": stage " + b + " sets the pace";
  return out;
}

}  // namespace wt
