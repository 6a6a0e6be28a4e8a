#pragma once
// The data-synchronisation figures of a run (DataSyncFigures in run_result.hpp): the parameter
// servers' NIC load, the stragglers' stretch and, under async, the gradient staleness.
#include <optional>

#include "sim/report/run_result.hpp"
#include "sim/scenario/scenario.hpp"

namespace wt {

// None under allreduce without step noise or slow nodes (the result then reads as before).
// `iteration_s` and `compute_s` are the timed step and its compute part.
std::optional<DataSyncFigures> data_sync_figures(const Scenario& s, double iteration_s,
                                                 double compute_s);

}  // namespace wt
