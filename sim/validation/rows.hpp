#pragma once
// Validating one dataset row by its row_type. Internal to sim/validation; validate.cpp dispatches.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/validation/validate.hpp"

namespace wt::validation {

// training_throughput: the row as a scenario, run, compared on its first available metric.
// `overrides` are applied to the scenario document before it is parsed (validate --set).
ValidationRow validate_training_row(const nlohmann::json& row,
                                    const std::vector<std::string>& overrides = {});

// collective_benchmark: one entry per message size, the bus bandwidth from collective_cost.
// Of `overrides`, those under cluster.* apply to the row's cluster.
std::vector<ValidationRow> validate_collective_row(const nlohmann::json& row,
                                                   const std::vector<std::string>& overrides = {});

// The row with counts other sources write otherwise read into the fields the mapping takes
// (row_complete.cpp): seq_length "8k", a global batch "1M tokens", num_nodes for num_gpus, a
// global batch of micro-batch × accumulation × dp. Each reading is appended to `readings`.
nlohmann::json completed_row(const nlohmann::json& row, std::vector<std::string>& readings);

// A row that cannot be run, with the reason.
ValidationRow unexpressed_row(const nlohmann::json& row, std::string why_not);

}  // namespace wt::validation
