#pragma once
// RunResult ⇄ the `run --json` object (docs/cli.md, "The `run --json` contract").
#include <nlohmann/json.hpp>

#include "sim/report/run_result.hpp"

namespace wt {

nlohmann::json to_json(const RunResult& r);
// The same object with its keys in the order of the contract (for people reading `run --json`).
nlohmann::ordered_json to_ordered_json(const RunResult& r);

}  // namespace wt
