#pragma once
// The figures a golden scenario pins: a flat JSON object, "breakdown_fraction.compute" style keys.
#include <string>

#include <nlohmann/json.hpp>

#include "sim/report/run_result.hpp"

namespace wt::golden {

nlohmann::json key_figures(const RunResult& r);

// "" when `actual` matches `expected` (same keys; numbers within `rel_tol` relative, booleans
// equal); else one line per difference.
std::string compare_figures(const nlohmann::json& expected, const nlohmann::json& actual,
                            double rel_tol);

}  // namespace wt::golden
