#pragma once
// The workload builder: a validated scenario → one Program per pipeline stage, every op with its
// FLOPs or bytes, in the order Megatron-LM issues them. Durations come later (costs.hpp).
#include "sim/scenario/scenario.hpp"
#include "sim/workload/program.hpp"

namespace wt {

Workload build_workload(const Scenario& s);

// How the layers are split over stages and chunks: even when they divide, else the remainder goes
// one layer each to the stages after the first (the first stage also holds the embedding).
std::vector<std::vector<int>> split_layers(int layers, int stages, int chunks);
// The scenario's split, with the embedding and loss slots of parallel.account_for_*
// (workload_sizes.hpp, chunk_layers).
std::vector<std::vector<int>> split_layers(const Scenario& s);

}  // namespace wt
