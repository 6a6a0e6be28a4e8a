#pragma once
// Validating one dataset row by its row_type. Internal to sim/validation; validate.cpp dispatches.
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/validation/validate.hpp"

namespace wt::validation {

// training_throughput: the row as a scenario, run, compared on its first available metric.
ValidationRow validate_training_row(const nlohmann::json& row);

// collective_benchmark: one entry per message size, the bus bandwidth from collective_cost.
std::vector<ValidationRow> validate_collective_row(const nlohmann::json& row);

// A row that cannot be run, with the reason.
ValidationRow unexpressed_row(const nlohmann::json& row, std::string why_not);

}  // namespace wt::validation
