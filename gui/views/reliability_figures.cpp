#include "gui/views/reliability_figures.hpp"

#include <cmath>

#include <QObject>

#include "sim/report/summary_text.hpp"

namespace wt::gui {
namespace {

QString failure_duration(double s) {
  return std::isinf(s) ? QObject::tr("never (failures outpace progress)")
                       : text_of(format_duration(s));
}

}  // namespace

QString no_reliability_reason(const RunResult& r) {
  if (r.time_to_train_s <= 0.0) {
    return QObject::tr(
        "No reliability figures: the scenario has no training.total_tokens, so there is no run "
        "to spread failures over. Set it (Training page) and run again.");
  }
  if (r.failures.cluster_mtbf_s <= 0.0) {
    return QObject::tr("No reliability figures: the scenario has no failure process.");
  }
  return {};
}

std::vector<FigureRow> failure_rows(const RunResult& r) {
  const FailureFigures& f = r.failures;
  return {
      {"time_to_train", QObject::tr("Time to train, no failures"),
       failure_duration(r.time_to_train_s)},
      {"expected_time", QObject::tr("Expected, with failures"),
       failure_duration(r.expected_time_to_train_with_failures_s)},
      {"cluster_mtbf", QObject::tr("Cluster MTBF"), failure_duration(f.cluster_mtbf_s)},
      {"interruptions", QObject::tr("Expected interruptions"),
       std::isinf(f.expected_interruptions) ? QObject::tr("unbounded")
                                            : text_of(format_count(f.expected_interruptions))},
      {"ettr", QObject::tr("ETTR (closed form)"), fraction_percent(f.ettr)},
  };
}

std::vector<FigureRow> monte_carlo_rows(const RunResult& r, bool priced) {
  if (!r.monte_carlo) {
    return {{"monte_carlo", QObject::tr("Monte Carlo"),
             QObject::tr("not run (reliability.monte_carlo_runs is 0)")}};
  }
  const MonteCarloFigures& m = *r.monte_carlo;
  if (m.runs == 0) {
    return {{"monte_carlo", QObject::tr("Monte Carlo"),
             QObject::tr("not run: %1").arg(text_of(m.why_not))}};
  }
  const double t0 = r.time_to_train_s;
  std::vector<FigureRow> out = {
      {"monte_carlo", QObject::tr("Monte Carlo"),
       QObject::tr("%1 runs, seed %2").arg(m.runs).arg(m.seed)},
      {"mean_time", QObject::tr("Mean time to train"),
       QStringLiteral("%1 ± %2").arg(failure_duration(m.mean_time_s),
                                     failure_duration(m.stderr_time_s))},
      {"p50_time", QObject::tr("P50 time to train"), failure_duration(m.p50_time_s)},
      {"p90_time", QObject::tr("P90 time to train"), failure_duration(m.p90_time_s)},
  };
  if (priced) {
    out.push_back(
        {"p50_cost", QObject::tr("P50 cost"), text_of("$" + format_count(m.p50_cost_usd))});
    out.push_back(
        {"p90_cost", QObject::tr("P90 cost"), text_of("$" + format_count(m.p90_cost_usd))});
  }
  out.push_back({"ettr_mc", QObject::tr("ETTR (T0 / mean)"), fraction_percent(m.ettr)});
  out.push_back(
      {"ettr_p50", QObject::tr("ETTR of the P50 run"), fraction_percent(t0 / m.p50_time_s)});
  out.push_back(
      {"ettr_p10", QObject::tr("ETTR of the P90 run"), fraction_percent(t0 / m.p90_time_s)});
  out.push_back({"mean_interruptions", QObject::tr("Mean interruptions"),
                 text_of(format_count(m.mean_interruptions))});
  return out;
}

std::vector<FigureRow> checkpoint_rows(const RunResult& r) {
  const FailureFigures& f = r.failures;
  const double overhead =
      f.checkpoint_interval_s > 0.0 ? f.checkpoint_blocking_s / f.checkpoint_interval_s : 0.0;
  return {
      {"checkpoint_size", QObject::tr("Checkpoint size"),
       text_of(format_bytes(f.checkpoint_bytes))},
      {"checkpoint_write", QObject::tr("Write (to storage or peers)"),
       failure_duration(f.checkpoint_write_s)},
      {"checkpoint_blocking", QObject::tr("Training stopped per checkpoint"),
       failure_duration(f.checkpoint_blocking_s)},
      {"checkpoint_read", QObject::tr("Read back on a restart"),
       failure_duration(f.checkpoint_read_s)},
      {"checkpoint_interval", QObject::tr("Interval"), failure_duration(f.checkpoint_interval_s)},
      {"checkpoint_overhead", QObject::tr("Overhead (blocking / interval)"),
       fraction_percent(overhead)},
  };
}

}  // namespace wt::gui
