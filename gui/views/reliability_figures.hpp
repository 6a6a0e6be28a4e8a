#pragma once
// The figures of the Reliability tab, formatted as the CLI's summary formats them
// (sim/report/summary_text.hpp): the failures over the run (closed form), the Monte Carlo's
// distribution of the time to train and its cost, and what a checkpoint costs.
#include <QString>
#include <vector>

#include "gui/views/figure_table.hpp"
#include "sim/report/run_result.hpp"

namespace wt::gui {

// Why a result has no reliability figures ("" when it has them): no training.total_tokens (the
// closed form has no run to spread failures over) or no failure process at all.
QString no_reliability_reason(const wt::RunResult& r);

std::vector<FigureRow> failure_rows(const wt::RunResult& r);
// The Monte Carlo's figures; one "monte_carlo" row saying why when it did not run or was not asked.
// "ettr_p50" is T0 / the P50 time (the median run's ETTR), "ettr_p10" T0 / the P90 time.
std::vector<FigureRow> monte_carlo_rows(const wt::RunResult& r, bool priced);
// "checkpoint_overhead" is C / τ, the share checkpoint blocks add to the work (docs/models.md,
// "Time to train and failures": T0 · (1 + C/τ)).
std::vector<FigureRow> checkpoint_rows(const wt::RunResult& r);

}  // namespace wt::gui
