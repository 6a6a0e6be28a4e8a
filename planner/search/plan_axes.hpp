#pragma once
// Finding the axes of a plan document: lists of alternatives and range objects
// {"from": a, "to": b, "times": k} / {"from": a, "to": b, "step": d}.
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/search/plan_spec.hpp"

namespace wt {

// Replaces every list or range in `doc` by its first alternative and returns the axes, document
// axes first. Throws InputError for malformed ranges, empty lists and repeated values.
std::vector<Axis> extract_axes(nlohmann::json& doc);

// The values of a range object at `path` (exposed for tests).
std::vector<nlohmann::json> expand_range(const nlohmann::json& range, const std::string& path);

}  // namespace wt
